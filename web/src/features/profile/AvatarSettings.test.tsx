import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AVATAR_MAX_BYTES, MESSAGES, formatBytes, type TalentSettingsDto } from '@creadefi/domain';
import { callsTo, meRoute, renderWithProviders, stubApi, type ApiCall, type ApiRoutes } from '../../test/render';
import { TalentSettingsCard } from './TalentSettingsCard';

const T = MESSAGES.talents;
const PHOTO = '/api/talents/ines_roux/avatar?v=0123456789abcdef';
const NEW_PHOTO = '/api/talents/ines_roux/avatar?v=fedcba9876543210';
const settings = (avatarUrl: string | null): TalentSettingsDto => ({ pseudo: 'ines_roux', bio: '', categories: [], isPublic: true, avatarUrl });

const photoOf = () => screen.queryByRole('img', { name: T.avatarAlt('ines_roux') });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const image = (bytes = 1000, type = 'image/png') => new File([new Uint8Array(bytes)], 'photo.png', { type });

/** The card, signed in, with these settings and the photo's calls; the calls received. */
function renderCard(avatarUrl: string | null, routes: ApiRoutes): ApiCall[] {
  const calls = stubApi({ ...meRoute(), 'GET /api/user/talent-profile': { body: { results: { settings: settings(avatarUrl) } } }, ...routes });
  renderWithProviders(<TalentSettingsCard />, { signedIn: true });
  return calls;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:photo-choisie');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => localStorage.clear());

describe('the photo in « Mon profil »', () => {
  it('shows the initials, sends a chosen image and shows the photo the server keeps', async () => {
    const calls = renderCard(null, { 'PUT /api/profile/avatar': { body: { message: T.avatarSaved, results: { avatarUrl: NEW_PHOTO } } } });
    await screen.findByRole('button', { name: T.avatarChange });
    expect(photoOf()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.avatarRemove })).not.toBeInTheDocument();

    await userEvent.upload(fileInput(), image());
    expect(await screen.findByText(T.avatarSaved)).toBeInTheDocument();
    await waitFor(() => expect(photoOf()).toHaveAttribute('src', NEW_PHOTO));
    expect(callsTo(calls, 'PUT /api/profile/avatar')).toHaveLength(1);
    expect(screen.getByRole('button', { name: T.avatarRemove })).toBeInTheDocument();
  });

  it('removes the photo, back to the initials', async () => {
    const calls = renderCard(PHOTO, { 'DELETE /api/profile/avatar': { body: { message: T.avatarRemoved, results: { avatarUrl: null } } } });
    await waitFor(() => expect(photoOf()).toHaveAttribute('src', PHOTO));
    await userEvent.click(screen.getByRole('button', { name: T.avatarRemove }));
    expect(await screen.findByText(T.avatarRemoved)).toBeInTheDocument();
    expect(photoOf()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.avatarRemove })).not.toBeInTheDocument();
    expect(callsTo(calls, 'DELETE /api/profile/avatar')).toHaveLength(1);
  });

  it('refuses a file too big before sending it, and shows the server’s refusal with the previous photo', async () => {
    const calls = renderCard(PHOTO, { 'PUT /api/profile/avatar': { status: 415, body: { message: { code: 415, message: T.avatarWrongType } } } });
    await waitFor(() => expect(photoOf()).toHaveAttribute('src', PHOTO));

    await userEvent.upload(fileInput(), image(AVATAR_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toBe(T.avatarTooBig(formatBytes(AVATAR_MAX_BYTES)));
    expect(callsTo(calls, 'PUT /api/profile/avatar')).toHaveLength(0);

    await userEvent.upload(fileInput(), image());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(T.avatarWrongType));
    expect(callsTo(calls, 'PUT /api/profile/avatar')).toHaveLength(1);
    expect(photoOf()).toHaveAttribute('src', PHOTO);
  });
});
