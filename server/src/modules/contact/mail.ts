/** The footer form's message to support; answering the mail answers the sender (docs/product.md §9). */
import { MESSAGES, type ContactInput } from '@creadefi/domain';
import type { Mail } from '../../adapters/mail/port';
import { escapeHtml, oneLine } from '../auth/mails';

const M = MESSAGES.auth.mail;
const BRAND = '#FD7F55';

export function contactMail(to: string, c: ContactInput): Mail {
  const objet = oneLine(c.objet);
  const subject = M.contactSubject(objet);
  const fields: [string, string][] = [
    [M.contactName, oneLine(c.name)],
    [M.contactEmail, c.email],
    [M.contactObjet, objet],
  ];
  const text = [M.contactIntro, '', ...fields.map(([k, v]) => `${k}\u00a0: ${v}`), '', c.message, '', '—', M.contactReply, ''].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,sans-serif;color:#222;font-size:15px;line-height:1.5;">
<p style="margin:0 0 16px;border-left:4px solid ${BRAND};padding-left:12px;">${escapeHtml(M.contactIntro)}</p>
<table role="presentation" cellpadding="4" cellspacing="0" style="margin:0 0 16px;">
${fields.map(([k, v]) => `<tr><td style="color:#555;">${escapeHtml(k)}</td><td><strong>${escapeHtml(v)}</strong></td></tr>`).join('\n')}
</table>
<div style="white-space:pre-wrap;background:#f6f6f6;border-radius:6px;padding:12px;">${escapeHtml(c.message)}</div>
<p style="margin:16px 0 0;color:#555;font-size:13px;">${escapeHtml(M.contactReply)}</p>
</body></html>`;
  return { to, subject, text, html, replyTo: c.email };
}
