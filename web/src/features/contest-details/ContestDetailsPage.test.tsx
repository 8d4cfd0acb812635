import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, PARTICIPATIONS, TEXT_PROPOSAL_MAX, type ContestDto, type ParticipationDto } from '@creadefi/domain';
import { buildContest, buildParticipation, buildUser, fail, ok, renderRoute, type Handler } from '../proposals/test-utils';
import { compileParticipateFlow } from '../participate/test-utils';
import ContestDetailsPage from './ContestDetailsPage';
import { prefetchContestPage } from './details-route';
import { withPlainSpaces } from '../../test/text';

const READ = 'GET /api/concours/read/7';
const MINE = 'GET /api/concours/7/ma-participation';
const ADD = 'POST /api/concours/add/participation';

function show(contest: ContestDto, options: { participation?: ParticipationDto | null; user?: ReturnType<typeof buildUser>; api?: Record<string, Handler> } = {}) {
  return renderRoute(<ContestDetailsPage />, {
    path: '/details-concours/:id',
    url: '/details-concours/7',
    user: options.user,
    api: {
      [READ]: () => ok({ results: { concours: contest } }),
      [MINE]: () => ok({ results: { participation: options.participation ?? null } }),
      ...options.api,
    },
  });
}

beforeAll(compileParticipateFlow);

afterEach(() => localStorage.clear());

