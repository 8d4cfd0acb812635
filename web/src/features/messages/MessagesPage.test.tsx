import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGING } from '@creadefi/domain';
import { meRoute, renderWithProviders, stubApi } from '../../test/render';
import MessagesPage from './MessagesPage';
import { previewOf, timeOrDate } from './format';
import { buildGroup, buildSummary, noLiveEvents } from './test-utils';

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

function setup(organiser = organiserGroups, participant = participantGroups) {
  const calls = stubApi({
    ...meRoute(),
    ...noLiveEvents,
    'GET /api/message/read/byConcours': { body: { results: { concours: organiser } } },
    'GET /api/message/read/byParticipation': { body: { results: { concours: participant } } },
  });
  const view = renderWithProviders(<MessagesPage />, { at: '/messages', signedIn: true });
  return { calls, ...view };
}

describe('MessagesPage', () => {
  it('merges both lists under "Tout", with groups titled by sub-category and company', async () => {
    const { calls } = setup();
    expect(await screen.findByRole('heading', { name: 'Demande de Logo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Demande de Flyer' })).toBeInTheDocument();
    expect(screen.getByText('Boulangerie Dupain')).toBeInTheDocument();
    expect(screen.getByText('Studio Yoga')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/message/read/byConcours')).toBe(true);
    expect(calls.some((c) => c.path === '/api/message/read/byParticipation')).toBe(true);
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

  it('hides finished and cancelled contests while "Seulement les concours en cours" is on', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Demande de Flyer' });
    const toggle = screen.getByRole('switch', { name: MESSAGING.onlyRunning });
    expect(toggle).toBeChecked();
    expect(screen.queryByRole('heading', { name: 'Demande de Affiche' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Demande de Nom de boîte' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(await screen.findByRole('heading', { name: 'Demande de Affiche' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Demande de Nom de boîte' })).toBeInTheDocument();
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

  it('says "Aucun messages" when there is nothing to show', async () => {
    setup([], []);
    expect(await screen.findByText(MESSAGING.emptyList)).toBeInTheDocument();
  });

  it('opens the first-message dialog for a contest passed by the contest page, then the new conversation', async () => {
    const calls = stubApi({
      ...meRoute(),
      ...noLiveEvents,
      'GET /api/message/read/byConcours': { body: { results: { concours: [] } } },
      'GET /api/message/read/byParticipation': { body: { results: { concours: [] } } },
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
    const dialog = await screen.findByRole('dialog', { name: 'Envoyez un message au concoureur' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Votre message' }), 'Quelle police préférez-vous ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/messages/77'));
    expect(calls.find((c) => c.path === '/api/message/create')?.body).toEqual({ idConcours: 12, message: 'Quelle police préférez-vous ?' });
  });
});
