import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BRIEF_FIELDS, CONTEST_STATUS, CONTESTS } from '@creadefi/domain';
import EditContestPage from './EditContestPage';
import { buildContest, buildUser, fail, ok, renderRoute, type ApiCall } from './test-utils';
import { withPlainSpaces } from '../../test/text';

const owner = buildUser({ id: 10 });

function showEdit(contest = buildContest({ id: 12, idConcoureur: owner.id, isOwner: true }), update: (call: ApiCall) => ReturnType<typeof ok> = () => ok({ message: CONTESTS.updated })) {
  return renderRoute(<EditContestPage />, {
    path: '/modifier-concours/:id',
    url: `/modifier-concours/${contest.id}`,
    user: owner,
    api: { [`GET /api/concours/read/${contest.id}`]: () => ok({ results: { concours: contest } }), 'POST /api/concours/update': update },
  });
}

describe('EditContestPage', () => {
  it('loads the brief into the form and sends the changes', async () => {
    const user = userEvent.setup();
    const { server } = showEdit();
    expect(await screen.findByRole('heading', { level: 1, name: 'Modifier le concours' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Nom de l’entreprise/ });
    expect(name).toHaveValue('Boulangerie Dupain');
    await user.clear(name);
    await user.type(name, 'Maison Dupain');
    await user.click(screen.getByRole('button', { name: 'Modifier' }));

    await waitFor(() => expect(server.callsTo('POST /api/concours/update')).toHaveLength(1));
    expect(server.callsTo('POST /api/concours/update')[0]!.body).toEqual({
      idConcours: 12,
      companyName: 'Maison Dupain',
      companySkills: 'Du pain au levain cuit au feu de bois.',
      target: 'Les familles du quartier.',
      site: 'https://dupain.example.fr',
      message: 'Nous cherchons un logo chaleureux pour notre boulangerie de quartier.',
      cursorModern: 3,
      cursorYoung: 2,
      cursorFun: 1,
      cursorLuxury: 4,
    });
    expect(await screen.findByText(CONTESTS.updated)).toBeInTheDocument();
  });

  it('asks about the activity in the words of the creation wizard', async () => {
    showEdit();
    const skills = await screen.findByRole('textbox', { name: new RegExp(`^${BRIEF_FIELDS.companySkills.label}`) });
    expect(skills).toHaveValue('Du pain au levain cuit au feu de bois.');
    expect(skills).toHaveAccessibleDescription(BRIEF_FIELDS.companySkills.description);
    expect(screen.queryByText(/Ce pour quoi votre entreprise est connue/)).toBeNull();
  });

  it('shows the four sliders with their two ends', async () => {
    showEdit();
    expect(await screen.findByRole('slider', { name: 'Classique – Moderne' })).toHaveAttribute('aria-valuenow', '3');
    expect(screen.getByRole('slider', { name: 'Jeune – Mature' })).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByRole('slider', { name: 'Drôle – Sérieuse' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('slider', { name: 'Discount – Luxueux' })).toHaveAttribute('aria-valuenow', '4');
  });

  it('refuses an empty required field without calling the server', async () => {
    const user = userEvent.setup();
    const { server } = showEdit();
    const target = await screen.findByRole('textbox', { name: /Votre cible/ });
    await user.clear(target);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    expect(await screen.findByText(withPlainSpaces(CONTESTS.briefRequired))).toBeInTheDocument();
    expect(server.callsTo('POST /api/concours/update')).toHaveLength(0);
  });

  it.each([
    ['finalised', CONTEST_STATUS.awaitingFinalFiles],
    ['finished', CONTEST_STATUS.finished],
  ])('locks the form once the contest is %s', async (_, status) => {
    showEdit(buildContest({ id: 12, idConcoureur: owner.id, isOwner: true, status }));
    const button = await screen.findByRole('button', { name: CONTESTS.editLocked });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Nom de l’entreprise/ })).toBeDisabled();
    expect(screen.getByText(withPlainSpaces(CONTESTS.editLockedMessage))).toBeInTheDocument();
  });

  it('keeps the form open while the organiser still chooses winners', async () => {
    showEdit(buildContest({ id: 12, idConcoureur: owner.id, isOwner: true, status: CONTEST_STATUS.awaitingWinner }));
    expect(await screen.findByRole('button', { name: 'Modifier' })).toBeEnabled();
  });

  it('tells someone else that the contest is not theirs', async () => {
    showEdit(buildContest({ id: 12, idConcoureur: 77, isOwner: false }));
    expect(await screen.findByRole('heading', { name: CONTESTS.notOwner })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Retour aux concours' })).toHaveAttribute('href', '/');
  });

  it('says when the contest does not exist', async () => {
    renderRoute(<EditContestPage />, { path: '/modifier-concours/:id', url: '/modifier-concours/404', user: owner, api: { 'GET /api/concours/read/404': () => fail(404, CONTESTS.notFound) } });
    expect(await screen.findByRole('heading', { name: CONTESTS.notFound })).toBeInTheDocument();
  });
});
