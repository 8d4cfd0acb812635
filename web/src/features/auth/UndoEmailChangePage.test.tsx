import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@creadefi/domain';
import { TOKEN_KEY } from '../../api/client';
import UndoEmailChangePage, { resetUndoOutcomes } from './UndoEmailChangePage';
import { makeUser, noProviders, renderWithApp, stubApi } from './test-utils';
import { withPlainSpaces } from '../../test/text';

const A = MESSAGES.auth;
const TOKEN = 'jeton-annulation-0123456789';
const routes = [
  {
    path: '/email-change/undo/:emailToken',
    element: (
      <StrictMode>
        <UndoEmailChangePage />
      </StrictMode>
    ),
  },
];

beforeEach(() => {
  localStorage.clear();
  resetUndoOutcomes();
});
afterEach(() => vi.unstubAllGlobals());

describe('UndoEmailChangePage', () => {
  it('undoes the change once and signs this browser out with the account’s other sessions', async () => {
    localStorage.setItem(TOKEN_KEY, 'jeton-de-session');
    let sessionEnded = false;
    const calls = stubApi({
      'GET /api/config': noProviders,
      'GET /api/user/me': () => (sessionEnded ? { status: 401, body: { message: { message: MESSAGES.common.unauthenticated, code: 401 } } } : { body: { results: { user: makeUser() } } }),
      [`POST /api/auth/email-change/undo/${TOKEN}`]: () => {
        sessionEnded = true;
        return { body: { message: A.emailChangeUndone } };
      },
    });
    renderWithApp(routes, { at: `/email-change/undo/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: A.emailChangeUndoDoneTitle })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(A.emailChangeUndone))).toBeInTheDocument();
    expect(calls.filter((c) => c.path.startsWith('/api/auth/email-change/undo/'))).toHaveLength(1);
    await waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
  });

  it('says a used or expired link is no good', async () => {
    stubApi({ 'GET /api/config': noProviders, [`POST /api/auth/email-change/undo/${TOKEN}`]: { status: 400, body: { message: { message: A.linkInvalid, code: 400 } } } });
    renderWithApp(routes, { at: `/email-change/undo/${TOKEN}` });
    expect(await screen.findByRole('heading', { name: A.emailChangeUndoFailTitle })).toBeInTheDocument();
    expect(screen.getByText(A.linkInvalid)).toBeInTheDocument();
  });
});
