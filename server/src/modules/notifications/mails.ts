/** The mails of the moments that matter, in the account mails' layout, each with its way out. */
import { MESSAGES, type MailKind } from '@creadefi/domain';
import type { Mail } from '../../adapters/mail/port';
import { linkMail, oneLine } from '../auth/mails';

const M = MESSAGES.followUp.mails;

export interface NoticeMail {
  kind: MailKind;
  to: string;
  name: string;
  /** The notification's own text; the new-proposal mail counts them instead. */
  text: string;
  /** Null when there is no contest, or when the recipient may not read it (a private contest before its agreement). */
  companyName: string | null;
  /** Proposals a grouped new-proposal mail covers. */
  count: number;
  /** Absolute link of the page the mail opens. */
  link: string;
  /** Absolute link of « Mon profil », where the mail is switched off. */
  profileLink: string;
}

function subjectOf(n: NoticeMail): string {
  const company = oneLine(n.companyName ?? '');
  switch (n.kind) {
    case 'newProposal':
      return M.subjects.newProposal(company);
    case 'chosenWinner':
      return M.subjects.chosenWinner(company);
    case 'finalFilesReceived':
      return M.subjects.finalFilesReceived(company);
    case 'prizeCredited':
      return M.subjects.prizeCredited;
    case 'payoutSent':
      return M.subjects.payoutSent;
    case 'proposalComment':
      return M.subjects.proposalComment(company);
    case 'proposalsAwaiting':
      return M.subjects.proposalsAwaiting(company);
    case 'contestInvitation':
      return n.companyName === null ? M.subjects.contestInvitationPrivate : M.subjects.contestInvitation(company);
  }
}

export function noticeMail(n: NoticeMail): Mail {
  const intro = n.kind === 'newProposal' ? M.newProposals(n.count, n.companyName ?? '') : n.text;
  return linkMail({ to: n.to, name: n.name, subject: subjectOf(n), intro, button: M.buttons[n.kind], link: n.link, notes: [M.optOut(n.profileLink)] });
}
