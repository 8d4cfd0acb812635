/** What the messaging screens compute from the data: previews, times, day groups and the status button (docs/product.md §11). */
import { CONTEST_STATUS, contestStatusLabel, formatDate, formatTime, formatTimeLeft, MESSAGE_PREVIEW, MESSAGING, messageDenial, PARTICIPATIONS, truncate, type ConversationDto, type MessageDto } from '@creadefi/domain';
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

const DAY_MONTH = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long' });

/** "Aujourd'hui", "12 novembre", "1er mars"; the year is added when it is not the current one. */
export function dayLabel(value: string | Date, now: Date = new Date()): string {
  const date = new Date(value);
  if (sameDay(date, now)) return MESSAGING.today;
  const day = date.getDate() === 1 ? `1er ${DAY_MONTH.formatToParts(date).find((p) => p.type === 'month')?.value ?? ''}` : DAY_MONTH.format(date);
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
 * The status button of a conversation (docs/product.md §11): its text follows the contest's status and
 * the viewer's side; at status 4 it opens the final-file step of that side, elsewhere it
 * leads to the contest (the organiser's proposals page, the talent's contest details).
 */
export function statusAction(c: Pick<ConversationDto, 'role' | 'isWinner' | 'concour'>, now: Date = new Date()): StatusAction {
  const organiser = c.role === 'organiser';
  const to = organiser ? paths.proposals(c.concour.id) : paths.contestDetails(c.concour.id);
  const { status, endDate } = c.concour;
  const B = MESSAGING.statusButton;
  switch (status) {
    case CONTEST_STATUS.open:
      return { kind: 'link', to, label: endDate ? B.open(formatTimeLeft(endDate, now)) : contestStatusLabel(status) };
    case CONTEST_STATUS.awaitingWinner:
      return { kind: 'link', to, label: B.awaitingWinner };
    case CONTEST_STATUS.awaitingFinalFiles:
      if (organiser) return c.isWinner ? { kind: 'validate', label: B.organiserFinal } : { kind: 'link', to, label: B.organiserFinal };
      return c.isWinner ? { kind: 'upload', label: B.talentFinal } : { kind: 'link', to, label: B.talentNotChosen };
    case CONTEST_STATUS.finished:
      return { kind: 'link', to, label: B.finished };
    default:
      return { kind: 'link', to, label: contestStatusLabel(status) };
  }
}

/** Why the composer is closed, in the words the server uses (`messageDenial`). */
export function sendRefusal(c: Pick<ConversationDto, 'role' | 'isWinner' | 'concour'>): string {
  return MESSAGING[messageDenial(c.role, c.concour.status, c.isWinner) ?? 'notAllowedNow'];
}
