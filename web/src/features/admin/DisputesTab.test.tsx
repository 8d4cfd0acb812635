import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type AdminDisputeDto } from '@creadefi/domain';
import { makeUser, meRoute, stubApi } from '../../test/render';
import { withPlainSpaces } from '../../test/text';
import { renderAdminPage } from './test-utils';

const A = MESSAGES.disputes.admin;

function dispute(overrides: Partial<AdminDisputeDto> = {}): AdminDisputeDto {
  return {
    id: 5,
    status: 'open',
    reason: 'Les fichiers ne suivent pas le brief.',
    openedAt: '2026-03-05T10:00:00.000Z',
    openedBy: { id: 12, pseudo: 'marc', side: 'organiser' },
    participationId: 40,
    contest: { id: 7, companyName: 'Boulangerie Dupain', status: 4, costCents: 30000 },
    organiser: { id: 12, pseudo: 'marc' },
    winner: { id: 11, pseudo: 'lea' },
    delivery: { dueAt: '2026-03-10T10:00:00.000Z', finalSentAt: '2026-03-04T10:00:00.000Z', validatedAt: null },
    outcome: null,
    resolutionReason: null,
    resolvedAt: null,
    extraDays: null,
    ...overrides,
  };
}

function setup(resolveAnswer?: () => { status?: number; body: unknown }) {
  let open = [dispute()];
  const calls = stubApi({
    ...meRoute(makeUser({ isAdmin: true })),
    'GET /api/admin/reports': { body: { results: { reports: [], page: 1, pageSize: 20, total: 0 } } },
    'GET /api/admin/disputes': (call) => {
      const list = call.query.get('status') === 'resolved' ? [dispute({ id: 6, status: 'resolved', outcome: 'more_time', extraDays: 5, resolutionReason: 'Le brief a changé.', resolvedAt: '2026-03-06T10:00:00.000Z' })] : open;
      return { body: { results: { disputes: list, page: 1, pageSize: 20, total: list.length } } };
    },
    'POST /api/admin/disputes/5/resolve': () => {
      const answer = resolveAnswer?.() ?? { body: { message: A.resolved } };
      if (!answer.status) open = [];
      return answer;
    },
  });
  renderAdminPage('litiges');
  return calls;
}

describe('the disputes tab', () => {
  it('shows each open dispute with its facts and settles it with more time after asking why', async () => {
    const calls = setup();
    const card = await screen.findByRole('article', { name: `${A.tab} 5` });
    expect(within(card).getByText('Boulangerie Dupain (n° 7)')).toBeInTheDocument();
    expect(within(card).getByText('lea')).toBeInTheDocument();
    expect(within(card).getByText('Les fichiers ne suivent pas le brief.')).toBeInTheDocument();
    expect(within(card).getByText(`${A.deliveryDue('10/03/2026')}, ${A.finalSent('04/03/2026')}`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: A.conversation })).toHaveAttribute('href', '/messages/40');

    await userEvent.click(within(card).getByRole('button', { name: A.resolve }));
    const dialog = await screen.findByRole('dialog', { name: A.resolveTitle });
    await userEvent.click(within(dialog).getByRole('radio', { name: A.outcomeChoices.more_time }));
    const days = within(dialog).getByRole('textbox', { name: A.extraDays });
    await userEvent.clear(days);
    await userEvent.type(days, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await within(dialog).findByText(MESSAGES.admin.decisionReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Le brief a changé.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/admin/disputes/5/resolve')?.body).toEqual({ outcome: 'more_time', reason: 'Le brief a changé.', extraDays: 5 }));
    expect(await screen.findByText(A.none)).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s refusal', async () => {
    setup(() => ({ status: 409, body: { message: { message: MESSAGES.disputes.noFinalFiles, code: 409 } } }));
    await userEvent.click(within(await screen.findByRole('article', { name: `${A.tab} 5` })).getByRole('button', { name: A.resolve }));
    const dialog = await screen.findByRole('dialog', { name: A.resolveTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Conforme.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(withPlainSpaces(MESSAGES.disputes.noFinalFiles));
  });

  it('lists the settled ones with their decision', async () => {
    setup();
    await screen.findByRole('article', { name: `${A.tab} 5` });
    await userEvent.click(screen.getByRole('button', { name: A.filterResolved }));
    const card = await screen.findByRole('article', { name: `${A.tab} 6` });
    expect(within(card).getByText(`${A.outcomeChoices.more_time} — Le brief a changé.`)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: A.resolve })).not.toBeInTheDocument();
  });
});
