import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { FORMAT_LABELS, PRIVATE_CONTEST_PRICE_CENTS, findCategory, formatEuros, gainCents, type BriefInput, type ContestFormat, type Format, type OptionDto, type SubCategoryDto, FORMATS, WIZARD } from '@creadefi/domain';
import { CategoryArt } from './CategoryArt';
import classes from './parts.module.css';

interface DraftRecapProps {
  sub: SubCategoryDto;
  brief?: BriefInput;
  /** The chosen paid options. */
  options?: readonly OptionDto[];
  /** The formats chosen (step 3). */
  format?: Partial<ContestFormat>;
  /** Running minimum, cents. */
  minimum?: number;
  /** Contest cost, cents. */
  cost?: number;
  title?: string;
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : 500} className={classes.amount}>
        {value}
      </Text>
    </Group>
  );
}

/** What the organiser has chosen so far, with the prices that follow from it. */
export function DraftRecap({ sub, brief, options = [], format = {}, minimum, cost, title = WIZARD.recap.title }: DraftRecapProps) {
  const F = FORMATS;
  const category = findCategory(sub.idCategory);
  return (
    <section className={classes.recap} aria-label={title}>
      <Text className={classes.recapTitle}>{title}</Text>
      <Group wrap="nowrap" gap="md" mt="sm">
        <CategoryArt idCategory={sub.idCategory} size="sm" />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} lh={1.25}>
            {sub.title}
          </Text>
          <Text size="sm" c="dimmed">
            {category?.title}
          </Text>
          <Badge variant="light" color="gray" size="sm" mt={4} radius="sm" tt="none" fw={500}>
            {FORMAT_LABELS[sub.format as Format] ?? WIZARD.recap.freeFormat}
          </Badge>
        </div>
      </Group>
      {brief?.companyName && (
        <Text size="sm" mt="md">
          <Text span c="dimmed" inherit>
            {WIZARD.recap.project}{' '}
          </Text>
          {brief.companyName}
        </Text>
      )}
      <Divider my="md" color="var(--cd-line)" />
      <Stack gap={8}>
        <Line label={WIZARD.recap.startPrice} value={formatEuros(sub.price)} />
        {options.map((o) => (
          <Line key={o.id} label={o.nom} value={`+ ${formatEuros(o.prix)}`} />
        ))}
        {format.isPrivate && <Line label={F.recapPrivate} value={`+ ${formatEuros(PRIVATE_CONTEST_PRICE_CENTS)}`} />}
        {format.proposalsOpen && <Line label={F.recapOpen} value={F.included} />}
        {format.hasFinalRound && <Line label={F.recapFinalRound} value={F.included} />}
        {minimum !== undefined && <Line label={WIZARD.recap.minimum} value={formatEuros(minimum)} strong />}
      </Stack>
      {cost !== undefined && (
        <>
          <Divider my="md" color="var(--cd-line)" />
          <Stack gap={8}>
            <Line label={WIZARD.recap.cost} value={formatEuros(cost)} strong />
            <Line label={WIZARD.recap.gain} value={formatEuros(gainCents(cost))} />
          </Stack>
        </>
      )}
    </section>
  );
}
