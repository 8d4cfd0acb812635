import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type AdminMoneyDto, type AdminPayoutDto, type PromoCodeDto } from '@creadefi/domain';
import { makeUser, meRoute, stubApi } from '../../test/render';
import { renderAdminPage } from './test-utils';

const M = MESSAGES.admin.money;
/** As the page's text is matched: no-break spaces read as spaces. */
const txt = (s: string) => s.replace(/\s+/g, ' ');

function money(overrides: Partial<AdminMoneyDto['check']> = {}): AdminMoneyDto {
  return {
    check: { ok: true, violations: [], checkedAt: '2026-03-06T09:15:00.000Z', durationMs: 12, ...overrides },
    balances: {
      fees: 12_000,
      promotions: 6_000,
      escrow: { total: 54_000, byStatus: [{ status: 2, contests: 2, amount: 54_000 }] },
      wallets: 19_200,
      payins: 100_000,
      payouts: 20_800,
    },
    payouts: { pending: { count: 0, amount: 0 }, failed: { count: 1, amount: 19_200 } },
  };
}

const failed: AdminPayoutDto = {
  id: 8,
  status: 'failed',
  member: { id: 21, pseudo: 'hugo' },
  amount: 19_200,
  iban: 'FR76 •••• •••• •••• •••• •••0 189',
  createdAt: '2026-03-04T10:00:00.000Z',
  failureReason: 'IBAN clôturé',
  attempt: 0,
};

function promo(overrides: Partial<PromoCodeDto> = {}): PromoCodeDto {
  return {
    id: 5,
    code: 'BIENVENUE',
    percentOff: 20,
    amountOffCents: null,
    validUntil: '2030-12-31T23:00:00.000Z',
    maxUses: 100,
    uses: 3,
    createdAt: '2026-03-01T10:00:00.000Z',
    disabledAt: null,
    state: 'usable',
    ...overrides,
  };
}

function setup(overview = money()) {
  let codes = [promo()];
  const calls = stubApi({
    ...meRoute(makeUser({ isAdmin: true })),
    'GET /api/admin/money': () => ({ body: { results: overview } }),
    'GET /api/admin/payouts': (call) => ({ body: { results: { payouts: call.query.get('status') === 'failed' ? [failed] : [], page: 1, pageSize: 20, total: 1 } } }),
    'POST /api/admin/payouts/8/retry': () => ({ body: { message: M.payoutRetried('192 €'), results: { payout: { id: 8, status: 'succeeded', attempt: 1 } } } }),
    'GET /api/admin/promo-codes': () => ({ body: { results: { promoCodes: codes } } }),
    'POST /api/admin/promo-codes': (call) => {
      const body = call.body as { code: string };
      if (body.code === 'BIENVENUE') return { status: 409, body: { message: { message: MESSAGES.payments.promoCodeTaken, code: 409 } } };
      codes = [promo({ id: 6, code: body.code, percentOff: null, amountOffCents: 5_000, validUntil: null, maxUses: null, uses: 0 }), ...codes];
      return { status: 201, body: { message: MESSAGES.payments.promoCreated, results: { promoCode: codes[0] } } };
    },
    'POST /api/admin/promo-codes/5/disable': () => {
      codes = codes.map((c) => (c.id === 5 ? { ...c, state: 'disabled' as const, disabledAt: '2026-03-06T10:00:00.000Z' } : c));
      return { body: { message: M.promoDisabled, results: { promoCode: codes.find((c) => c.id === 5) } } };
    },
  });
  renderAdminPage('argent');
  return calls;
}

