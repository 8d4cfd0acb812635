import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type AdminActionDto, type AdminReportDto } from '@creadefi/domain';
import { makeUser, meRoute, stubApi } from '../../test/render';
import { renderAdminPage } from './test-utils';

const T = MESSAGES.admin.page;

function report(overrides: Partial<AdminReportDto> = {}): AdminReportDto {
  return {
    id: 3,
    status: 'open',
    reason: 'plagiarism',
    text: 'Copie d’un logo connu',
    createdAt: '2026-03-05T10:00:00.000Z',
    participation: { id: 40, number: 2, previewFileId: 90 },
    contest: { id: 7, companyName: 'Boulangerie Dupain' },
    author: { id: 11, pseudo: 'lea', suspended: false },
    reporter: { id: 12, pseudo: 'marc' },
    resemblance: null,
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

const action: AdminActionDto = {
  id: 1,
  admin: { id: 1, pseudo: 'alice' },
  action: 'report.dismiss',
  targetType: 'report',
  targetId: 3,
  reason: 'Création originale.',
  details: {},
  createdAt: '2026-03-06T09:00:00.000Z',
};

function setup({ isAdmin = true, dismiss = () => ({ body: { message: MESSAGES.admin.reportDismissed } }) }: { isAdmin?: boolean; dismiss?: () => { status?: number; body: unknown } } = {}) {
  let reports = [report(), report({ id: 4, status: 'dismissed', reason: 'other', text: null, decisionReason: 'Rien à redire.' })];
  const calls = stubApi({
    ...meRoute(makeUser({ isAdmin })),
    'GET /api/admin/reports': () => ({ body: { results: { reports, page: 1, pageSize: 20, total: reports.length } } }),
    'GET /api/admin/actions': () => ({ body: { results: { actions: [action], page: 1, pageSize: 20, total: 1 } } }),
    'POST /api/admin/reports/3/dismiss': () => {
      const answer = dismiss();
      if (!answer.status) reports = reports.map((r) => (r.id === 3 ? { ...r, status: 'dismissed' as const, decisionReason: 'Création originale.' } : r));
      return answer;
    },
    'POST /api/admin/reports/3/withdraw': () => {
      reports = reports.map((r) => (r.id === 3 ? { ...r, status: 'withdrawn' as const, decisionReason: 'Copie manifeste.' } : r));
      return { body: { message: MESSAGES.admin.proposalWithdrawn } };
    },
    'GET /api/files/90/preview': { status: 404, body: {} },
  });
  renderAdminPage();
  return calls;
}

describe('AdminPage', () => {
  it('shows each report with its facts, dismisses it with a reason, and lists the journal', async () => {
    const calls = setup();
    const card = await screen.findByRole('article', { name: `${T.reportsTab} 3` });
    expect(within(card).getByText('Boulangerie Dupain (n° 7)')).toBeInTheDocument();
    expect(within(card).getByText('lea')).toBeInTheDocument();
    expect(within(card).getByText('marc')).toBeInTheDocument();
    expect(within(card).getByText('Plagiat ou copie')).toBeInTheDocument();
    expect(within(card).getByText('Copie d’un logo connu')).toBeInTheDocument();
    expect(within(card).getByText('05/03/2026')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Aperçu de la proposition n° 2' })).toBeInTheDocument();
    // A decided report has no action left.
    const decided = screen.getByRole('article', { name: `${T.reportsTab} 4` });
    expect(within(decided).getByText('Classé sans suite')).toBeInTheDocument();
    expect(within(decided).queryByRole('button', { name: T.dismiss })).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: T.dismiss }));
    const dialog = await screen.findByRole('dialog', { name: T.dismissTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await within(dialog).findByText(MESSAGES.admin.decisionReasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/reports/3/dismiss')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Création originale.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(MESSAGES.admin.reportDismissed)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/reports/3/dismiss')?.body).toEqual({ reason: 'Création originale.' });
    await waitFor(() => expect(within(screen.getByRole('article', { name: `${T.reportsTab} 3` })).queryByRole('button', { name: T.dismiss })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('tab', { name: T.journalTab }));
    const row = (await screen.findByText('Signalement classé sans suite')).closest('tr')!;
    expect(within(row).getByText('06/03/2026')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    expect(within(row).getByText('Signalement n° 3')).toBeInTheDocument();
    expect(within(row).getByText('Création originale.')).toBeInTheDocument();
  });

  it('withdraws a proposal after asking why', async () => {
    const calls = setup();
    const card = await screen.findByRole('article', { name: `${T.reportsTab} 3` });
    await userEvent.click(within(card).getByRole('button', { name: T.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: T.withdrawTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Copie manifeste.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(MESSAGES.admin.proposalWithdrawn)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/reports/3/withdraw')?.body).toEqual({ reason: 'Copie manifeste.' });
    expect(await within(screen.getByRole('article', { name: `${T.reportsTab} 3` })).findByText('Proposition retirée')).toBeInTheDocument();
  });

  it('says so when another admin decided first', async () => {
    setup({ dismiss: () => ({ status: 409, body: { message: { message: MESSAGES.admin.reportAlreadyDecided, code: 409 } } }) });
    const card = await screen.findByRole('article', { name: `${T.reportsTab} 3` });
    await userEvent.click(within(card).getByRole('button', { name: T.dismiss }));
    const dialog = await screen.findByRole('dialog', { name: T.dismissTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Sans objet.');
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await screen.findByText(MESSAGES.admin.reportAlreadyDecided)).toBeInTheDocument();
  });

  it('sends a member who is not an admin home', async () => {
    const calls = setup({ isAdmin: false });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });
});
