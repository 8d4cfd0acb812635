import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, MESSAGING } from '@creadefi/domain';
import { callsTo, renderWithProviders, stubApi } from '../../test/render';
import { PortfolioSwitch } from './PortfolioSwitch';
import { ValidateFinalDialog } from './ValidateFinalDialog';
import { buildConversation } from './test-utils';

const T = MESSAGES.talents;
// Mantine names a switch by its label and its description together.
const switchName = new RegExp(`^${T.portfolioSwitch}`);
const validated = () => buildConversation({ role: 'organiser', isWinner: true, status: 5, finalValidatedAt: '2026-11-20T10:00:00.000Z', portfolioShown: false });

describe('the portfolio switch', () => {
  it('is off by default in the validation dialog, and sends portfolio only when switched on', async () => {
    const calls = stubApi({ 'POST /api/concours/winner/final': { body: { message: MESSAGING.validated } } });
    const conversation = buildConversation({ role: 'organiser', isWinner: true, status: 4, finalSentAt: '2026-11-20T10:00:00.000Z' });
    renderWithProviders(<ValidateFinalDialog opened conversation={{ ...conversation, can: { ...conversation.can, validateFinal: true } }} onClose={() => undefined} />);
    const toggle = await screen.findByRole('switch', { name: switchName });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Valider les fichiers finaux' }));
    await waitFor(() => expect(callsTo(calls, 'POST /api/concours/winner/final')[0]?.body).toMatchObject({ portfolio: true }));
  });

  it('lets the organiser change it later on a validated winner’s conversation, and puts it back when refused', async () => {
    let refuse = false;
    const calls = stubApi({
      'POST /api/concours/winner/portfolio': () => (refuse ? { status: 409, body: { message: { message: T.portfolioOnlyValidated, code: 409 } } } : { body: { message: T.portfolioSaved(true) } }),
    });
    renderWithProviders(<PortfolioSwitch conversation={validated()} />);
    const toggle = screen.getByRole('switch', { name: switchName });
    await userEvent.click(toggle);
    expect(await screen.findByText(T.portfolioSaved(true))).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/concours/winner/portfolio')[0]!.body).toEqual({ idParticipation: validated().id, shown: true });
    refuse = true;
    await userEvent.click(toggle);
    expect(await screen.findByText(T.portfolioOnlyValidated)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('is not shown to the talent nor before validation', () => {
    stubApi();
    const { container } = renderWithProviders(<PortfolioSwitch conversation={{ ...validated(), role: 'participant' }} />);
    expect(container.querySelector('input[role="switch"]')).toBeNull();
    renderWithProviders(<PortfolioSwitch conversation={{ ...validated(), finalValidatedAt: null }} />);
    expect(screen.queryByRole('switch', { name: switchName })).not.toBeInTheDocument();
  });

  it('is not offered for a private contest, neither later nor in the validation dialog', async () => {
    const calls = stubApi();
    const secret = validated();
    renderWithProviders(<PortfolioSwitch conversation={{ ...secret, concour: { ...secret.concour, isPrivate: true } }} />);
    expect(screen.queryByRole('switch', { name: switchName })).not.toBeInTheDocument();
    const sent = buildConversation({ role: 'organiser', isWinner: true, status: 4, finalSentAt: '2026-11-20T10:00:00.000Z' });
    renderWithProviders(
      <ValidateFinalDialog opened conversation={{ ...sent, concour: { ...sent.concour, isPrivate: true }, can: { ...sent.can, validateFinal: true } }} onClose={() => undefined} />,
    );
    expect(await screen.findByRole('button', { name: 'Valider les fichiers finaux' })).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: switchName })).not.toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/concours/winner/portfolio')).toEqual([]);
  });
});
