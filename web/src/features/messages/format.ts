/** What the messaging screens compute from the data: previews, times, day groups and the status button (docs/product.md §11). */
import { CONTEST_STATUS, contestStatusLabel, finalFileDenial, formatDate, formatDayMonth, formatTime, formatTimeLeft, MESSAGE_PREVIEW, MESSAGING, messageDenial, PARTICIPATIONS, truncate, validationDenial, type ConversationDto, type MessageDto, type Party } from '@creadefi/domain';
import { paths } from '../../app/paths';

/** The last message cut to 25 characters plus "…" (docs/product.md §11). */
export function previewOf(text: string): string {
  return truncate(text.replace(/\s+/g, ' ').trim(), MESSAGE_PREVIEW);
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** HH:MM for today, the date otherwise: a time alone would be ambiguous for an older message. */
export function timeOrDate(value: string, now: Date = new Date()): string {
  const date = new Date(value);
  return sameDay(date, now) ? formatTime(date) : formatDate(date);
}

/** "Aujourd'hui", "12 novembre", "1er mars"; the year is added when it is not the current one. */
export function dayLabel(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  if (sameDay(date, now)) return MESSAGING.today;
  const day = formatDayMonth(date);
  return date.getFullYear() === now.getFullYear() ? day : `${day} ${date.getFullYear()}`;
}

export interface DayGroup {
  key: string;
  label: string;
  messages: MessageDto[];
}

/** Messages in order, cut into days (local time). */
export function groupByDay(messages: readonly MessageDto[], now: Date = new Date()): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const date = new Date(message.createdAt);
    const key = `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(message);
    else groups.push({ key, label: dayLabel(date, now), messages: [message] });
  }
  return groups;
}

export const counterpartName = (pseudo: string | null | undefined) => pseudo || PARTICIPATIONS.anonymous;

export type StatusAction = { label: string; kind: 'link'; to: string } | { label: string; kind: 'validate' } | { label: string; kind: 'upload' };

/**
 * The status button of a conversation (docs/product.md §11): at status 4 it opens the
 * final-file step of the side the rules give one to (`finalFileDenial`, `validationDenial`),
 * elsewhere it leads to the contest (the organiser's proposals page, the talent's contest
 * details) under a text that follows the status. The step is asked of the rules as if files
 * were sent and not yet validated: whether they are is said by the dialog the button opens,
 * in the server's words.
 */
export function statusAction(c: Pick<ConversationDto, 'role' | 'isWinner' | 'concour'>, now: Date = new Date()): StatusAction {
  const B = MESSAGING.statusButton;
  const { role, isWinner } = c;
  const { status, endDate } = c.concour;
  const step = { isWinner, sent: true, validated: false };
  if (finalFileDenial(role, status, step) === null) return { kind: 'upload', label: B.talentFinal };
  if (validationDenial(role, status, step) === null) return { kind: 'validate', label: B.organiserFinal };
  const to = role === 'organiser' ? paths.proposals(c.concour.id) : paths.contestDetails(c.concour.id);
  return { kind: 'link', to, label: linkLabel(role, status, endDate, now) };
}

function linkLabel(role: Party, status: number, endDate: string | null, now: Date): string {
  const B = MESSAGING.statusButton;
  switch (status) {
    case CONTEST_STATUS.open:
      return endDate ? B.open(formatTimeLeft(endDate, now)) : contestStatusLabel(status);
    case CONTEST_STATUS.awaitingWinner:
      return B.awaitingWinner;
    case CONTEST_STATUS.awaitingFinalFiles:
      // The final-file step went to the winner's side: the others only see where it stands.
      return role === 'organiser' ? B.organiserFinal : B.talentNotChosen;
    case CONTEST_STATUS.finished:
      return B.finished;
    default:
      return contestStatusLabel(status);
  }
}

/** Why the composer is closed, in the words the server uses (`messageDenial`). */
export function sendRefusal(c: Pick<ConversationDto, 'role' | 'isWinner' | 'concour'>): string {
  return MESSAGING[messageDenial(c.role, c.concour.status, c.isWinner) ?? 'notAllowedNow'];
}
