/**
 * The account e-mails: plain text for every client plus a simple HTML version with inline
 * styles only (mail clients drop <style> blocks and external CSS). Texts come from domain/.
 */
import { durationInDays, durationInHours, formatDate, formatTime, MESSAGES } from '@creadefi/domain';
import { EMAIL_TOKEN_TTL_MS } from './email-tokens';
import type { Mail } from '../../adapters/mail/port';

const M = MESSAGES.auth.mail;
const BRAND = '#FD7F55';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Subjects are headers: a line break in user input must not start a new header. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t\v\f\u2028\u2029]+/g, ' ').trim();
}

export interface LinkMailParts {
  to: string;
  subject: string;
  /** Absent for a visitor, greeted without a name. */
  name?: string;
  intro: string;
  /** A notice with nothing to click has neither. */
  button?: string;
  link?: string;
  notes: string[];
}

export function linkMail(p: LinkMailParts): Mail {
  const greeting = p.name ? M.greeting(p.name) : M.greetingNoName;
  const text = [greeting, '', p.intro, '', ...(p.link ? [p.link, ''] : []), ...p.notes, '', M.signature, ''].join('\n');
  const action = p.link
    ? `<p style="margin:0 0 24px;text-align:center;"><a href="${escapeHtml(p.link)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">${escapeHtml(p.button ?? p.link)}</a></p>
`
    : '';
  const fallback = p.link
    ? `<p style="margin:16px 0 4px;color:#555;font-size:13px;">${escapeHtml(M.linkFallback)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all;"><a href="${escapeHtml(p.link)}" style="color:${BRAND};">${escapeHtml(p.link)}</a></p>
`
    : '';
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(p.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f6f6;font-family:Jost,Futura,'Trebuchet MS',Arial,sans-serif;color:#222;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f6f6;padding:24px 0;"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:${BRAND};padding:18px 24px;color:#ffffff;font-size:22px;font-weight:bold;">Créadéfi</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;">
<p style="margin:0 0 16px;">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px;">${escapeHtml(p.intro)}</p>
${action}${p.notes.map((n) => `<p style="margin:0 0 12px;color:#555;font-size:14px;">${escapeHtml(n)}</p>`).join('\n')}
${fallback}<p style="margin:0;">${escapeHtml(M.signature)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return { to: p.to, subject: p.subject, text, html, ...(p.link ? { link: p.link } : {}) };
}

export function verificationMail(to: string, name: string, link: string, reason: 'signup' | 'email-change' = 'signup'): Mail {
  const change = reason === 'email-change';
  return linkMail({
    to,
    name,
    link,
    subject: change ? M.emailChangeSubject : M.verifySubject,
    intro: change ? M.emailChangeIntro : M.verifyIntro,
    button: M.verifyButton,
    notes: [M.verifyValidity(durationInHours(EMAIL_TOKEN_TTL_MS[change ? 'email-change' : 'verify'])), M.verifyIgnore],
  });
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
  return linkMail({ to, name, link, subject: M.resetSubject, intro: M.resetIntro, button: M.resetButton, notes: [M.resetValidity(durationInHours(EMAIL_TOKEN_TTL_MS.reset)), M.resetIgnore] });
}

/** Instead of a reset link, to a suspended member: why there is none, and where to write. */
export function suspendedResetMail(to: string, name: string, contactLink: string, supportAddress: string): Mail {
  return linkMail({
    to,
    name,
    link: contactLink,
    subject: M.suspendedResetSubject,
    intro: M.suspendedResetIntro,
    button: M.suspendedResetButton,
    notes: [MESSAGES.auth.suspendedAskSupport, M.suspendedResetAddress(supportAddress), M.suspendedResetIgnore],
  });
}

/** To the address in force when another one is asked for: what changes, and how to undo it. */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string, undoLink: string, at: Date): Mail {
  return linkMail({
    to,
    name,
    link: undoLink,
    subject: M.emailChangeNoticeSubject,
    intro: M.emailChangeNoticeIntro(newEmail, formatDate(at), formatTime(at)),
    button: M.emailChangeUndoButton,
    notes: [M.emailChangeUndoValidity(durationInDays(EMAIL_TOKEN_TTL_MS['email-undo'])), M.emailChangeNoticeIgnore],
  });
}

/** To an address asked for by an account while another account already has it; nothing to click. */
export function emailInUseMail(to: string, name: string): Mail {
  return linkMail({ to, name, subject: M.emailInUseSubject, intro: M.emailInUseIntro, notes: [] });
}

export function passwordChangedMail(to: string, name: string, at: Date): Mail {
  return linkMail({ to, name, subject: M.passwordChangedSubject, intro: M.passwordChangedIntro(formatDate(at), formatTime(at)), notes: [M.passwordChangedIgnore] });
}
