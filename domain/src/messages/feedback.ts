/**
 * The organiser's private comment on a proposal and the reminder of proposals left without an
 * answer (docs/product.md §2 « Commentaires de l’organisateur »): refusals, the system message
 * the conversation receives, notifications, mails and the screens' texts.
 */
import { formatNumber } from '../numbers';

const q = (company: string) => `«\u00a0${company}\u00a0»`;
const proposalsWord = (n: number) => (n > 1 ? `${n} propositions` : 'Une proposition');

export const FEEDBACK = {
  // Refusals (server).
  organiserOnly: 'Seul l’organisateur du concours peut commenter ses propositions.',
  onlyWhileJudging: 'Les propositions ne se commentent que pendant le concours et jusqu’au choix des gagnants.',
  notAProposal: 'Cette participation ne contient aucune proposition à commenter.',
  withdrawnByTeam: 'Cette proposition a été retirée par l’équipe Créadéfi\u00a0: elle ne peut plus être commentée.',
  commentRequired: 'Merci d’écrire votre commentaire avant de l’envoyer.',
  commentTooLong: (max: number) => `Votre commentaire ne peut pas dépasser ${formatNumber(max)} caractères.`,
  saved: 'Votre commentaire a bien été envoyé au talent.',

  /** The system message of the proposal's conversation, each time the comment is written. */
  systemMessage: (n: number | null, text: string) => `Commentaire de l’organisateur sur votre proposition n°\u00a0${n ?? '—'}\u00a0: ${text}`,

  notifications: {
    comment: (company: string) => `L’organisateur du concours ${q(company)} a commenté votre proposition`,
    /** `delay` is written from the constant that sets it (« 48 heures »). */
    awaiting: (n: number, company: string, delay: string) =>
      `${proposalsWord(n)} ${n > 1 ? 'attendent' : 'attend'} votre avis depuis plus de ${delay} sur ${q(company)}\u00a0: notez-${n > 1 ? 'les' : 'la'} ou commentez-${n > 1 ? 'les' : 'la'}.`,
  },
  // Screens (web).
  title: 'Commentaire privé',
  hint: 'Seul le talent qui a envoyé cette proposition le lira, sur la page du concours et dans votre conversation. Un nouvel envoi remplace le précédent.',
  label: 'Votre commentaire au talent',
  placeholder: 'Ce qui vous plaît, ce qui manque…',
  send: 'Envoyer le commentaire',
  update: 'Remplacer le commentaire',
  open: 'Commenter',
  openLabel: (n: number | null) => `Commenter la proposition n°\u00a0${n ?? '—'}`,
  commented: 'Commentée',
  count: (length: number, max: number) => `${formatNumber(length)} / ${formatNumber(max)}`,
  sentOn: (date: string) => `Envoyé le ${date}`,
  yourComment: 'Le commentaire de l’organisateur',
  awaitingColumn: 'Sans réponse',
  awaitingBadge: (n: number) => (n > 1 ? `${n} propositions sans réponse` : `${n} proposition sans réponse`),
  noneAwaiting: 'Aucune proposition sans réponse',
} as const;
