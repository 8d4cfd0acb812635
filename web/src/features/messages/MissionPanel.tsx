/**
 * A winner's mission in the conversation (docs/product.md §4): until the winner accepts it,
 * both sides read until when they may, the winner reads the organiser's requests and accepts
 * them, and once the 48 hours passed the organiser may choose another winner; once accepted,
 * both read when the final files are due. What each side may do comes from the server's
 * `can` flags.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconHourglass, IconReplace, IconTruckDelivery } from '@tabler/icons-react';
import { isAcceptanceOverdue, type ConversationDto, type MissionDto, WINNERS } from '@creadefi/domain';
import { liveKeys } from '../../api/events';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { onDemand } from '../../ui/on-demand';
import { acceptMission } from './api';
import classes from './conversation.module.css';

// Its list of candidates brings the combobox and its positioning, which the panel otherwise lacks.
const ReplaceWinnerDialog = onDemand(() => import('./ReplaceWinnerDialog').then((m) => ({ default: m.ReplaceWinnerDialog })));

const W = WINNERS.panel;

function Requests({ mission }: { mission: MissionDto }) {
  const { message, options } = mission.requests;
  return (
    <details className={classes.missionRequests}>
      <summary>{W.requestsTitle}</summary>
      <dl>
        <dt>{W.briefLabel}</dt>
        <dd>{message}</dd>
        <dt>{W.optionsLabel}</dt>
        <dd>{options.length > 0 ? <ul>{options.map((o) => <li key={o}>{o}</li>)}</ul> : W.noOptions}</dd>
      </dl>
    </details>
  );
}

function AcceptButton({ conversation }: { conversation: ConversationDto }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function accept() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await acceptMission(conversation.id);
      notifySuccess(answer.message ?? WINNERS.accepted);
      await queryClient.invalidateQueries({ queryKey: liveKeys.conversation(conversation.id) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size="xs" variant="gradient" loading={busy} leftSection={<IconCircleCheck size={15} aria-hidden />} onClick={() => void accept()}>
      {W.accept}
    </Button>
  );
}

function pendingText(conversation: ConversationDto, mission: MissionDto, overdue: boolean): { title: string; text: string } {
  const due = mission.acceptanceDueAt;
  const winner = conversation.role === 'participant';
  if (!due) return { title: W.pendingTitle, text: W.pendingNoDue };
  if (overdue) return { title: W.overdueTitle, text: winner ? W.overdueForWinner(due) : W.overdueForOrganiser(due) };
  return { title: W.pendingTitle, text: winner ? W.pendingForWinner(due) : W.pendingForOrganiser(due) };
}

export function MissionPanel({ conversation, now }: { conversation: ConversationDto; now: Date }) {
  const [replacing, setReplacing] = useState(false);
  const { mission } = conversation;
  if (!mission) return null;

  if (mission.acceptedAt) {
    if (conversation.finalSentAt || !mission.deliveryDueAt) return null;
    const late = new Date(mission.deliveryDueAt) <= now;
    return (
      <section className={classes.mission} data-tone={late ? 'late' : 'done'} aria-label={late ? W.deliveryLateTitle : W.acceptedTitle} data-testid="mission">
        <Group gap={10} wrap="nowrap" align="flex-start" className={classes.missionText}>
          {late ? <IconAlertTriangle size={18} aria-hidden /> : <IconTruckDelivery size={18} aria-hidden />}
          <Text fz="sm">
            <strong>{late ? W.deliveryLateTitle : W.acceptedTitle}</strong> · {late ? W.deliveryLate(mission.deliveryDueAt) : W.deliveryDue(mission.deliveryDueAt)}
          </Text>
        </Group>
        {/* Once the delivery is late, the dispute action (« Ouvrir un litige ») goes here, in a missionActions group as below. */}
      </section>
    );
  }

  const overdue = isAcceptanceOverdue(mission.acceptanceDueAt, now);
  const { title, text } = pendingText(conversation, mission, overdue);
  return (
    <section className={classes.mission} data-tone={overdue ? 'late' : 'pending'} aria-label={title} data-testid="mission">
      <Group gap={10} wrap="nowrap" align="flex-start" className={classes.missionText}>
        {overdue ? <IconAlertTriangle size={18} aria-hidden /> : <IconHourglass size={18} aria-hidden />}
        <div>
          <Text fz="sm">
            <strong>{title}</strong> · {text}
          </Text>
          {conversation.role === 'participant' && <Requests mission={mission} />}
        </div>
      </Group>
      <Group gap={8} className={classes.missionActions}>
        {conversation.can.acceptMission && <AcceptButton conversation={conversation} />}
        {conversation.can.replaceWinner && (
          <Button size="xs" variant="light" leftSection={<IconReplace size={15} aria-hidden />} onClick={() => setReplacing(true)}>
            {W.replace}
          </Button>
        )}
      </Group>
      {conversation.can.replaceWinner && (
        <ReplaceWinnerDialog opened={replacing} conversation={conversation} candidates={mission.candidates} onClose={() => setReplacing(false)} />
      )}
    </section>
  );
}
