import { describe, expect, it, beforeEach, afterEach, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { renderWithApp, stubApi } from './test-utils';

// The real SDKs come from Google's and Facebook's servers; here they never finish loading.
const sdk = vi.hoisted(() => ({ loadGoogle: vi.fn(() => new Promise(() => {})), loadFacebook: vi.fn(() => new Promise(() => {})) }));
vi.mock('./social-sdk', () => sdk);

function Opener() {
  const modal = useSignInModal();
  return (
    <button type="button" onClick={() => modal.open()}>
      Ouvrir la connexion
    </button>
  );
}

beforeEach(() => {
  sdk.loadGoogle.mockClear();
  sdk.loadFacebook.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('social sign-in', () => {
  it('shows Google and Facebook when configured, and loads their SDKs only once the modal opens', async () => {
    stubApi({ 'GET /api/config': { body: { results: { googleClientId: 'client.apps.googleusercontent.com', facebookAppId: '1234', paymentProvider: 'sandbox', devOutbox: false } } } });
    const user = userEvent.setup();
    renderWithApp([{ path: '/', element: <Opener /> }]);
    expect(sdk.loadGoogle).not.toHaveBeenCalled();
    expect(sdk.loadFacebook).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Ouvrir la connexion' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Connexion avec Google')).toBeInTheDocument();
    expect(within(dialog).getByText('Connexion avec Facebook')).toBeInTheDocument();
    expect(sdk.loadFacebook).toHaveBeenCalledWith('1234');
  });
});
