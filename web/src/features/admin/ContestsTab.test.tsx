import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { formatEuros, MESSAGES, type AdminContestDetail, type AdminContestSummary } from '@creadefi/domain';
import { makeUser, meRoute, renderWithProviders, stubApi } from '../../test/render';
import AdminPage from './AdminPage';

const T = MESSAGES.adminContests.tab;

const summary: AdminContestSummary = {
  id: 42,
  companyName: 'Cidrerie Le Goff',
  status: 2,
  statusLabel: 'En cours',
  organiser: { id: 5, pseudo: 'yann', email: 'yann@example.com' },
  subCategory: 'Logo',
  costCents: 30_000,
  createdAt: '2026-03-01T10:00:00.000Z',
  endDate: '2026-03-08T10:00:00.000Z',
  participationsCount: 3,
  winnersCount: 0,
};

const detail: AdminContestDetail = {
  ...summary,
  paidAt: '2026-03-01T10:05:00.000Z',
  endedAt: null,
  finalisedAt: null,
  finishedAt: null,
  options: [{ name: 'Retouches illimitées', priceCents: 2_000 }],
  prizesPaid: 1,
  money: { paidInCents: 30_000, prizesCents: 30_000, promotionsCents: 0, feesCents: 0, creditedCents: 0, refundedCents: 0, heldCents: 30_000 },
  history: [
    { at: '2026-03-01T10:00:00.000Z', kind: 'created' },
    { at: '2026-03-01T10:05:00.000Z', kind: 'payment', status: 'succeeded', purpose: 'contest', amountCents: 30_000 },
    { at: '2026-03-02T09:00:00.000Z', kind: 'admin_action', action: 'contest.extend', pseudo: 'alice', reason: 'Demande de l’organisateur.' },
  ],
  canExtend: true,
  canAdvance: false,
};

function setup(extend: () => { status?: number; body: unknown } = () => ({ body: { message: MESSAGES.adminContests.extended('20/03/2026') } })) {
  const calls = stubApi({
    ...meRoute(makeUser({ isAdmin: true })),
    'GET /api/admin/contests': () => ({ body: { results: { contests: [summary], page: 1, pageSize: 20, total: 1 } } }),
    'GET /api/admin/contests/42': () => ({ body: { results: { contest: detail } } }),
    'POST /api/admin/contests/42/extend': extend,
    'POST /api/admin/contests/42/refund': () => ({ body: { message: 'Remboursé.' } }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminPage />} />
    </Routes>,
    { at: '/admin?onglet=concours', signedIn: true },
  );
  return calls;
}

describe('ContestsTab', () => {
  it('searches, opens a contest with its money in euros, its dates and its history, and extends it after asking why', async () => {
    const calls = setup();
    await userEvent.type(screen.getByRole('textbox', { name: T.search }), '42');
    await userEvent.click(screen.getByRole('button', { name: T.search }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/contests' && c.query.get('q') === '42')).toBe(true));
    const row = await screen.findByRole('article', { name: T.detailTitle('Cidrerie Le Goff', 42) });
    expect(within(row).getByText('yann (yann@example.com)')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: T.open }));

    const money = await screen.findByRole('region', { name: T.money });
    for (const label of [T.paidIn, T.prizes, T.held]) expect(money.textContent).toContain(`${label}\u00a0: ${formatEuros(30_000)}`);
    expect(money.textContent).toContain(`${T.fees}\u00a0: ${formatEuros(0)}`);
    const dates = screen.getByRole('region', { name: T.dates });
    expect(within(dates).getByText('08/03/2026')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: T.history });
    expect(within(history).getByText(/Paiement réussi \(création\) · 300/)).toBeInTheDocument();
    expect(within(history).getByText(/Concours prolongé \(alice\) · Demande de l’organisateur\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.advance })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: T.extend }));
    const dialog = await screen.findByRole('dialog', { name: T.extendTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Demande de l’organisateur.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await within(dialog).findByText(MESSAGES.adminContests.endDateRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/contests/42/extend')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(T.extendDate) }), '20/03/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await screen.findByText(MESSAGES.adminContests.extended('20/03/2026'))).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/api/admin/contests/42/extend')!.body as { endDate: string; reason: string };
    expect(sent.reason).toBe('Demande de l’organisateur.');
    // The day picked, at the hour the contest ends now.
    const end = new Date(sent.endDate);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([2026, 2, 20, new Date(summary.endDate!).getHours()]);
  });

  it('keeps the dialog open with the server’s refusal, and offers the refund', async () => {
    const calls = setup(() => ({ status: 400, body: { message: { message: MESSAGES.adminContests.endDateNotInFuture, code: 400 } } }));
    await userEvent.click(await screen.findByRole('button', { name: T.open }));
    await userEvent.click(await screen.findByRole('button', { name: T.extend }));
    const dialog = await screen.findByRole('dialog', { name: T.extendTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(T.extendDate) }), '20/03/2026');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Essai.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await within(dialog).findByText(MESSAGES.adminContests.endDateNotInFuture)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.cancel }));

    await userEvent.click(screen.getByRole('button', { name: T.refund }));
    const refund = await screen.findByRole('dialog', { name: T.refundTitle });
    await userEvent.type(within(refund).getByRole('textbox', { name: /Raison de la décision/ }), 'Concours en double.');
    await userEvent.click(within(refund).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/contests/42/refund')?.body).toEqual({ reason: 'Concours en double.' }));
  });
});
