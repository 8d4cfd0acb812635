import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@creadefi/domain';
import { callsTo, renderWithProviders, stubApi } from '../../test/render';
import { TalentSettingsCard } from './TalentSettingsCard';

const T = MESSAGES.talents;

afterEach(() => localStorage.clear());

describe('the talent settings in « Mon profil »', () => {
  it('loads the settings and saves the presentation, the categories and the switch', async () => {
    const calls = stubApi({
      'GET /api/user/talent-profile': { body: { results: { settings: { pseudo: 'ines_roux', bio: 'Avant', categories: [1], isPublic: true } } } },
      'POST /api/user/talent-profile': (call) => ({ body: { message: T.settingsSaved, results: { settings: { pseudo: 'ines_roux', ...(call.body as object) } } } }),
    });
    renderWithProviders(<TalentSettingsCard />, { signedIn: true });
    const bio = await screen.findByLabelText(T.bioLabel);
    await userEvent.clear(bio);
    await userEvent.type(bio, 'Après');
    await userEvent.click(screen.getByRole('switch', { name: T.publicSwitch }));
    await userEvent.click(screen.getByRole('button', { name: T.save }));
    expect(await screen.findByText(T.settingsSaved)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(calls, 'POST /api/user/talent-profile')[0]?.body).toEqual({ bio: 'Après', categories: [1], isPublic: false }));
    expect(screen.getByRole('link', { name: T.seePublicProfile })).toHaveAttribute('href', '/talents/ines_roux');
  });
});
