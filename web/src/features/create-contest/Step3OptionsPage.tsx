/**
 * Step 3 (docs/product.md §3 and §11): the paid options, toggled on and off, with the running minimum
 * price; at most one "retouche" and one "livraison" option (domain's toggleOption drops the
 * previous one of a family). The base offer and the prerequisites are only listed.
 */
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Alert, Button, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconClipboardList, IconInfoCircle } from '@tabler/icons-react';
import { exclusiveFamily, formatEuros, isValidOptionSelection, toggleOption, type ContestFormat, type OptionDto, CONTESTS, WIZARD } from '@creadefi/domain';
import { chosenOptions, minimumFor, paidOptions, stepPath, useDraftFor, type WizardDraft, type WizardState } from './draft';
import { DraftRecap } from './DraftRecap';
import { StepFrame } from './StepFrame';
import { FormatChoices } from './FormatChoices';
import { ChoiceCard } from './ChoiceCard';
import classes from './parts.module.css';

const FAMILIES = [
  { key: 'retouche', ...WIZARD.options.families.retouche },
  { key: 'livraison', ...WIZARD.options.families.livraison },
  { key: null, ...WIZARD.options.families.other },
] as const;

const byName = (a: OptionDto, b: OptionDto) => a.nom.localeCompare(b.nom, 'fr');

export default function Step3OptionsPage() {
  const draft = useDraftFor(3);
  if (!draft) return <Navigate to={stepPath(1)} replace />;
  return <OptionsStep draft={draft} />;
}

function OptionsStep({ draft }: { draft: WizardDraft }) {
  const navigate = useNavigate();
  const sub = draft.subCategory;
  const [selected, setSelected] = useState<OptionDto[]>(() => chosenOptions(draft));
  // Shown inside the family whose option was replaced, where the organiser is looking.
  const [notice, setNotice] = useState<{ family: string | null; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [format, setFormat] = useState<Partial<ContestFormat>>(() => draft.format ?? {});

  const minimum = minimumFor(sub, selected, format);
  const paid = paidOptions(sub);
  const baseOffer = sub.options.filter((o) => !o.isPayant && !o.isPrerequis).sort(byName);
  const prerequisites = sub.options.filter((o) => o.isPrerequis).sort(byName);

  function toggle(option: OptionDto) {
    const next = toggleOption(selected, option);
    const replaced = selected.find((o) => o.id !== option.id && !next.some((n) => n.id === o.id));
    setNotice(replaced ? { family: exclusiveFamily(option.nom), text: WIZARD.options.replaced(option.nom, replaced.nom) } : null);
    setError(null);
    setSelected(next);
  }

  const withOptions = (d: WizardDraft): WizardDraft => ({ ...d, optionIds: selected.map((o) => o.id), format });

  function next() {
    if (!isValidOptionSelection(selected)) {
      setError(CONTESTS.exclusiveOptions);
      return;
    }
    navigate(stepPath(4), { state: { draft: withOptions(draft) } satisfies WizardState });
  }

  return (
    <StepFrame
      title={CONTESTS.step3Title}
      intro={WIZARD.options.intro}
      aside={<DraftRecap sub={sub} brief={draft.brief} options={selected} format={format} minimum={minimum} />}
      actions={
        <>
          <Button variant="subtle" color="gray" leftSection={<IconArrowLeft size={18} />} onClick={() => navigate(stepPath(2), { state: { draft: withOptions(draft) } satisfies WizardState })}>
            {WIZARD.back}
          </Button>
          <Button size="md" variant="gradient" rightSection={<IconArrowRight size={18} />} onClick={next}>
            {WIZARD.next}
          </Button>
        </>
      }
    >
      <Stack gap="xl">
        <div className={classes.minimum} aria-live="polite">
          <div>
            <Text className={classes.minimumLabel}>{WIZARD.options.minimum}</Text>
            <Text size="sm" c="dimmed">
              {WIZARD.options.chosen(sub.title, selected.length)}
            </Text>
          </div>
          <Text className={classes.minimumValue} data-testid="minimum">
            {formatEuros(minimum)}
          </Text>
        </div>

        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}

        {FAMILIES.map((family) => {
          const options = paid.filter((o) => exclusiveFamily(o.nom) === family.key);
          if (options.length === 0) return null;
          return (
            <section key={family.title} aria-label={family.title}>
              <Group gap="xs" align="baseline" mb="sm">
                <Title order={2} fz="lg">
                  {family.title}
                </Title>
                <Text size="sm" c="dimmed">
                  {family.hint}
                </Text>
              </Group>
              {notice && notice.family === family.key && (
                <Alert color="orange" variant="outline" icon={<IconInfoCircle size={20} />} withCloseButton onClose={() => setNotice(null)} closeButtonLabel={WIZARD.options.hide} role="status" mb="sm" className={classes.notice}>
                  {notice.text}
                </Alert>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {options.map((o) => {
                  const checked = selected.some((s) => s.id === o.id);
                  return (
                    <ChoiceCard key={o.id} checked={checked} onToggle={() => toggle(o)} title={o.nom}>
                      <Text size="sm" className={classes.optionPrice}>
                        + {formatEuros(o.prix)}
                      </Text>
                    </ChoiceCard>
                  );
                })}
              </SimpleGrid>
            </section>
          );
        })}

        <FormatChoices value={format} onChange={setFormat} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {baseOffer.length > 0 && (
            <section className={classes.listBox} aria-label={WIZARD.options.baseOffer}>
              <Title order={2} fz="md" mb="xs">
                {WIZARD.options.baseOffer}
              </Title>
              <List spacing={6} size="sm" icon={<IconCheck size={16} className={classes.listIconOk} />}>
                {baseOffer.map((o) => (
                  <List.Item key={o.id}>{o.nom}</List.Item>
                ))}
              </List>
            </section>
          )}
          {prerequisites.length > 0 && (
            <section className={classes.listBox} aria-label={WIZARD.options.prerequisites}>
              <Title order={2} fz="md" mb="xs">
                {WIZARD.options.prerequisites}
              </Title>
              <List spacing={6} size="sm" icon={<IconClipboardList size={16} className={classes.listIcon} />}>
                {prerequisites.map((o) => (
                  <List.Item key={o.id}>{o.nom}</List.Item>
                ))}
              </List>
            </section>
          )}
        </SimpleGrid>
      </Stack>
    </StepFrame>
  );
}
