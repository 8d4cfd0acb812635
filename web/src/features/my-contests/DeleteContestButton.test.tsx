import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOLLOW_UP, type MyContestRow } from '@creadefi/domain';
import { buildRow, fail, ok, renderRoute, type Handler } from '../proposals/test-utils';
import MyContestsPage from './MyContestsPage';
import { withPlainSpaces } from '../../test/text';

const ORGANISER = 'GET /api/user/concours/organisateur';
const DELETE = 'POST /api/concours/delete';

function show(rows: MyContestRow[], api: Record<string, Handler> = {}) {
  return renderRoute(<MyContestsPage />, {
    path: '/mon-profil/mes-concours',
    api: { [ORGANISER]: () => ok({ results: { rows, page: 1, pageSize: 5, total: rows.length } }), 'GET /api/user/concours/participant': () => ok({ results: { rows: [], page: 1, pageSize: 5, total: 0 } }), ...api },
  });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('deleting an unpaid contest from My contests', () => {
  it('is offered for a contest awaiting payment only, and asks before deleting', async () => {
    const user = userEvent.setup();
    const { server } = show([buildRow({ id: 41, companyName: 'Atelier Bois', status: 1 }), buildRow({ id: 42, companyName: 'Café Lune', status: 2 })], { [DELETE]: () => ok({ message: FOLLOW_UP.deleted }) });
    const trash = await screen.findByRole('button', { name: FOLLOW_UP.deleteContestLabel('Atelier Bois') });
    expect(screen.queryByRole('button', { name: FOLLOW_UP.deleteContestLabel('Café Lune') })).not.toBeInTheDocument();
    await user.click(trash);
    const dialog = await screen.findByRole('dialog', { name: FOLLOW_UP.deleteTitle });
    expect(within(dialog).getByText(withPlainSpaces(FOLLOW_UP.deleteExplain))).toBeInTheDocument();
    expect(server.callsTo(DELETE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: FOLLOW_UP.deleteConfirm }));
    await waitFor(() => expect(server.callsTo(DELETE)).toHaveLength(1));
    expect(server.callsTo(DELETE)[0]!.body).toEqual({ idConcours: 41 });
    expect(await screen.findByText(FOLLOW_UP.deleted)).toBeInTheDocument();
  });

  it('shows the server’s refusal when a payment arrived meanwhile', async () => {
    const user = userEvent.setup();
    show([buildRow({ id: 41, companyName: 'Atelier Bois', status: 1 })], { [DELETE]: () => fail(409, FOLLOW_UP.deletePaid) });
    await user.click(await screen.findByRole('button', { name: FOLLOW_UP.deleteContestLabel('Atelier Bois') }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: FOLLOW_UP.deleteConfirm }));
    expect(await screen.findByText(withPlainSpaces(FOLLOW_UP.deletePaid))).toBeInTheDocument();
  });
});
