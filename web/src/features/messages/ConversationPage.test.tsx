import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { MESSAGING, MESSAGING_TEXTS, PARTICIPATIONS, type ConversationDto } from '@creadefi/domain';
import { meRoute, renderWithProviders, stubApi, type ApiRoutes } from '../../test/render';
import ConversationPage from './ConversationPage';
import { dayLabel, groupByDay, statusAction } from './format';
import { buildConversation, buildFile, buildMessage, noLiveEvents } from './test-utils';
import { withPlainSpaces } from '../../test/text';

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

const today = new Date();
today.setHours(10, 15, 0, 0);
const earlier = new Date(today.getFullYear(), 10, 12, 9, 30);
const earlierIso = (earlier.getTime() > Date.now() ? new Date(today.getFullYear() - 1, 10, 12, 9, 30) : earlier).toISOString();

describe('ConversationPage', () => {
  it('groups messages by day, with mine on the right, theirs on the left and system messages centred', async () => {
    setup(
      buildConversation({
        messages: [
          buildMessage({ message: 'Voici ma proposition', createdAt: earlierIso }),
          buildMessage({ message: 'Merci, elle me plaît', isMine: true, createdAt: today.toISOString() }),
          buildMessage({ message: 'Le talent a été choisi', type: 2, authorId: null, createdAt: today.toISOString() }),
          buildMessage({ message: 'Le fichier', file: buildFile({ filename: 'charte.pdf' }), createdAt: today.toISOString() }),
        ],
      }),
    );
    const today_ = await screen.findByRole('region', { name: MESSAGING.today });
    expect(screen.getByRole('region', { name: dayLabel(earlierIso) })).toBeInTheDocument();
    expect(dayLabel(earlierIso)).toMatch(/^12 novembre/);
    expect(within(today_).getByTestId('bubble-right')).toHaveTextContent('Merci, elle me plaît');
    expect(within(today_).getByTestId('system-message')).toHaveTextContent('Le talent a été choisi');
    expect(within(today_).getByTestId('bubble-left')).toHaveTextContent('charte.pdf');
    expect(within(today_).getByRole('button', { name: 'Télécharger charte.pdf' })).toBeInTheDocument();
    expect(screen.getAllByTestId('bubble-left')[0]).toHaveTextContent('Voici ma proposition');
    expect(screen.getAllByText('10:15', { selector: 'time' }).length).toBeGreaterThan(0);
  });

  it('says "Pas de messages" for an empty conversation and shows the counterpart or "Anonyme"', async () => {
    setup(buildConversation({ User: { id: 3, pseudo: null } }));
    expect(await screen.findByText(MESSAGING.emptyConversation)).toBeInTheDocument();
    expect(screen.getByTestId('counterpart')).toHaveTextContent('Anonyme');
    expect(screen.getByRole('heading', { name: /Demande de Logo/ })).toHaveTextContent('Boulangerie Dupain');
  });

  it('names the status button by status and side', () => {
    const at = (status: number, role: 'organiser' | 'participant', isWinner = true) => statusAction(buildConversation({ status, role, isWinner }), new Date());
    expect(at(2, 'organiser').label).toBe('Fin dans 2 j 4 h');
    expect(at(2, 'organiser')).toMatchObject({ kind: 'link', to: '/participations/7' });
    expect(at(2, 'participant')).toMatchObject({ kind: 'link', to: '/details-concours/7' });
    expect(at(3, 'organiser').label).toBe('En attente du gagnant');
    expect(at(4, 'organiser')).toEqual({ kind: 'validate', label: 'Validation des fichiers finaux' });
    expect(at(4, 'participant')).toEqual({ kind: 'upload', label: 'Envoi des fichiers finaux' });
    expect(at(4, 'participant', false)).toEqual({ kind: 'link', to: '/details-concours/7', label: 'Voir le concours' });
    expect(at(5, 'participant').label).toBe('Concours terminé');
    expect(at(-1, 'organiser')).toMatchObject({ kind: 'link', to: '/participations/7' });
    // A talent not chosen is led to the contest at every status, never to a final-file step.
    expect(at(2, 'participant', false)).toMatchObject({ kind: 'link', to: '/details-concours/7', label: 'Fin dans 2 j 4 h' });
    expect(at(3, 'participant', false)).toEqual({ kind: 'link', to: '/details-concours/7', label: 'En attente du gagnant' });
    expect(at(5, 'participant', false)).toEqual({ kind: 'link', to: '/details-concours/7', label: 'Concours terminé' });
    expect(at(4, 'organiser', false)).toEqual({ kind: 'link', to: '/participations/7', label: 'Validation des fichiers finaux' });
    // A winner at 3: the contest is not finalised, so there is nothing to send nor to validate yet.
    expect(at(3, 'participant')).toEqual({ kind: 'link', to: '/details-concours/7', label: 'En attente du gagnant' });
    expect(at(3, 'organiser')).toEqual({ kind: 'link', to: '/participations/7', label: 'En attente du gagnant' });
  });

  it('shows the status button and the report icon of an organiser while the contest is open', async () => {
    const { calls } = setup(buildConversation(), { 'POST /api/participation/report/40': { body: { message: 'La participation a bien été signalée, notre équipe va l’examiner.' } } });
    expect(await screen.findByRole('link', { name: /^Fin dans 2 j 4 h/ })).toHaveAttribute('href', '/participations/7');
    await userEvent.click(screen.getByRole('button', { name: MESSAGING.reportConversation }));
    const dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.reportDialogTitle });
    // The form arrives with its own code, once the dialog is open.
    await userEvent.click(await within(dialog).findByRole('radio', { name: 'Hors sujet' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Signaler' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/participation/report/40')?.body).toEqual({ reason: 'off_topic', text: '' }));
  });

  it('offers the final-file upload in the header to the winner only', async () => {
    setup(buildConversation({ role: 'participant', status: 4, isWinner: true, can: { send: true, uploadWork: true, uploadFinal: true, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false } }));
    expect(await screen.findByRole('button', { name: 'Envoi des fichiers finaux' })).toBeEnabled();
  });

  it('leads a talent who was not chosen to the contest, without asking for final files', async () => {
    setup(buildConversation({ role: 'participant', status: 4, isWinner: false, can: { send: false, uploadWork: false, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false } }));
    expect(await screen.findByRole('link', { name: 'Voir le concours' })).toHaveAttribute('href', '/details-concours/7');
    expect(screen.queryByText('Envoi des fichiers finaux')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /fichiers finaux/ })).not.toBeInTheDocument();
  });

  it('offers no retry when the viewer is not a party to the conversation, only the way back', async () => {
    setup(buildConversation(), { 'GET /api/message/readByParticipant/40': { status: 403, body: { message: { message: MESSAGING.notInConversation, code: 403 } } } });
    expect(await screen.findByText(MESSAGING.notInConversation)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGING_TEXTS.back })).toHaveAttribute('href', '/messages');
  });

  it('offers a retry when the conversation could not be loaded for a passing reason', async () => {
    setup(buildConversation(), { 'GET /api/message/readByParticipant/40': { status: 503, body: { message: { message: 'Le service est momentanément indisponible.', code: 503 } } } });
    expect(await screen.findByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('hides the report icon from a talent', async () => {
    setup(buildConversation({ role: 'participant' }));
    expect(await screen.findByRole('link', { name: /^Fin dans/ })).toHaveAttribute('href', '/details-concours/7');
    expect(screen.queryByRole('button', { name: MESSAGING.reportConversation })).not.toBeInTheDocument();
  });

  it('closes the composer when the server says the viewer may not write', async () => {
    setup(buildConversation({ role: 'participant', status: 4, can: { send: false, uploadWork: false, uploadFinal: false, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false } }));
    const input = await screen.findByPlaceholderText(MESSAGING.placeholder);
    expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeDisabled();
    expect(screen.getByText(MESSAGING.notSelected)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Joindre un fichier de travail' })).toBeDisabled();
  });

  it('sends with Enter, keeps Shift+Enter for a new line, and shows the server’s refusal', async () => {
    const sent = buildMessage({ id: 900, message: 'Deux lignes\nici', isMine: true });
    let refuse = false;
    const conversation = buildConversation();
    const { calls } = setup(conversation, {
      'POST /api/message/create': () => {
        if (refuse) return { status: 403, body: { message: { message: MESSAGING.notSelected, code: 403 } } };
        conversation.messages.push(sent);
        return { body: { message: MESSAGING.sent, results: { message: sent, idParticipation: 40 } } };
      },
    });
    const input = await screen.findByPlaceholderText(MESSAGING.placeholder);
    await userEvent.type(input, 'Deux lignes{Shift>}{Enter}{/Shift}ici');
    expect(calls.some((c) => c.path === '/api/message/create')).toBe(false);
    await userEvent.type(input, '{Enter}');
    await waitFor(() => expect(calls.find((c) => c.path === '/api/message/create')?.body).toEqual({ idParticipation: 40, message: 'Deux lignes\nici' }));
    expect(await screen.findByTestId('bubble-right')).toHaveTextContent('Deux lignes');
    refuse = true;
    await userEvent.type(input, 'Encore moi{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGING.notSelected);
    expect(input).toHaveValue('Encore moi');
  }, 20_000);

  it('asks before validating final files, then says the contest is updated and reloads', async () => {
    const final = buildConversation({
      status: 4,
      isWinner: true,
      finalSentAt: new Date().toISOString(),
      fileParticipants: { participantFile: [], workFile: [], finalFile: [buildFile({ id: 9, kind: 'final', filename: 'logo.zip', mime: 'application/zip' })] },
      can: { send: true, uploadWork: true, uploadFinal: false, validateFinal: true, acceptMission: false, replaceWinner: false, openDispute: false },
    });
    const { calls, replace } = setup(final, {
      'POST /api/concours/winner/final': () => {
        replace({ ...final, status: 5, concour: { ...final.concour, status: 5 }, finalValidatedAt: new Date().toISOString(), can: { ...final.can, validateFinal: false, acceptMission: false, replaceWinner: false, openDispute: false } } as ConversationDto);
        return { body: { message: MESSAGING.validated } };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: MESSAGING.statusButton.organiserFinal }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGING.validateConfirm });
    expect(within(dialog).getByText(withPlainSpaces(MESSAGING.validateExplain))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Valider les fichiers finaux' }));
    expect(await screen.findByText(MESSAGING.validated)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/concours/winner/final')?.body).toEqual({ idConcours: 7, idParticipation: 40 });
    expect(await screen.findByRole('link', { name: /Concours terminé/ })).toBeInTheDocument();
  });

  it('lists the three kinds of files under "Fichiers"', async () => {
    setup(
      buildConversation({
        fileParticipants: {
          participantFile: [buildFile({ id: 1, filename: 'proposition.pdf', kind: 'participation' })],
          workFile: [buildFile({ id: 2, filename: 'travail.pdf', size: 2_500_000 })],
          finalFile: [],
        },
      }),
    );
    fireEvent.click(await screen.findByRole('tab', { name: /Fichiers/ }));
    const work = await screen.findByRole('region', { name: MESSAGING.workFiles });
    expect(within(work).getByText('travail.pdf')).toBeInTheDocument();
    expect(within(work).getByText(/2,5 Mo/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: MESSAGING.participationFiles })).toHaveTextContent('proposition.pdf');
    expect(screen.getByRole('region', { name: MESSAGING.finalFiles })).toHaveTextContent('Aucun fichier pour le moment.');
  });

  it('groups by local day', () => {
    const now = new Date(2025, 10, 14, 12);
    const days = groupByDay(
      [buildMessage({ createdAt: new Date(2025, 10, 12, 9).toISOString() }), buildMessage({ createdAt: new Date(2025, 10, 12, 18).toISOString() }), buildMessage({ createdAt: new Date(2025, 10, 14, 8).toISOString() })],
      now,
    );
    expect(days.map((d) => [d.label, d.messages.length])).toEqual([
      ['12 novembre', 2],
      ["Aujourd'hui", 1],
    ]);
    expect(dayLabel(new Date(2025, 2, 1), now)).toBe('1er mars');
    expect(dayLabel(new Date(2024, 2, 3), now)).toBe('3 mars 2024');
  });
});
