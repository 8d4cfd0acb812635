import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros, MESSAGES, type AdminRefundRequestDto, type AdminReturnedPayInDto } from '@creadefi/domain';
import { makeUser, meRoute, stubApi } from '../../test/render';
import { withPlainSpaces } from '../../test/text';
import { renderAdminPage } from './test-utils';

const R = MESSAGES.refunds;
const T = MESSAGES.admin.page;

function request(overrides: Partial<AdminRefundRequestDto> = {}): AdminRefundRequestDto {
  return {
    id: 5,
    status: 'pending',
    message: 'Aucune idée retenue.',
    createdAt: '2026-03-20T10:00:00.000Z',
    contest: { id: 7, companyName: 'Boulangerie Dupain', costCents: 24_000, status: 3, extendedAt: '2026-03-12T10:00:00.000Z' },
    organiser: { id: 11, pseudo: 'claire' },
    refundableCents: 24_000,
    refundedCents: 0,
    refundedAt: null,
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

const returnedPayIns: AdminReturnedPayInDto[] = [
  { paymentId: 31, contest: { id: 9, companyName: 'Atelier Nuit' }, organiser: { id: 12, pseudo: 'louis' }, amountCents: 30_000, status: 'succeeded', createdAt: '2026-03-22T10:00:00.000Z', settledAt: '2026-03-22T10:00:05.000Z' },
];

function setup() {
  let requests = [request(), request({ id: 6, status: 'rejected', contest: { ...request().contest, id: 8, companyName: 'Café Lune' }, decisionReason: 'Des propositions conviennent.' })];
  const calls = stubApi({
    ...meRoute(makeUser({ isAdmin: true })),
    'GET /api/admin/refund-requests': () => ({ body: { results: { requests, returnedPayIns, page: 1, pageSize: 20, total: requests.length } } }),
    'POST /api/admin/refund-requests/5/approve': () => {
      requests = requests.map((r) =>
        r.id === 5 ? { ...r, status: 'approved' as const, decisionReason: 'Demande légitime.', refundableCents: 0, refundedCents: 24_000, refundedAt: '2026-03-21T10:00:00.000Z' } : r,
      );
      return { body: { message: R.requestApproved, results: { refundedCents: 24_000 } } };
    },
  });
  renderAdminPage('remboursements');
  return calls;
}

describe('RefundsTab', () => {
  it('lists the requests and approves one with a reason', async () => {
    const calls = setup();
    expect(await screen.findByRole('tab', { name: R.admin.tab })).toHaveAttribute('aria-selected', 'true');
    const card = await screen.findByRole('article', { name: R.admin.card('Boulangerie Dupain') });
    expect(within(card).getByText('claire')).toBeInTheDocument();
    expect(within(card).getByText('Aucune idée retenue.')).toBeInTheDocument();
    expect(within(card).getByText('20/03/2026')).toBeInTheDocument();
    const rejected = screen.getByRole('article', { name: R.admin.card('Café Lune') });
    expect(within(rejected).getByText(R.admin.status.rejected)).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: R.admin.approve })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: R.admin.approve }));
    const dialog = await screen.findByRole('dialog', { name: R.admin.approveTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await within(dialog).findByText(MESSAGES.admin.decisionReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Demande légitime.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(withPlainSpaces(R.requestApproved))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/refund-requests/5/approve')?.body).toEqual({ reason: 'Demande légitime.' });
    const approved = screen.getByRole('article', { name: R.admin.card('Boulangerie Dupain') });
    expect(await within(approved).findByText(R.admin.status.approved)).toBeInTheDocument();
  });

  it('an approved request shows what was refunded and when, not « À rembourser : 0 € »', async () => {
    setup();
    const card = await screen.findByRole('article', { name: R.admin.card('Boulangerie Dupain') });
    await userEvent.click(within(card).getByRole('button', { name: R.admin.approve }));
    const dialog = await screen.findByRole('dialog', { name: R.admin.approveTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Demande légitime.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    const approved = screen.getByRole('article', { name: R.admin.card('Boulangerie Dupain') });
    // A fact's label is followed by its colon.
    expect(await within(approved).findByText(`${R.admin.refundedOn} :`)).toBeInTheDocument();
    expect(within(approved).getByText(`${R.admin.refunded} :`)).toBeInTheDocument();
    expect(within(approved).getByText(withPlainSpaces(formatEuros(24_000)))).toBeInTheDocument();
    expect(within(approved).getByText('21/03/2026')).toBeInTheDocument();
    expect(within(approved).queryByText(`${R.admin.amount} :`)).not.toBeInTheDocument();
  });

  it('shows the pay-ins given back by themselves after their contest closed', async () => {
    setup();
    const card = await screen.findByRole('article', { name: R.admin.returned.card('Atelier Nuit') });
    expect(within(card).getByText(R.admin.returned.status.succeeded)).toBeInTheDocument();
    expect(within(card).getByText('louis')).toBeInTheDocument();
    expect(within(card).getByText(withPlainSpaces(formatEuros(30_000)))).toBeInTheDocument();
    expect(within(card).getAllByText('22/03/2026')).toHaveLength(2);
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });
});
