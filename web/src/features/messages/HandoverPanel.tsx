/**
 * The handover of a validated delivery, in the conversation (docs/decisions/0013): the copyright
 * assignment contract each side accepts with « J'accepte le contrat », and the documents each
 * may download (the contract, the talent's statement, the organiser's invoice).
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconFileCertificate, IconFileDownload } from '@tabler/icons-react';
import { formatDate, type HandoverDocument, type HandoverDto, type HandoverRole, HANDOVER } from '@creadefi/domain';
import { liveKeys } from '../../api/events';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { useAuthorisedDownload } from '../../ui/use-authorised-image';
import { acceptContract, useHandover } from './api';

const S = HANDOVER.screen;

function DownloadDocument({ kind, path, filename }: { kind: HandoverDocument; path: string; filename: string }) {
  const { busy, download } = useAuthorisedDownload(notifyError);
  return (
    <Button size="xs" variant="light" color="orange" onClick={() => download(path, filename)} disabled={busy} leftSection={busy ? <Loader size={14} color="orange" /> : <IconFileDownload size={15} aria-hidden />}>
      {S.download[kind]}
    </Button>
  );
}

/** The documents this viewer may download; used in the panel and in the files tab. */
export function HandoverDownloads({ handover }: { handover: HandoverDto }) {
  return (
    <Group gap="xs" wrap="wrap">
      {handover.documents.map((d) => (
        <DownloadDocument key={d.kind} kind={d.kind} path={d.path} filename={d.filename} />
      ))}
    </Group>
  );
}

function AcceptanceLine({ role, handover }: { role: HandoverRole; handover: HandoverDto }) {
  const who = role === 'organiser' ? S.organiser : S.talent;
  const accepted = handover.acceptances[role];
  return (
    <Text fz="sm" c={accepted ? 'teal.8' : 'dimmed'} data-testid={`acceptance-${role}`}>
      {accepted ? S.acceptedBy(who, formatDate(accepted.acceptedAt)) : S.notYetAcceptedBy(who)}
    </Text>
  );
}

export function HandoverPanel({ participationId }: { participationId: number }) {
  const query = useHandover(participationId, true);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const handover = query.data;
  if (!handover) return null;
  const mine = handover.viewerRole ? handover.acceptances[handover.viewerRole] : null;

  async function accept() {
    setBusy(true);
    try {
      const answer = await acceptContract(participationId);
      queryClient.setQueryData([...liveKeys.conversation(participationId), 'handover'], answer.results!.handover);
      notifySuccess(answer.message ?? HANDOVER.acceptedToast);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper component="section" aria-label={S.title} withBorder radius="md" p="md" m="md" data-testid="handover-panel">
      <Stack gap="xs">
        <Group gap={8} wrap="nowrap">
          <IconFileCertificate size={20} aria-hidden color="var(--mantine-color-orange-6)" />
          <Text fw={600}>{S.title}</Text>
        </Group>
        {!handover.ready ? (
          <Group gap="xs">
            <Loader size="xs" color="orange" />
            <Text fz="sm" c="dimmed">
              {S.preparing}
            </Text>
          </Group>
        ) : (
          <>
            {handover.viewerRole && !mine && <Text fz="sm">{S.acceptIntro}</Text>}
            <AcceptanceLine role="organiser" handover={handover} />
            <AcceptanceLine role="talent" handover={handover} />
            <Group gap="xs" wrap="wrap" mt={4}>
              {handover.viewerRole &&
                (mine ? (
                  <Button size="xs" variant="light" color="teal" leftSection={<IconCircleCheck size={15} aria-hidden />} disabled>
                    {S.accepted}
                  </Button>
                ) : (
                  <Button size="xs" variant="gradient" onClick={() => void accept()} loading={busy} leftSection={<IconCircleCheck size={15} aria-hidden />}>
                    {S.accept}
                  </Button>
                ))}
              <HandoverDownloads handover={handover} />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The files tab's section of handover documents. */
export function HandoverFiles({ participationId }: { participationId: number }) {
  const query = useHandover(participationId, true);
  if (!query.data?.ready) return null;
  return (
    <section aria-label={S.title} data-testid="handover-files">
      <Text fw={600} fz="sm" mb={6}>
        {S.title}
      </Text>
      <HandoverDownloads handover={query.data} />
    </section>
  );
}
