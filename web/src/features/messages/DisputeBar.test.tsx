import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { DISPUTES, formatDate, type ConversationDto, type DisputeDto } from '@creadefi/domain';
import { meRoute, renderWithProviders, stubApi } from '../../test/render';
import ConversationPage from './ConversationPage';
import { buildConversation, noLiveEvents } from './test-utils';
import { withPlainSpaces } from '../../test/text';

function setup(conversation: ConversationDto, onOpen?: () => { status?: number; body: unknown }) {
  let current = conversation;
  const calls = stubApi({
    ...meRoute(),
    ...noLiveEvents,
    'GET /api/message/readByParticipant/40': () => ({ body: { results: { participation: current } } }),
    'POST /api/participation/40/dispute': () => onOpen?.() ?? { status: 500, body: {} },
  });
  renderWithProviders(
    <Routes>
      <Route path="/messages/:id" element={<ConversationPage />} />
    </Routes>,
    { at: '/messages/40', signedIn: true },
  );
  return { calls, replace: (next: ConversationDto) => (current = next) };
}

const openDispute: DisputeDto = {
  id: 3,
  status: 'open',
  reason: 'Les fichiers ne suivent pas le brief.',
  openedAt: '2026-11-20T10:00:00.000Z',
  openedBy: 'organiser',
  outcome: null,
  resolutionReason: null,
  resolvedAt: null,
  extraDays: null,
};
const delivering = (over: Partial<ConversationDto> = {}) =>
  buildConversation({ status: 4, isWinner: true, can: { send: true, uploadWork: true, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: true }, ...over });

describe('a dispute in the conversation', () => {
  it('opens one with a reason the form checks first, then shows the banner', async () => {
    const conversation = delivering();
    const { calls, replace } = setup(conversation, () => {
      replace({ ...conversation, can: { ...conversation.can, openDispute: false }, dispute: openDispute });
      return { status: 201, body: { message: DISPUTES.opened, results: { dispute: openDispute } } };
    });
    await userEvent.click(await screen.findByRole('button', { name: DISPUTES.open }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTES.openTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: DISPUTES.confirmOpen }));
    expect(await within(dialog).findByText(DISPUTES.reasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/participation/40/dispute')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: DISPUTES.reason }), openDispute.reason);
    await userEvent.click(within(dialog).getByRole('button', { name: DISPUTES.confirmOpen }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/participation/40/dispute')?.body).toEqual({ reason: openDispute.reason }));
    const banner = await screen.findByTestId('dispute-banner');
    expect(withPlainSpaces(banner.textContent ?? '')).toContain(withPlainSpaces(DISPUTES.bannerOpen(formatDate(openDispute.openedAt))));
    expect(banner).toHaveTextContent(openDispute.reason);
    await waitFor(() => expect(screen.queryByRole('button', { name: DISPUTES.open })).not.toBeInTheDocument());
  });

  it('shows the server’s refusal in the dialog', async () => {
    setup(delivering(), () => ({ status: 409, body: { message: { message: DISPUTES.alreadyOpen, code: 409 } } }));
    await userEvent.click(await screen.findByRole('button', { name: DISPUTES.open }));
    const dialog = await screen.findByRole('dialog', { name: DISPUTES.openTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: DISPUTES.reason }), openDispute.reason);
    await userEvent.click(within(dialog).getByRole('button', { name: DISPUTES.confirmOpen }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(DISPUTES.alreadyOpen);
  });

  it('shows the outcome once settled, and nothing to a conversation without dispute the viewer may not open', async () => {
    const settled: DisputeDto = { ...openDispute, status: 'resolved', outcome: 'validate', resolutionReason: 'Conforme au brief.', resolvedAt: '2026-11-22T10:00:00.000Z' };
    setup(delivering({ dispute: settled, can: { send: true, uploadWork: true, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false } }));
    const banner = await screen.findByTestId('dispute-banner');
    expect(banner).toHaveTextContent(DISPUTES.outcomes.validate);
    expect(banner).toHaveTextContent('Conforme au brief.');
    expect(screen.queryByRole('button', { name: DISPUTES.open })).not.toBeInTheDocument();
  });

  it('is absent from an ordinary conversation', async () => {
    setup(buildConversation());
    await screen.findByRole('heading', { name: /Demande de Logo/ });
    expect(screen.queryByTestId('dispute-banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: DISPUTES.open })).not.toBeInTheDocument();
  });
});
