import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { HOUR_MS, MESSAGES, type ConversationDto, type MissionDto } from '@creadefi/domain';
import { meRoute, renderWithProviders, stubApi, type ApiRoutes } from '../../test/render';
import { withPlainSpaces } from '../../test/text';
import ConversationPage from './ConversationPage';
import { buildConversation, noLiveEvents } from './test-utils';

const W = MESSAGES.winners;
const P = W.panel;

function setup(conversation: ConversationDto, extra: ApiRoutes = {}) {
  let current = conversation;
  const calls = stubApi({
    ...meRoute(),
    ...noLiveEvents,
    'GET /api/message/readByParticipant/40': () => ({ body: { results: { participation: current } } }),
    ...extra,
  });
  renderWithProviders(
    <Routes>
      <Route path="/messages/:id" element={<ConversationPage />} />
    </Routes>,
    { at: '/messages/40', signedIn: true },
  );
  return { calls, replace: (next: ConversationDto) => (current = next) };
}

const inHours = (h: number) => new Date(Date.now() + h * HOUR_MS).toISOString();

function mission(overrides: Partial<MissionDto> = {}): MissionDto {
  return {
    acceptanceDueAt: inHours(30),
    acceptedAt: null,
    deliveryDueAt: null,
    requests: { message: 'Un logo chaleureux, en bleu nuit.', options: ['Livraison express en 24 h'] },
    candidates: [],
    ...overrides,
  };
}

function winnerConversation(overrides: Partial<ConversationDto> = {}): ConversationDto {
  const base = buildConversation({ status: 4, isWinner: true, role: 'participant', mission: mission() });
  return { ...base, can: { ...base.can, uploadFinal: true, acceptMission: true }, ...overrides };
}

describe('the mission of a winner in the conversation', () => {
  it('shows the winner until when to accept, the organiser’s requests, and accepts on a click', async () => {
    const pending = winnerConversation();
    const { calls, replace } = setup(pending, {
      'POST /api/concours/winner/accept': () => {
        replace({ ...pending, mission: { ...pending.mission!, acceptedAt: new Date().toISOString(), deliveryDueAt: inHours(24) }, can: { ...pending.can, acceptMission: false } });
        return { body: { message: W.accepted } };
      },
    });
    const strip = await screen.findByRole('region', { name: P.pendingTitle });
    expect(strip).toHaveTextContent(withPlainSpaces(P.pendingForWinner(pending.mission!.acceptanceDueAt!)));
    await userEvent.click(within(strip).getByText(P.requestsTitle));
    expect(within(strip).getByText('Un logo chaleureux, en bleu nuit.')).toBeVisible();
    expect(within(strip).getByText('Livraison express en 24 h')).toBeVisible();

    await userEvent.click(within(strip).getByRole('button', { name: P.accept }));
    expect(await screen.findByText(withPlainSpaces(W.accepted))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/concours/winner/accept')?.body).toEqual({ idParticipation: 40 });
    const accepted = await screen.findByRole('region', { name: P.acceptedTitle });
    expect(accepted).toHaveTextContent(withPlainSpaces(P.deliveryDue(inHours(24)).slice(0, 30)));
    expect(screen.queryByRole('button', { name: P.accept })).not.toBeInTheDocument();
  });

  it('shows the organiser the pending acceptance, without a way to replace the winner before the 48 hours', async () => {
    const base = buildConversation({ status: 4, isWinner: true, role: 'organiser', mission: mission() });
    setup(base);
    const strip = await screen.findByRole('region', { name: P.pendingTitle });
    expect(strip).toHaveTextContent(withPlainSpaces(P.pendingForOrganiser(base.mission!.acceptanceDueAt!)));
    expect(within(strip).queryByText(P.requestsTitle)).not.toBeInTheDocument();
    expect(within(strip).queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets the organiser choose another winner once the 48 hours passed', async () => {
    const due = inHours(-2);
    const base = buildConversation({
      status: 4,
      isWinner: true,
      role: 'organiser',
      mission: mission({ acceptanceDueAt: due, candidates: [{ idParticipation: 51, number: 3, pseudo: 'hugo' }, { idParticipation: 52, number: 4, pseudo: 'zoe' }] }),
    });
    const late = { ...base, can: { ...base.can, replaceWinner: true } };
    const { calls, replace } = setup(late, {
      'POST /api/concours/winner/replace': () => {
        replace({ ...late, isWinner: false, mission: null, can: { ...late.can, replaceWinner: false, send: false } });
        return { body: { message: W.replaced } };
      },
    });
    const strip = await screen.findByRole('region', { name: P.overdueTitle });
    expect(strip).toHaveTextContent(withPlainSpaces(P.overdueForOrganiser(due)));
    await userEvent.click(within(strip).getByRole('button', { name: P.replace }));
    const dialog = await screen.findByRole('dialog', { name: P.replaceTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: P.confirm }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(W.candidateRequired);
    await userEvent.click(within(dialog).getByPlaceholderText(P.candidatePlaceholder));
    await userEvent.click(await screen.findByRole('option', { name: P.candidate(4, 'zoe') }));
    await userEvent.click(within(dialog).getByRole('button', { name: P.confirm }));
    expect(await screen.findByText(withPlainSpaces(W.replaced))).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/concours/winner/replace')?.body).toEqual({ idParticipation: 40, idParticipationNew: 52 });
    await waitFor(() => expect(screen.queryByTestId('mission')).not.toBeInTheDocument());
  });

  it('says when the delivery is late', async () => {
    const due = inHours(-1);
    setup(buildConversation({ status: 4, isWinner: true, role: 'organiser', mission: mission({ acceptedAt: inHours(-30), deliveryDueAt: due }) }));
    const strip = await screen.findByRole('region', { name: P.deliveryLateTitle });
    expect(strip).toHaveTextContent(withPlainSpaces(P.deliveryLate(due)));
  });
});
