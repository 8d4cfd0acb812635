import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { MESSAGES, type AdminMemberDetail, type AdminMemberSummary, type AdminReportDto } from '@creadefi/domain';
import { RequireAdmin } from '../../app/guards';
import { callsTo, makeUser, meRoute, renderWithProviders, stubApi } from '../../test/render';
import AdminPage from './AdminPage';

const M = MESSAGES.admin.members;

const lea: AdminMemberSummary = {
  id: 11,
  pseudo: 'lea',
  email: 'lea.martin@exemple.fr',
  firstName: 'Léa',
  lastName: 'Martin',
  isAdmin: false,
  suspendedAt: null,
  createdAt: '2026-01-15T10:00:00.000Z',
};

function detail(member: AdminMemberSummary): AdminMemberDetail {
  return {
    member: { ...member, statut: 0, suspensionReason: member.suspendedAt ? 'Copies répétées.' : null },
    walletCents: 12_000,
    contests: [],
    contestsTotal: 0,
    proposals: [
      {
        id: 40,
        contest: { id: 7, companyName: 'Boulangerie Dupain', status: 2 },
        number: 2,
        isParticipating: !member.suspendedAt,
        isWinner: false,
        withdrawnByTeam: false,
        hiddenBySuspension: Boolean(member.suspendedAt),
        createdAt: '2026-03-01T10:00:00.000Z',
      },
    ],
    proposalsTotal: 1,
    reportsAgainst: [
      { id: 3, status: 'open', reason: 'plagiarism', createdAt: '2026-03-05T10:00:00.000Z', participation: { id: 40, number: 2 }, contest: { id: 7, companyName: 'Boulangerie Dupain' }, other: { id: 12, pseudo: 'marc' } },
    ],
    reportsAgainstTotal: 1,
    reportsMade: [],
    reportsMadeTotal: 0,
  };
}

const report: AdminReportDto = {
  id: 3,
  status: 'open',
  reason: 'plagiarism',
  text: null,
  createdAt: '2026-03-05T10:00:00.000Z',
  participation: { id: 40, number: 2, previewFileId: null },
  contest: { id: 7, companyName: 'Boulangerie Dupain' },
  author: { id: 11, pseudo: 'lea', suspended: false },
  reporter: { id: 12, pseudo: 'marc' },
  resemblance: null,
  decidedAt: null,
  decisionReason: null,
};

function setup(at = '/admin?onglet=membres') {
  let member = lea;
  const calls = stubApi({
    ...meRoute(makeUser({ isAdmin: true })),
    'GET /api/admin/members': ({ query }) => {
      const q = (query.get('q') ?? '').toLowerCase();
      const members = [member].filter((m) => m.pseudo.startsWith(q) || m.email.startsWith(q));
      return { body: { results: { members, page: 1, pageSize: 20, total: members.length } } };
    },
    'GET /api/admin/members/11': () => ({ body: { results: detail(member) } }),
    'POST /api/admin/members/11/suspend': () => {
      member = { ...member, suspendedAt: '2026-03-06T09:00:00.000Z' };
      return { body: { message: M.suspended } };
    },
    'POST /api/admin/members/11/reinstate': () => {
      member = { ...member, suspendedAt: null };
      return { body: { message: M.reinstated } };
    },
    'GET /api/admin/reports': () => ({ body: { results: { reports: [{ ...report, author: { ...report.author, suspended: member.suspendedAt !== null } }], page: 1, pageSize: 20, total: 1 } } }),
  });
  renderWithProviders(
    <Routes>
      <Route
        path="/admin"
        element={
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        }
      />
    </Routes>,
    { at, signedIn: true },
  );
  return calls;
}

describe('the « Membres » tab', () => {
  it('finds a member, shows their file, suspends then reinstates them with a reason', async () => {
    const calls = setup();
    await userEvent.type(await screen.findByRole('searchbox', { name: new RegExp(M.search) }), 'LEA');
    await waitFor(() => expect(callsTo(calls, 'GET /api/admin/members').some((c) => c.query.get('q') === 'LEA')).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: M.open('lea') }));

    const identity = await screen.findByRole('region', { name: M.identity });
    expect(within(identity).getByText('lea.martin@exemple.fr')).toBeInTheDocument();
    expect(within(identity).getByText('Léa Martin')).toBeInTheDocument();
    expect(within(identity).getByText('Particulier')).toBeInTheDocument();
    expect(within(identity).getByText('15/01/2026')).toBeInTheDocument();
    expect(within(identity).getByText(/120\s€/)).toBeInTheDocument();
    const proposals = screen.getByRole('region', { name: M.proposals(1) });
    expect(within(proposals).getByText('n° 7 · Boulangerie Dupain')).toBeInTheDocument();
    const against = screen.getByRole('region', { name: M.reportsAgainst(1) });
    expect(within(against).getByText(/par marc/)).toBeInTheDocument();

    await userEvent.click(within(identity).getByRole('button', { name: M.suspend }));
    const dialog = await screen.findByRole('dialog', { name: M.suspendTitle });
    expect(within(dialog).getByText(M.suspendWarning, { normalizer: (text) => text })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await within(dialog).findByText(MESSAGES.admin.decisionReasonRequired)).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/admin/members/11/suspend')).toHaveLength(0);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Copies répétées.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await screen.findByText(M.suspended)).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/admin/members/11/suspend')[0]?.body).toEqual({ reason: 'Copies répétées.' });
    expect(await within(screen.getByRole('region', { name: M.identity })).findByText('Copies répétées.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: M.proposals(1) })).getByText(new RegExp(M.proposalState.hidden.replace(/[()]/g, '\\$&')))).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: M.reinstate }));
    const again = await screen.findByRole('dialog', { name: M.reinstateTitle });
    await userEvent.type(within(again).getByRole('textbox', { name: /Raison de la décision/ }), 'Explications reçues.');
    await userEvent.click(within(again).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await screen.findByText(M.reinstated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: M.suspend })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: M.back }));
    expect(await screen.findByRole('button', { name: M.open('lea') })).toBeInTheDocument();
  });

  it('says when no member matches', async () => {
    setup();
    await userEvent.type(await screen.findByRole('searchbox', { name: new RegExp(M.search) }), 'zzz');
    expect(await screen.findByText(M.noMembers)).toBeInTheDocument();
  });

  it('suspends the author of a report from the queue', async () => {
    const calls = setup('/admin?onglet=signalements');
    const card = await screen.findByRole('article', { name: `${MESSAGES.admin.page.reportsTab} 3` });
    await userEvent.click(within(card).getByRole('button', { name: M.suspendAuthor }));
    const dialog = await screen.findByRole('dialog', { name: M.suspendAuthorTitle('lea') });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Raison de la décision/ }), 'Copies répétées.');
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.admin.page.confirm }));
    expect(await screen.findByText(M.suspended)).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/admin/members/11/suspend')[0]?.body).toEqual({ reason: 'Copies répétées.' });
    const after = await screen.findByRole('article', { name: `${MESSAGES.admin.page.reportsTab} 3` });
    await waitFor(() => expect(within(after).queryByRole('button', { name: M.suspendAuthor })).not.toBeInTheDocument());
    expect(within(after).getByText(M.suspendedBadge)).toBeInTheDocument();
  });
});
