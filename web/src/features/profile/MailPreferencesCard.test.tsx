import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOLLOW_UP, MAIL_KINDS } from '@creadefi/domain';
import { renderWithProviders, stubApi } from '../../test/render';
import { MailPreferencesCard } from './MailPreferencesCard';

const M = FOLLOW_UP.mails;
const all = { newProposal: true, chosenWinner: true, finalFilesReceived: true, prizeCredited: true, payoutSent: true, proposalComment: true, proposalsAwaiting: true, contestInvitation: true };

describe('MailPreferencesCard', () => {
  it('shows one switch per mail as the server has them, and saves a switch as soon as it moves', async () => {
    const calls = stubApi({
      'GET /api/user/mail-preferences': { body: { results: { preferences: { ...all, payoutSent: false } } } },
      'POST /api/user/mail-preferences': { body: { message: M.saved, results: { preferences: { ...all, payoutSent: false, newProposal: false } } } },
    });
    renderWithProviders(<MailPreferencesCard />, { signedIn: true });
    const proposals = await screen.findByRole('switch', { name: M.labels.newProposal });
    expect(proposals).toBeChecked();
    expect(screen.getByRole('switch', { name: M.labels.payoutSent })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(MAIL_KINDS.length);
    await userEvent.click(proposals);
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ kind: 'newProposal', enabled: false }));
    expect(await screen.findByText(M.saved)).toBeInTheDocument();
    expect(proposals).not.toBeChecked();
  });

  it('puts the switch back when the server refuses', async () => {
    stubApi({
      'GET /api/user/mail-preferences': { body: { results: { preferences: all } } },
      'POST /api/user/mail-preferences': { status: 400, body: { message: { message: M.unknownKind, code: 400 } } },
    });
    renderWithProviders(<MailPreferencesCard />, { signedIn: true });
    const winner = await screen.findByRole('switch', { name: M.labels.chosenWinner });
    await userEvent.click(winner);
    expect(await screen.findByText(M.unknownKind)).toBeInTheDocument();
    await waitFor(() => expect(winner).toBeChecked());
  });
});
