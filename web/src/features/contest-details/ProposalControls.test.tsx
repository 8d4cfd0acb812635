import { afterEach, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FOLLOW_UP, FORMAT, MESSAGES, PARTICIPATIONS, type ContestDto, type ParticipationDto } from '@creadefi/domain';
import { buildContest, buildFile, buildParticipation, ok, renderRoute, type Handler } from '../proposals/test-utils';
import ContestDetailsPage from './ContestDetailsPage';
import { withPlainSpaces } from '../../test/text';

const MINE = 'GET /api/concours/7/ma-participation';

function show(contest: ContestDto, participation: ParticipationDto, api: Record<string, Handler> = {}) {
  let current = participation;
  const view = renderRoute(<ContestDetailsPage />, {
    path: '/details-concours/:id',
    url: '/details-concours/7',
    api: {
      'GET /api/concours/read/7': () => ok({ results: { concours: contest } }),
      [MINE]: () => ok({ results: { participation: current } }),
      ...api,
    },
  });
  return { ...view, become: (next: ParticipationDto) => (current = next) };
}

// The contest page loads its parts lazily: the first render takes a moment on a busy machine.
configure({ asyncUtilTimeout: 8000 });
afterEach(() => localStorage.clear());

const files = [buildFile({ id: 31, filename: 'logo-a.png' }), buildFile({ id: 32, filename: 'logo-b.png' })];

describe('the talent’s controls on their own proposal', () => {
  it('withdraws the whole proposal after confirming, while the contest is open', async () => {
    const user = userEvent.setup();
    const { server, become } = show(buildContest({ status: 2 }), buildParticipation({ id: 5, fileParticipants: files, participantFile: files }), {
      'POST /api/participation/withdraw': () => ok({ message: FOLLOW_UP.withdrawn }),
    });
    await user.click(await screen.findByRole('button', { name: FOLLOW_UP.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: FOLLOW_UP.withdrawTitle });
    become(buildParticipation({ id: 5, isParticipating: false, fileParticipants: [], participantFile: [] }));
    await user.click(within(dialog).getByRole('button', { name: FOLLOW_UP.withdrawConfirm }));
    await waitFor(() => expect(server.callsTo('POST /api/participation/withdraw')[0]?.body).toEqual({ idParticipation: 5 }));
    expect(await screen.findByText(FOLLOW_UP.withdrawn)).toBeInTheDocument();
    expect(await screen.findByText('Votre participation ne contient encore aucune proposition.')).toBeInTheDocument();
  });

  it('withdraws one file, warning when it is the last', async () => {
    const user = userEvent.setup();
    const { server } = show(buildContest({ status: 2 }), buildParticipation({ id: 5, fileParticipants: files, participantFile: files }), {
      'POST /api/participation/file/withdraw': () => ok({ message: FOLLOW_UP.fileWithdrawn, results: { withdrawn: false } }),
    });
    await user.click(await screen.findByRole('button', { name: FOLLOW_UP.withdrawFile('logo-b.png') }));
    const dialog = await screen.findByRole('dialog', { name: FOLLOW_UP.withdrawFileTitle });
    expect(within(dialog).getByText(/logo-b\.png.+sera supprimé de votre proposition/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: FOLLOW_UP.withdrawConfirm }));
    await waitFor(() => expect(server.callsTo('POST /api/participation/file/withdraw')[0]?.body).toEqual({ idParticipation: 5, idFile: 32 }));
  });

  it('offers nothing to change for a chosen proposal or a closed contest, and shows the stars once finalised', async () => {
    show(buildContest({ status: 4 }), buildParticipation({ id: 5, stars: 4, fileParticipants: files, participantFile: files }));
    expect(await screen.findByText(FOLLOW_UP.starsOutOfFive(4))).toBeInTheDocument();
    expect(screen.getByText(FOLLOW_UP.yourStars)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdraw })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdrawFile('logo-a.png') })).not.toBeInTheDocument();
  });

  it('hides the stars while the contest is open, and a winner cannot withdraw', async () => {
    show(buildContest({ status: 2 }), buildParticipation({ id: 5, isWinner: true, stars: 0, fileParticipants: files, participantFile: files }));
    expect(await screen.findByText('logo-a.png')).toBeInTheDocument();
    expect(screen.queryByText(FOLLOW_UP.yourStars)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdraw })).not.toBeInTheDocument();
  });

  it('offers nothing to change once the end date has passed, before the contest’s status moves', async () => {
    show(buildContest({ status: 2, endDate: new Date(Date.now() - 60_000).toISOString() }), buildParticipation({ id: 5, fileParticipants: files, participantFile: files }));
    expect(await screen.findByText('logo-a.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdraw })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdrawFile('logo-a.png') })).not.toBeInTheDocument();
  });

  it('rewords a text proposal and refuses an empty one', async () => {
    const user = userEvent.setup();
    const { server } = show(buildContest({ status: 2, format: FORMAT.text }), buildParticipation({ id: 5, inputText: 'Le pain d’avant', fileParticipants: [], participantFile: [] }), {
      'POST /api/participation/update/text': () => ok({ message: FOLLOW_UP.textUpdated }),
    });
    await user.click(await screen.findByRole('button', { name: FOLLOW_UP.editText }));
    const field = screen.getByLabelText(FOLLOW_UP.editTextLabel);
    await user.clear(field);
    expect(screen.getByText(FOLLOW_UP.textRequired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: FOLLOW_UP.save })).toBeDisabled();
    await user.type(field, 'Le pain d’ici');
    await user.click(screen.getByRole('button', { name: FOLLOW_UP.save }));
    await waitFor(() => expect(server.callsTo('POST /api/participation/update/text')[0]?.body).toEqual({ idParticipation: 5, inputText: 'Le pain d’ici' }));
    expect(await screen.findByText(FOLLOW_UP.textUpdated)).toBeInTheDocument();
  });

  it('promises another go in the withdraw dialog while the contest is open', async () => {
    const user = userEvent.setup();
    show(buildContest({ status: 2 }), buildParticipation({ id: 5, fileParticipants: files, participantFile: files }));
    await user.click(await screen.findByRole('button', { name: FOLLOW_UP.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: FOLLOW_UP.withdrawTitle });
    expect(within(dialog).getByText(`${FOLLOW_UP.withdrawExplain} ${FOLLOW_UP.withdrawAgain}`)).toBeInTheDocument();
  });
});

