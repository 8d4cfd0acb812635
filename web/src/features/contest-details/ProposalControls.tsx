/**
 * What a talent does with their own proposal: read the organiser's stars once the contest is
 * finalised, withdraw it or one of its files while the contest is open, reword a text
 * proposal until the end. The server decides; these controls only appear when it would agree.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Button, Group, Rating, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDeviceFloppy, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { authorSeesStars, FOLLOW_UP, formatNumber, mayChangeProposal, mayPropose, TEXT_PROPOSAL_MAX, type ContestDto, type FileDto, type ParticipationDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { LazyModal } from '../../ui/LazyModal';
import { LazyTooltip } from '../../ui/LazyTooltip';
import { contestDetailKey } from '../../api/contest';
import { participationKeys } from '../participate';
import { roundOf } from './contest-round';
import classes from './ProposalControls.module.css';

const F = FOLLOW_UP;

/** Withdrawing and rewording a proposal sent (`mayChangeProposal`: open, before its end date, a finalist during a final, not chosen). */
export function canChangeProposal(contest: ContestDto, participation: ParticipationDto | null, now: Date = new Date()): participation is ParticipationDto {
  return Boolean(participation?.isParticipating && mayChangeProposal('participant', roundOf(contest), participation, now));
}

/** What the withdraw dialog promises: another go only while the talent may still propose once it is done (`mayPropose`). */
function afterWithdrawal(contest: ContestDto, participation: ParticipationDto, now: Date = new Date()): string {
  const round = roundOf(contest);
  if (!mayPropose(round, participation.isFinalist, now)) return F.withdrawForGood;
  return round.finalRoundStartedAt ? F.withdrawAgainInFinal : F.withdrawAgain;
}

function useProposalMutation<T>(contestId: number, call: (input: T) => Promise<{ message?: string }>, after?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (answer.message) notifySuccess(answer.message);
      after?.();
    },
    onError: notifyError,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: participationKeys.mine(contestId) });
      await queryClient.invalidateQueries({ queryKey: contestDetailKey(contestId) });
    },
  });
}

function ConfirmModal({ opened, title, children, busy, onCancel, onConfirm }: { opened: boolean; title: string; children: ReactNode; busy: boolean; onCancel: () => void; onConfirm: () => void }) {
  const phone = useMediaQuery('(max-width: 40em)');
  return (
    <LazyModal opened={opened} onClose={onCancel} title={title} size="md" radius="lg" centered fullScreen={phone} styles={{ title: { fontWeight: 600, fontSize: 18 } }}>
      <Text c="dimmed" fz="sm">
        {children}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {F.cancel}
        </Button>
        <Button color="red" leftSection={<IconTrash size={16} />} loading={busy} onClick={onConfirm}>
          {F.withdrawConfirm}
        </Button>
      </Group>
    </LazyModal>
  );
}

/** The organiser's stars, once the contest is finalised (`authorSeesStars`). */
export function MyStars({ contest, participation }: { contest: ContestDto; participation: ParticipationDto | null }) {
  if (!participation?.isParticipating || !authorSeesStars(contest.status)) return null;
  return (
    <div className={classes.stars}>
      <Text fz="sm" fw={600}>
        {F.yourStars}
      </Text>
      {participation.stars > 0 ? (
        <>
          <Rating value={participation.stars} readOnly color="orange" aria-hidden />
          <Text fz="sm" c="dimmed">
            {F.starsOutOfFive(participation.stars)}
          </Text>
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          {F.notRated}
        </Text>
      )}
    </div>
  );
}

export function WithdrawProposalButton({ contest, participation }: { contest: ContestDto; participation: ParticipationDto }) {
  const [opened, setOpened] = useState(false);
  const withdraw = useProposalMutation(contest.id, () => api.post<never>('/participation/withdraw', { idParticipation: participation.id }), () => setOpened(false));
  return (
    <>
      <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={() => setOpened(true)}>
        {F.withdraw}
      </Button>
      <ConfirmModal opened={opened} title={F.withdrawTitle} busy={withdraw.isPending} onCancel={() => setOpened(false)} onConfirm={() => withdraw.mutate(undefined)}>
        {F.withdrawExplain} {afterWithdrawal(contest, participation)}
      </ConfirmModal>
    </>
  );
}

export function WithdrawFileButton({ contestId, participation, file, last }: { contestId: number; participation: ParticipationDto; file: FileDto; last: boolean }) {
  const [opened, setOpened] = useState(false);
  const withdraw = useProposalMutation(contestId, () => api.post<never>('/participation/file/withdraw', { idParticipation: participation.id, idFile: file.id }), () => setOpened(false));
  return (
    <>
      <LazyTooltip label={F.withdrawFile(file.filename)} withArrow>
        <ActionIcon className={classes.removeFile} variant="white" color="red" size="md" radius="xl" aria-label={F.withdrawFile(file.filename)} onClick={() => setOpened(true)}>
          <IconX size={16} />
        </ActionIcon>
      </LazyTooltip>
      <ConfirmModal opened={opened} title={F.withdrawFileTitle} busy={withdraw.isPending} onCancel={() => setOpened(false)} onConfirm={() => withdraw.mutate(undefined)}>
        {last ? F.withdrawLastFileExplain : F.withdrawFileExplain(file.filename)}
      </ConfirmModal>
    </>
  );
}

/** The text proposal, with "Modifier mon texte" turning it into a field until it is saved. */
export function EditableText({ contest, participation, children }: { contest: ContestDto; participation: ParticipationDto; children: ReactNode }) {
  const [draft, setDraft] = useState<string | null>(null);
  const save = useProposalMutation(contest.id, (inputText: string) => api.post<never>('/participation/update/text', { idParticipation: participation.id, inputText }), () => setDraft(null));
  if (draft === null) {
    return (
      <>
        {children}
        <div className={classes.footer}>
          <Button variant="light" size="xs" leftSection={<IconPencil size={14} />} onClick={() => setDraft(participation.inputText ?? '')}>
            {F.editText}
          </Button>
          <WithdrawProposalButton contest={contest} participation={participation} />
        </div>
      </>
    );
  }
  const trimmed = draft.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) save.mutate(trimmed);
      }}
    >
      <Textarea
        mt="md"
        label={F.editTextLabel}
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={12}
        maxLength={TEXT_PROPOSAL_MAX}
        error={trimmed ? undefined : F.textRequired}
        description={`${formatNumber(draft.length)} / ${formatNumber(TEXT_PROPOSAL_MAX)}`}
      />
      <div className={classes.footer}>
        <Button variant="default" size="xs" leftSection={<IconX size={14} />} onClick={() => setDraft(null)}>
          {F.cancel}
        </Button>
        <Button type="submit" size="xs" leftSection={<IconDeviceFloppy size={14} />} loading={save.isPending} disabled={!trimmed}>
          {F.save}
        </Button>
      </div>
    </form>
  );
}

export { classes as proposalControlClasses };
