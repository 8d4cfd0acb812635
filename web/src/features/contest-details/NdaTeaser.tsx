/**
 * A private contest before its agreement is accepted (docs/product.md §3): what it pays and
 * until when, the agreement to read and accept, never the brief (the server does not send it).
 */
import { Button, Container, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { NDA_TEXT, formatDate, formatEuros, type ContestDto, CONTEST_SCREENS, FORMATS } from '@creadefi/domain';
import { GuaranteedPrize } from '../../ui/GuaranteedPrize';
import { useAcceptNda } from './formats-api';

const F = FORMATS;

export function NdaTeaser({ contest }: { contest: ContestDto }) {
  const accept = useAcceptNda(contest.id);
  return (
    <Container size="sm" py={48}>
      <Paper radius="xl" p="xl" withBorder component="section" aria-labelledby="nda-title">
        <Stack gap="md">
          <Title order={1} id="nda-title" fz="xl" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <IconLock size={22} aria-hidden />
            {F.ndaTitle} · {contest.subCategory.name}
          </Title>
          <Text>{F.ndaIntro}</Text>
          <Text fw={600} fz="lg">
            {CONTEST_SCREENS.card.gain} {formatEuros(contest.gain)}
            {contest.endDate && (
              <Text span c="dimmed" fz="sm" fw={400}>
                {' · '}
                {CONTEST_SCREENS.card.end} <time dateTime={contest.endDate}>{formatDate(contest.endDate)}</time>
              </Text>
            )}
          </Text>
          {contest.guaranteed && <GuaranteedPrize explained />}
          <ScrollArea.Autosize mah={220} type="auto">
            <Text component="blockquote" fz="sm" m={0} p="md" bg="gray.0" style={{ borderRadius: 12 }}>
              {NDA_TEXT}
            </Text>
          </ScrollArea.Autosize>
          <Button variant="gradient" size="md" onClick={() => accept.mutate()} loading={accept.isPending}>
            {F.ndaAccept}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
