import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGING, MESSAGING_TEXTS, type ConversationGroupDto } from '@creadefi/domain';
import { invalidateFor } from '../../api/events';
import { meRoute, renderWithProviders, stubApi, type ApiCall } from '../../test/render';
import MessagesPage from './MessagesPage';
import { previewOf, timeOrDate } from './format';
import { buildGroup, buildPage, buildSummary, noLiveEvents } from './test-utils';

const ORGANISER = '/api/message/read/byConcours';
const PARTICIPANT = '/api/message/read/byParticipation';

const organiserGroups = [buildGroup({ id: 7, companyName: 'Boulangerie Dupain', subCategory: { id: 1, name: 'Logo' } })];
const participantGroups = [
  buildGroup({
    id: 8,
    companyName: 'Studio Yoga',
    subCategory: { id: 9, name: 'Flyer' },
    conversations: [buildSummary({ idParticipation: 51, role: 'participant', counterpart: { id: 4, pseudo: null }, unread: 2 })],
  }),
  buildGroup({ id: 9, status: 5, companyName: 'Fromagerie Comté', subCategory: { id: 2, name: 'Affiche' }, conversations: [buildSummary({ idParticipation: 52, role: 'participant' })] }),
  buildGroup({ id: 10, status: -1, companyName: 'Vélos Cargo', subCategory: { id: 3, name: 'Nom de boîte' }, conversations: [buildSummary({ idParticipation: 53, role: 'participant' })] }),
];

/** Answers one page holding these groups, leaving finished and cancelled contests out when asked, as the server does. */
const onePage = (groups: ConversationGroupDto[]) => (call: ApiCall) => ({
  body: buildPage(call.query.get('enCours') === 'true' ? groups.filter((g) => g.status !== 5 && g.status !== -1) : groups),
});

/** Answers the pages of a list by their `apres`; the first page has none. */
const pagesBy = (pages: Record<string, ReturnType<typeof buildPage>>) => (call: ApiCall) => {
  const page = pages[call.query.get('apres') ?? 'first'];
  return page ? { body: page } : { status: 400, body: { message: { message: MESSAGING.badCursor, code: 400 } } };
};

const listCalls = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path).map((c) => Object.fromEntries(c.query));

function setup(organiser = organiserGroups, participant = participantGroups) {
  const calls = stubApi({
    ...meRoute(),
    ...noLiveEvents,
    [`GET ${ORGANISER}`]: onePage(organiser),
    [`GET ${PARTICIPANT}`]: onePage(participant),
  });
  const view = renderWithProviders(<MessagesPage />, { at: '/messages', signedIn: true });
  return { calls, ...view };
}

const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1, 12, minutes)).toISOString();
/** A conversation whose last message was written at 12:<minutes>. */
const conv = (idParticipation: number, minutes: number, role: 'organiser' | 'participant' = 'organiser') =>
  buildSummary({ idParticipation, role, counterpart: { id: idParticipation, pseudo: `talent_${idParticipation}` }, lastMessage: { message: `Message ${idParticipation}`, createdAt: at(minutes), type: 1 } });
const rowLinks = () => screen.queryAllByRole('link').map((a) => a.getAttribute('href')).filter((href) => href?.startsWith('/messages/'));