describe('ContestDetailsPage', () => {
  it('takes the contest and the participation its route asked for early, without asking again', async () => {
    const { server, queryClient } = show(buildContest());
    // As the route does: the profile is still on its way.
    void prefetchContestPage(queryClient, 7);
    expect(server.callsTo(READ)).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 2, name: 'Boulangerie Dupain' })).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(MINE)).toHaveLength(1));
    expect(server.callsTo(READ)).toHaveLength(1);
    expect(server.callsTo(MINE)).toHaveLength(1);
  });

  it('shows the brief, the facts and the format line', async () => {
    show(buildContest());
    // The frame first: the band's title and line, the organiser's name left out.
    expect(await screen.findByRole('heading', { level: 1, name: PARTICIPATIONS.detailsTitle.open })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: PARTICIPATIONS.loadingContest })).toHaveTextContent('attend vos propositions. Lisez le brief');
    expect(await screen.findByRole('heading', { level: 2, name: 'Boulangerie Dupain' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: PARTICIPATIONS.loadingContest })).not.toBeInTheDocument();
    expect(screen.getByText(/attend vos propositions/)).toHaveTextContent('Boulangerie Dupain attend vos propositions. Lisez le brief');
    expect(screen.getByText('Du pain au levain cuit au feu de bois.')).toBeInTheDocument();
    expect(screen.getByText('Les familles du quartier.')).toBeInTheDocument();
    expect(screen.getByText('dupain')).toBeInTheDocument();
    expect(screen.getByText('04/03/2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Le mot de l'organisateur" })).toBeInTheDocument();
    expect(screen.getByText('Image PNG ou JPEG puis fichier source')).toBeInTheDocument();
    expect(screen.getByText('Fini')).toBeInTheDocument();
    expect(screen.getByText('192 €')).toBeInTheDocument();
    expect(screen.getByText('Design · Logo')).toBeInTheDocument();
  });

  it('puts the facts and the actions before the brief in the page, as a phone shows them', async () => {
    // A phone's first paint may come while the rest of the page is still arriving: what it shows
    // first must come first, or the brief would be pushed down once the facts arrive.
    show(buildContest());
    const brief = await screen.findByRole('heading', { level: 2, name: 'Boulangerie Dupain' });
    const participate = screen.getByRole('button', { name: 'Participer' });
    expect(participate.compareDocumentPosition(brief) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says "Anonyme" when the organiser hides their pseudo', async () => {
    show(buildContest({ User: { id: 99, pseudo: null } }));
    expect(await screen.findByText('Anonyme')).toBeInTheDocument();
  });

  it('enables both buttons while the contest is open', async () => {
    show(buildContest({ status: 2 }));
    expect(await screen.findByRole('button', { name: 'Participer' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Envoyer un message' })).toHaveAttribute('href', '/messages');
  });

  it('opens the conversation of an existing participation, and resumes its upload', async () => {
    const user = userEvent.setup();
    show(buildContest({ hasParticipated: true }), { participation: buildParticipation({ id: 40 }) });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Envoyer un message' })).toHaveAttribute('href', '/messages/40'));
    const add = screen.getAllByRole('button', { name: 'Ajouter des fichiers' });
    await user.click(add[0]!);
    expect(await screen.findByText('Un fichier est déjà envoyé pour cette participation.')).toBeInTheDocument();
  }, 15_000);

  it.each([3, 4, 5, -1])('disables both buttons at status %i', async (status) => {
    show(buildContest({ status }));
    expect(await screen.findByRole('button', { name: 'Participer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Envoyer un message' })).toBeDisabled();
    expect(screen.getByText(PARTICIPATIONS.notOpen)).toBeInTheDocument();
  });

  it('gives the organiser a link to the proposals instead', async () => {
    show(buildContest({ isOwner: true }));
    const link = await screen.findByRole('link', { name: 'Les participations' });
    expect(link).toHaveAttribute('href', '/participations/7');
    expect(screen.queryByRole('button', { name: 'Participer' })).not.toBeInTheDocument();
  });

  it('sends a talent without payment account to the status form, saying why', async () => {
    const user = userEvent.setup();
    show(buildContest(), { user: buildUser({ ownerId: null }) });
    await user.click(await screen.findByRole('button', { name: 'Participer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mon-profil/statut');
    const state = JSON.parse(screen.getByTestId('location-state').textContent!);
    expect(state).toEqual({ warning: MESSAGES.participations.statusRequired, from: '/details-concours/7' });
  });

  it('sends a talent without a name to the profile, which flags what is missing', async () => {
    const user = userEvent.setup();
    show(buildContest(), { user: buildUser({ firstName: null, lastName: null, socialReason: null }) });
    await user.click(await screen.findByRole('button', { name: 'Participer' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/mon-profil/informations-personnelles');
    expect(JSON.parse(screen.getByTestId('location-state').textContent!)).toEqual({ missingInfo: true });
  });

  it('refuses to go on without the commitment, then chains to the prerequisites and the upload', async () => {
    const user = userEvent.setup();
    const { server } = show(buildContest(), { api: { [ADD]: () => ok({ message: PARTICIPATIONS.added, results: { participation: { id: 40 } } }) } });
    await user.click(await screen.findByRole('button', { name: 'Participer' }));

    const first = await screen.findByRole('dialog', { name: /Engagement du participant/ });
    expect(within(first).getByText('Fichiers sources vectoriels (AI, SVG, EPS)')).toBeInTheDocument();
    expect(within(first).getByText("Cession complète des droits d'auteur")).toBeInTheDocument();
    await user.click(within(first).getByRole('button', { name: 'Continuer' }));
    expect(await within(first).findByText('Vous devez accepter les conditions pour continuer !')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: /Engagement de l’organisateur/ })).not.toBeInTheDocument();

    await user.click(within(first).getByRole('checkbox', { name: PARTICIPATIONS.commitmentLabel }));
    await user.click(within(first).getByRole('button', { name: 'Continuer' }));
    const second = await screen.findByRole('dialog', { name: /Engagement de l’organisateur/ });
    expect(within(second).getByText('Vos couleurs et typographies préférées')).toBeInTheDocument();
    expect(server.callsTo(ADD)).toHaveLength(0);

    await user.click(within(second).getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByText('Glissez vos fichiers ici ou cliquez pour les choisir')).toBeInTheDocument();
    expect(server.callsTo(ADD)[0]!.body).toEqual({ idConcours: 7, commitment: true });
  }, 15_000);

  it('shows the server message when the talent already took part', async () => {
    const user = userEvent.setup();
    show(buildContest(), { api: { [ADD]: () => fail(409, PARTICIPATIONS.alreadyParticipated) } });
    await user.click(await screen.findByRole('button', { name: 'Participer' }));
    await user.click(await screen.findByRole('checkbox', { name: PARTICIPATIONS.commitmentLabel }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByText(withPlainSpaces(PARTICIPATIONS.alreadyParticipated))).toBeInTheDocument();
  }, 15_000);

  it('takes a written proposal for a text contest, with a live counter, and confirms it', async () => {
    const user = userEvent.setup();
    const { server } = show(buildContest({ format: 5 }), { api: { [ADD]: () => ok({ message: PARTICIPATIONS.added, results: { participation: { id: 41 } } }) } });
    expect(await screen.findByText('Texte puis fichier source')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Participer' }));
    await user.click(await screen.findByRole('checkbox', { name: PARTICIPATIONS.commitmentLabel }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(await screen.findByRole('button', { name: 'Continuer' }));

    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(PARTICIPATIONS.textRequired)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Votre proposition' }), 'Le Fournil');
    expect(screen.getByText('10 / 20 000 caractères')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(withPlainSpaces(PARTICIPATIONS.added))).toBeInTheDocument();
    expect(server.callsTo(ADD)[0]!.body).toEqual({ idConcours: 7, commitment: true, inputText: 'Le Fournil' });
    expect(screen.getByRole('link', { name: 'Retour au concours' })).toHaveAttribute('href', '/details-concours/7');
  }, 15_000);

  it('a text past the limit is refused with the limit, not cut or sent', async () => {
    const user = userEvent.setup();
    const { server } = show(buildContest({ format: 5 }), { api: { [ADD]: () => ok({ message: PARTICIPATIONS.added, results: { participation: { id: 41 } } }) } });
    await user.click(await screen.findByRole('button', { name: 'Participer' }, { timeout: 5000 }));
    await user.click(await screen.findByRole('checkbox', { name: PARTICIPATIONS.commitmentLabel }, { timeout: 5000 }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(await screen.findByRole('button', { name: 'Continuer' }, { timeout: 5000 }));
    const box = await screen.findByRole('textbox', { name: 'Votre proposition' }, { timeout: 5000 });
    await user.click(box);
    await user.paste('mot '.repeat(TEXT_PROPOSAL_MAX / 4) + 'fin');
    expect((box as HTMLTextAreaElement).value).toHaveLength(TEXT_PROPOSAL_MAX + 3);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const refusal = PARTICIPATIONS.textTooLong(TEXT_PROPOSAL_MAX);
    expect(refusal).toBe('Votre proposition ne peut pas dépasser 20\u202f000 caractères.');
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining(refusal)), { timeout: 5000 });
    expect(server.callsTo(ADD)).toHaveLength(0);
  }, 30_000);

  it('shows the talent their text, cut at 220 characters with "voir plus"', async () => {
    const user = userEvent.setup();
    const text = `${'Une boulangerie qui sent bon le pain chaud. '.repeat(8)}FIN`;
    show(buildContest({ format: 5, hasParticipated: true }), { participation: buildParticipation({ inputText: text, fileParticipants: [] }) });
    const more = await screen.findByRole('button', { name: 'voir plus' });
    expect(screen.queryByText(/FIN$/)).not.toBeInTheDocument();
    await user.click(more);
    expect(screen.getByText(/FIN$/)).toBeInTheDocument();
  });

  it('tells a winner they won and leads them to the conversation, then to the wallet once paid', async () => {
    const { unmount } = show(buildContest({ status: 4, hasParticipated: true }), { participation: buildParticipation({ id: 40, isWinner: true }) });
    // Testing Library reads the page with its non-breaking spaces as plain ones.
    const plain = (text: string) => text.replace(/\u00a0/g, ' ');
    expect(await screen.findByText(plain(PARTICIPATIONS.youWon.title))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: PARTICIPATIONS.youWon.openConversation })).toHaveAttribute('href', '/messages/40');
    unmount();

    show(buildContest({ status: 5, hasParticipated: true }), { participation: buildParticipation({ id: 40, isWinner: true }) });
    expect(await screen.findByText(plain(PARTICIPATIONS.youWon.finished))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: PARTICIPATIONS.youWon.openConversation })).not.toBeInTheDocument();
  });

  it('lists the proposal files the talent sent, without the final files', async () => {
    show(buildContest({ hasParticipated: true }), {
      participation: buildParticipation({
        fileParticipants: [
          { ...buildParticipation().fileParticipants[0]!, id: 1, filename: 'logo-v1.png' },
          { ...buildParticipation().fileParticipants[0]!, id: 2, filename: 'sources.zip', isFinalFile: true, kind: 'final', preview: null, mime: 'application/zip' },
        ],
      }),
    });
    expect(await screen.findByText('logo-v1.png')).toBeInTheDocument();
    expect(screen.queryByText('sources.zip')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'logo-v1.png' })).toHaveAttribute('src', expect.stringMatching(/^blob:/)));
  });
});