/** A contest in its final round, started an hour ago and ending in three days. */
function inFinal(overrides: Partial<ContestDto> = {}): ContestDto {
  const contest = buildContest({ status: 2, companyName: 'Fromagerie Finale', ...overrides });
  return { ...contest, formats: { ...contest.formats, hasFinalRound: true, finalRoundStartedAt: new Date(Date.now() - 3_600_000).toISOString(), finalists: 1 } };
}

describe('what the contest page offers, by where the contest stands for its reader', () => {
  /** The title and the line under it, both saying where the contest stands for this reader. */
  const lead = async (stage: keyof typeof PARTICIPATIONS.detailsLead) => {
    expect(await screen.findByRole('heading', { level: 1, name: PARTICIPATIONS.detailsTitle[stage] })).toBeInTheDocument();
    return screen.findByText((_, node) => node?.tagName === 'P' && node.textContent === `Fromagerie Finale ${PARTICIPATIONS.detailsLead[stage]}`);
  };

  it('offers a talent not chosen for the final nothing to add or withdraw, and says the final is the finalists’ alone', async () => {
    show(inFinal(), buildParticipation({ id: 5, isFinalist: false, fileParticipants: files, participantFile: files }));
    expect(await lead('notFinalist')).toBeInTheDocument();
    expect(await screen.findByText('logo-a.png')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: PARTICIPATIONS.detailsPage.addFiles })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdraw })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: FOLLOW_UP.withdrawFile('logo-a.png') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Participer/ })).toBeDisabled();
    expect(screen.getByText(withPlainSpaces(MESSAGES.formats.finalistsOnly))).toBeInTheDocument();
    expect(screen.queryByText(withPlainSpaces(PARTICIPATIONS.detailsLead.open), { exact: false })).not.toBeInTheDocument();
  });

  it('lets a finalist add and withdraw during the final, promising another go until its end', async () => {
    const user = userEvent.setup();
    show(inFinal(), buildParticipation({ id: 5, isFinalist: true, fileParticipants: files, participantFile: files }));
    expect(await lead('finalist')).toBeInTheDocument();
    expect(await screen.findAllByRole('button', { name: PARTICIPATIONS.detailsPage.addFiles })).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: FOLLOW_UP.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: FOLLOW_UP.withdrawTitle });
    expect(within(dialog).getByText(`${FOLLOW_UP.withdrawExplain} ${FOLLOW_UP.withdrawAgainInFinal}`)).toBeInTheDocument();
  });

  it('no longer calls for proposals once the contest has ended, nor once its winners are chosen', async () => {
    const { unmount } = show(buildContest({ status: 3, companyName: 'Fromagerie Finale' }), buildParticipation({ id: 5, fileParticipants: files, participantFile: files }));
    expect(await lead('judging')).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(PARTICIPATIONS.notOpen))).toBeInTheDocument();
    unmount();
    show(buildContest({ status: 5, companyName: 'Fromagerie Finale' }), buildParticipation({ id: 5, fileParticipants: files, participantFile: files }));
    expect(await lead('finalised')).toBeInTheDocument();
  });
});