describe('MessagesPage', () => {
  it('merges both lists under "Tout", with groups titled by sub-category and company', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Demande de Logo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Demande de Flyer' })).toBeInTheDocument();
    expect(screen.getByText('Boulangerie Dupain')).toBeInTheDocument();
    expect(screen.getByText('Studio Yoga')).toBeInTheDocument();
    // The switch is on: the server is asked for running contests only, first page.
    expect(listCalls(calls, ORGANISER)).toEqual([{ enCours: 'true' }]);
    expect(listCalls(calls, PARTICIPANT)).toEqual([{ enCours: 'true' }]);
    // A counterpart without pseudo is "Anonyme"; the unread count is a badge.
    const flyer = screen.getByRole('region', { name: /Demande de Flyer/ });
    expect(within(flyer).getByText('Anonyme')).toBeInTheDocument();
    expect(within(flyer).getByLabelText('2 messages non lus')).toHaveTextContent('2');
    expect(within(flyer).getByRole('link')).toHaveAttribute('href', '/messages/51');
  });

  it('shows one side per tab', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Demande de Logo' });
    await userEvent.click(screen.getByRole('tab', { name: MESSAGING.tabs.participant }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Demande de Logo' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Demande de Flyer' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: MESSAGING.tabs.organiser }));
    expect(await screen.findByRole('heading', { name: 'Demande de Logo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Demande de Flyer' })).not.toBeInTheDocument();
  });

  it('asks the server for running contests only while "Seulement les concours en cours" is on', async () => {
    const { calls } = setup();
    await screen.findByRole('heading', { name: 'Demande de Flyer' });
    const toggle = screen.getByRole('switch', { name: MESSAGING.onlyRunning });
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Demande de Affiche' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Demande de Nom de boîte' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByRole('heading', { name: 'Demande de Affiche' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Demande de Nom de boîte' })).toBeInTheDocument();
    expect(listCalls(calls, PARTICIPANT)).toEqual([{ enCours: 'true' }, { enCours: 'false' }]);
    expect(screen.queryByRole('button', { name: MESSAGING_TEXTS.moreConversations })).not.toBeInTheDocument();
  });

  it('offers to show finished contests when nothing is running, which turns the switch off', async () => {
    const { calls } = setup([], [participantGroups[1]!]);
    expect(await screen.findByText(MESSAGING.emptyList)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXTS.showAll }));
    expect(await screen.findByRole('heading', { name: 'Demande de Affiche' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: MESSAGING.onlyRunning })).not.toBeChecked();
    expect(listCalls(calls, PARTICIPANT).at(-1)).toEqual({ enCours: 'false' });
  });

  it('loads the next page with "Voir plus de conversations", one group per contest across pages', async () => {
    const calls = stubApi({
      ...meRoute(),
      ...noLiveEvents,
      [`GET ${ORGANISER}`]: pagesBy({
        first: buildPage([buildGroup({ id: 7, subCategory: { id: 1, name: 'Logo' }, conversations: [conv(40, 50)] }), buildGroup({ id: 8, subCategory: { id: 9, name: 'Flyer' }, conversations: [conv(41, 40)] })], 'page-2'),
        'page-2': buildPage([buildGroup({ id: 7, subCategory: { id: 1, name: 'Logo' }, conversations: [conv(42, 30)] }), buildGroup({ id: 9, subCategory: { id: 2, name: 'Affiche' }, conversations: [conv(43, 20)] })]),
      }),
    });
    renderWithProviders(<MessagesPage />, { at: '/messages?onglet=organisateur', signedIn: true });
    await screen.findByRole('heading', { name: 'Demande de Logo' });
    expect(rowLinks()).toEqual(['/messages/40', '/messages/41']);
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXTS.moreConversations }));
    expect(await screen.findByRole('heading', { name: 'Demande de Affiche' })).toBeInTheDocument();
    // The Logo contest's second conversation joins its group instead of making a second one.
    expect(screen.getAllByRole('heading', { name: 'Demande de Logo' })).toHaveLength(1);
    expect(within(screen.getByRole('region', { name: /Demande de Logo/ })).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/messages/40', '/messages/42']);
    expect(rowLinks()).toEqual(['/messages/40', '/messages/42', '/messages/41', '/messages/43']);
    expect(screen.queryByRole('button', { name: MESSAGING_TEXTS.moreConversations })).not.toBeInTheDocument();
    expect(listCalls(calls, ORGANISER)).toEqual([{ enCours: 'true' }, { enCours: 'true', apres: 'page-2' }]);
    expect(listCalls(calls, PARTICIPANT)).toEqual([]);
  });

  it('under "Tout", holds back what the side with more could still overtake, and loads only the sides that have more', async () => {
    const calls = stubApi({
      ...meRoute(),
      ...noLiveEvents,
      [`GET ${ORGANISER}`]: pagesBy({
        first: buildPage([buildGroup({ id: 7, conversations: [conv(40, 50), conv(41, 30)] })], 'page-2'),
        'page-2': buildPage([buildGroup({ id: 8, subCategory: { id: 9, name: 'Flyer' }, conversations: [conv(42, 20)] })]),
      }),
      [`GET ${PARTICIPANT}`]: pagesBy({
        first: buildPage([buildGroup({ id: 20, subCategory: { id: 2, name: 'Affiche' }, conversations: [conv(60, 45, 'participant'), conv(61, 10, 'participant')] })]),
      }),
    });
    const { queryClient } = renderWithProviders(<MessagesPage />, { at: '/messages', signedIn: true });
    await screen.findByRole('heading', { name: 'Demande de Affiche' });
    // 61 (12:10) is older than the organiser's last loaded conversation (12:30): not shown yet.
    expect(rowLinks()).toEqual(['/messages/40', '/messages/41', '/messages/60']);
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXTS.moreConversations }));
    await screen.findByRole('heading', { name: 'Demande de Flyer' });
    expect(rowLinks()).toEqual(['/messages/40', '/messages/41', '/messages/60', '/messages/61', '/messages/42']);
    expect(listCalls(calls, ORGANISER)).toEqual([{ enCours: 'true' }, { enCours: 'true', apres: 'page-2' }]);
    expect(listCalls(calls, PARTICIPANT)).toEqual([{ enCours: 'true' }]);
    expect(screen.queryByRole('button', { name: MESSAGING_TEXTS.moreConversations })).not.toBeInTheDocument();

    // A live message event refreshes every page loaded, from the first.
    invalidateFor(queryClient, { type: 'message', idParticipation: 40 });
    await waitFor(() => expect(listCalls(calls, ORGANISER)).toHaveLength(4));
    expect(listCalls(calls, ORGANISER).slice(2)).toEqual([{ enCours: 'true' }, { enCours: 'true', apres: 'page-2' }]);
    expect(listCalls(calls, PARTICIPANT)).toHaveLength(2);
  });

  it('says so when the next page cannot be loaded, and lets the person try again', async () => {
    let fail = true;
    const pages = pagesBy({ first: buildPage([buildGroup({ conversations: [conv(40, 50)] })], 'page-2'), 'page-2': buildPage([buildGroup({ id: 8, subCategory: { id: 9, name: 'Flyer' }, conversations: [conv(41, 40)] })]) });
    stubApi({
      ...meRoute(),
      ...noLiveEvents,
      [`GET ${ORGANISER}`]: (call) => (call.query.has('apres') && fail ? { status: 500, body: {} } : pages(call)),
    });
    renderWithProviders(<MessagesPage />, { at: '/messages?onglet=organisateur', signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: MESSAGING_TEXTS.moreConversations }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGING_TEXTS.moreConversationsFailed);
    expect(screen.getByRole('heading', { name: 'Demande de Logo' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: MESSAGING_TEXTS.moreConversations }));
    expect(await screen.findByRole('heading', { name: 'Demande de Flyer' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cuts the last message at 25 characters and shows today’s time as HH:MM', async () => {
    const at = new Date();
    at.setHours(9, 5, 0, 0);
    const long = 'Bonjour, voici une nouvelle version du logo avec le doré';
    setup([buildGroup({ conversations: [buildSummary({ lastMessage: { message: long, createdAt: at.toISOString(), type: 1 } })] })], []);
    expect(await screen.findByText('Bonjour, voici une nouvel…')).toBeInTheDocument();
    expect(screen.getByText('09:05')).toBeInTheDocument();
    expect(previewOf(long)).toBe('Bonjour, voici une nouvel…');
    expect(previewOf('Court')).toBe('Court');
  });

  it('shows the date instead of the time for an older message', () => {
    const now = new Date(2025, 10, 12, 15, 0);
    expect(timeOrDate(new Date(2025, 10, 12, 8, 30).toISOString(), now)).toBe('08:30');
    expect(timeOrDate(new Date(2025, 10, 10, 8, 30).toISOString(), now)).toBe('10/11/2025');
  });

  it('says « Aucun message » when there is nothing to show', async () => {
    setup([], []);
    expect(await screen.findByText(MESSAGING.emptyList)).toBeInTheDocument();
  });

  it('opens the first-message dialog for a contest passed by the contest page, then the new conversation', async () => {
    const calls = stubApi({
      ...meRoute(),
      ...noLiveEvents,
      [`GET ${ORGANISER}`]: { body: buildPage([]) },
      [`GET ${PARTICIPANT}`]: { body: buildPage([]) },
      'POST /api/message/create': { body: { message: MESSAGING.sent, results: { idParticipation: 77, message: {} } } },
    });
    const { Navigate, Route, Routes } = await import('react-router');
    renderWithProviders(
      <Routes>
        <Route path="/details" element={<Navigate to="/messages" state={{ idConcours: 12 }} />} />
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/messages/:id" element={<p>conversation</p>} />
      </Routes>,
      { at: '/details', signedIn: true },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Envoyez un message à l’organisateur' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Votre message' }), 'Quelle police préférez-vous ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/77'));
    expect(calls.find((c) => c.path === '/api/message/create')?.body).toEqual({ idConcours: 12, message: 'Quelle police préférez-vous ?' });
  });
});
