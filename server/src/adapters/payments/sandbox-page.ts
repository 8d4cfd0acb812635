/**
 * HTML of the sandbox's hosted payment page. Server-rendered, no script at all (the CSP
 * forbids inline scripts, and a payment page needs none); styles come from one stylesheet.
 */
import { formatEuros, SANDBOX_PAGE as T } from '@creadefi/domain';
import { SANDBOX_TEST_CARDS, type CardFormErrors, type HostedPayIn } from './sandbox';

export const SANDBOX_STYLESHEET_PATH = '/sandbox/sandbox.css';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(T.merchantName)}</title>
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<main class="card">
${body}
</main>
</body>
</html>`;
}

function summary(payIn: HostedPayIn): string {
  return `<dl class="summary">
<div><dt>${T.merchant}</dt><dd>${escapeHtml(T.merchantName)}</dd></div>
<div><dt>${T.amount}</dt><dd class="amount">${escapeHtml(formatEuros(payIn.amountCents))}</dd></div>
</dl>`;
}

function field(name: 'number' | 'expiry' | 'cvc', label: string, attrs: string, value: string, error?: string): string {
  const describedBy = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<div class="field">
<label for="${name}">${escapeHtml(label)}</label>
<input id="${name}" name="${name}" ${attrs} value="${escapeHtml(value)}"${describedBy} required>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

export function paymentFormPage(payIn: HostedPayIn, errors: CardFormErrors = {}, values: { number?: string; expiry?: string } = {}): string {
  const id = encodeURIComponent(payIn.id);
  const secret = encodeURIComponent(payIn.pageSecret);
  return layout(
    T.title,
    `<h1>${T.title}</h1>
<p class="notice">${escapeHtml(T.testNotice)}</p>
${summary(payIn)}
<form method="post" action="/sandbox/payin/${id}?secret=${secret}" novalidate>
${field('number', T.cardNumber, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 5678 9012 3456" maxlength="23"', values.number ?? '', errors.number)}
<div class="row">
${field('expiry', T.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" maxlength="7"', values.expiry ?? '', errors.expiry)}
${field('cvc', T.cvc, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" maxlength="4"', '', errors.cvc)}
</div>
<button type="submit">${T.pay}</button>
</form>
<p class="cancel"><a href="/sandbox/payin/${id}/cancel?secret=${secret}">${T.cancel}</a></p>
<section class="test-cards">
<h2>${T.testCardsTitle}</h2>
<ul>
<li><code>${SANDBOX_TEST_CARDS.succeeds}</code>\u00a0: ${T.testCardSucceeds}</li>
<li><code>${SANDBOX_TEST_CARDS.declined}</code>\u00a0: ${T.testCardDeclined}</li>
</ul>
</section>`,
  );
}

/** A page that can no longer be paid: expired, or withdrawn by the merchant. */
function closedPage(payIn: HostedPayIn, title: string, text: string): string {
  return layout(
    title,
    `<h1>${title}</h1>
${summary(payIn)}
<p>${escapeHtml(text)}</p>
<p><a class="button" href="${escapeHtml(payIn.returnUrl)}">${T.backToSite}</a></p>`,
  );
}

export const expiredPage = (payIn: HostedPayIn) => closedPage(payIn, T.expired, T.expiredText);
export const withdrawnPage = (payIn: HostedPayIn) => closedPage(payIn, T.withdrawn, T.withdrawnText);

export function processedPage(payIn: HostedPayIn): string {
  return layout(
    T.alreadyProcessed,
    `<h1>${T.alreadyProcessed}</h1>
${summary(payIn)}
<p><a class="button" href="${escapeHtml(payIn.returnUrl)}">${T.backToSite}</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout(T.notFound, `<h1>${escapeHtml(T.notFound)}</h1>`);
}

export const SANDBOX_STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f6f4f2;font-family:Jost,Futura,"Trebuchet MS",Arial,sans-serif;color:#2b2b2b}
.card{width:100%;max-width:440px;margin:24px;padding:28px;background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(0,0,0,.08)}
h1{margin:0 0 12px;font-size:1.4rem;color:#b0482b}
h2{font-size:1rem;margin:0 0 8px}
.notice{background:#fff4ef;border-left:4px solid #fd7f55;padding:10px 12px;font-size:.9rem;border-radius:6px}
.summary{display:grid;gap:6px;margin:16px 0}
.summary div{display:flex;justify-content:space-between}
.summary dt{color:#666}.summary dd{margin:0;font-weight:600}
.amount{font-size:1.2rem}
.field{display:flex;flex-direction:column;gap:4px;margin-bottom:12px;flex:1;min-width:0}
.row{display:flex;gap:12px}
label{font-size:.9rem}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #ccc;border-radius:8px}
input:focus{outline:2px solid #fd7f55;border-color:#fd7f55}
input[aria-invalid="true"]{border-color:#c92a2a}
.error{margin:0;color:#c92a2a;font-size:.85rem}
button,.button{display:inline-block;width:100%;padding:12px;border:0;border-radius:8px;background:#b0482b;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button:hover,.button:hover{background:#953b22}
.cancel{text-align:center;margin:12px 0}
.cancel a{color:#555}
.test-cards{margin-top:18px;padding-top:12px;border-top:1px solid #eee;font-size:.9rem}
.test-cards ul{margin:0;padding-left:18px}
code{font-family:ui-monospace,Menlo,Consolas,monospace}
`;