describe('MoneyTab', () => {
  it('shows a sound ledger in green and the balances in euros', async () => {
    setup();
    const verdict = await screen.findByTestId('ledger-verdict');
    expect(verdict).toHaveAttribute('data-ok', 'true');
    expect(within(verdict).getByText(txt(M.checkOk))).toBeInTheDocument();
    expect(within(verdict).getByText(/^Contrôle effectué le 06\/03\/2026 à \d\d:\d\d\.$/)).toBeInTheDocument();
    const balances = screen.getByRole('region', { name: M.balancesTitle });
    expect(within(balances).getByText(M.payins).nextSibling).toHaveTextContent(/^1\s000\s€$/);
    expect(within(balances).getByText(M.fees).nextSibling).toHaveTextContent(/^120\s€$/);
    expect(within(balances).getByText(/En cours\s: 540\s€ \(2 concours\)/)).toBeInTheDocument();
  });

  it('lists the differences of a broken ledger in red', async () => {
    setup(money({ ok: false, violations: [{ rule: 'stale_balance', message: 'Le solde enregistré de wallet:3 diffère.' }] }));
    const verdict = await screen.findByTestId('ledger-verdict');
    expect(verdict).toHaveAttribute('data-ok', 'false');
    expect(within(verdict).getByText(txt(M.checkFailed(1)))).toBeInTheDocument();
    expect(within(verdict).getByText('Le solde enregistré de wallet:3 diffère.')).toBeInTheDocument();
  });

  it('retries a failed pay-out after asking why', async () => {
    const calls = setup();
    const payouts = await screen.findByRole('region', { name: M.payoutsTitle });
    const row = (await within(payouts).findByText('hugo')).closest('tr')!;
    expect(within(row).getByText('FR76 •••• •••• •••• •••• •••0 189')).toBeInTheDocument();
    expect(within(row).getByText('IBAN clôturé')).toBeInTheDocument();
    expect(within(row).getByText('04/03/2026')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: /Relancer/ }));
    const dialog = await screen.findByRole('dialog', { name: M.retryTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await within(dialog).findByText(MESSAGES.admin.decisionReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison/ }), 'IBAN corrigé.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await screen.findByText(M.payoutRetried('192 €'))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/payouts/8/retry')?.body).toEqual({ reason: 'IBAN corrigé.' });
  });

  it('checks the promo form in French, creates a code, and disables one with a reason', async () => {
    const calls = setup();
    const form = await screen.findByRole('form', { name: M.promoCreateTitle });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Code/ }), 'a b');
    await userEvent.type(within(form).getByRole('textbox', { name: /Réduction \(%\)/ }), '150');
    await userEvent.type(within(form).getByRole('textbox', { name: /Valable jusqu/ }), '31/02/2030');
    await userEvent.click(within(form).getByRole('button', { name: M.promoCreate }));
    expect(await within(form).findByText(MESSAGES.payments.promoCodeFormat)).toBeInTheDocument();
    expect(within(form).getByText(M.promoPercentInvalid)).toBeInTheDocument();
    expect(within(form).getByText(M.promoDateInvalid)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/promo-codes')).toBe(false);

    // The server's refusal lands on its field.
    await userEvent.clear(within(form).getByRole('textbox', { name: /^Code/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /^Code/ }), 'bienvenue');
    await userEvent.click(within(form).getByRole('radio', { name: M.promoAmount }));
    await userEvent.type(within(form).getByRole('textbox', { name: /Réduction \(€\)/ }), '50');
    await userEvent.clear(within(form).getByRole('textbox', { name: /Valable jusqu/ }));
    await userEvent.click(within(form).getByRole('button', { name: M.promoCreate }));
    expect(await screen.findByText(MESSAGES.payments.promoCodeTaken)).toBeInTheDocument();

    await userEvent.clear(within(form).getByRole('textbox', { name: /^Code/ }));
    await userEvent.type(within(form).getByRole('textbox', { name: /^Code/ }), 'printemps');
    await userEvent.click(within(form).getByRole('button', { name: M.promoCreate }));
    expect(await screen.findByText(MESSAGES.payments.promoCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/admin/promo-codes' && (c.body as { code: string }).code === 'PRINTEMPS')?.body).toEqual({
      code: 'PRINTEMPS',
      percentOff: null,
      amountOffCents: 5_000,
      validUntil: null,
      maxUses: null,
    });
    const created = await screen.findByTestId('promo-PRINTEMPS');
    expect(within(created).getByText('50 €')).toBeInTheDocument();
    expect(within(created).getByText(M.promoUsesOf(0, null))).toBeInTheDocument();

    const row = screen.getByTestId('promo-BIENVENUE');
    expect(within(row).getByText('Jusqu’au 31/12/2030')).toBeInTheDocument();
    expect(within(row).getByText(M.promoUsesOf(3, 100))).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: `${M.disable} BIENVENUE` }));
    const dialog = await screen.findByRole('dialog', { name: M.disableTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison/ }), 'Code diffusé sur un forum.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await screen.findByText(M.promoDisabled)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/promo-codes/5/disable')?.body).toEqual({ reason: 'Code diffusé sur un forum.' });
    await waitFor(() => expect(within(screen.getByTestId('promo-BIENVENUE')).getByText(M.promoStates.disabled!)).toBeInTheDocument());
    expect(within(screen.getByTestId('promo-BIENVENUE')).queryByRole('button', { name: `${M.disable} BIENVENUE` })).not.toBeInTheDocument();
  });
});
