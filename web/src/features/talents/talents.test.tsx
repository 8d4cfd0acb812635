import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type PollDto, type PollResultsDto, type TalentProfileDto } from '@creadefi/domain';
import { callsTo, meRoute, renderWithProviders, stubApi } from '../../test/render';
import { withPlainSpaces } from '../../test/text';
import { TalentProfile } from './TalentProfilePage';
import { PollForm } from './PollPage';
import PollVoteConfirmPage, { PollVoteOutcome, resetPollVoteAnswers } from './PollVoteConfirmPage';
import { PollResults } from './PollResultsPage';

const T = MESSAGES.talents;

const talent: TalentProfileDto = {
  pseudo: 'ines_roux',
  avatarUrl: null,
  bio: 'Graphiste à Nantes.',
  categories: [{ id: 1, name: 'Design' }],
  memberSince: '2026-11-03T10:00:00.000Z',
  wins: 6,
  proposals: 14,
  averageStars: 4.1,
  ratedContests: 3,
  level: 'expert',
  portfolio: [{ idParticipation: 9, companyName: 'Phare du Large', previewUrl: '/api/talents/ines_roux/portfolio/31' }],
};

afterEach(() => localStorage.clear());

describe('the talent profile', () => {
  it('shows the photo beside the pseudo, as a picture without words, or the initials without one', () => {
    stubApi();
    const view = renderWithProviders(<TalentProfile talent={{ ...talent, avatarUrl: '/api/talents/ines_roux/avatar?v=0123456789abcdef' }} canInvite={false} />);
    const photo = view.container.querySelector('img[src="/api/talents/ines_roux/avatar?v=0123456789abcdef"]');
    expect(photo).toHaveAttribute('alt', '');
    view.unmount();
    const initials = renderWithProviders(<TalentProfile talent={talent} canInvite={false} />);
    expect(initials.container.querySelector('img[src*="/avatar"]')).toBeNull();
  });

  it('shows the level, the counters, the month of arrival, the presentation and the portfolio previews', () => {
    stubApi();
    renderWithProviders(<TalentProfile talent={talent} canInvite={false} />);
    expect(screen.getByRole('heading', { level: 1, name: 'ines_roux' })).toBeInTheDocument();
    expect(screen.getByText('Expert')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    expect(screen.getByText('victoires')).toBeInTheDocument();
    expect(screen.getByText('4,1 / 5 sur 3 concours')).toBeInTheDocument();
    expect(screen.getByText('Membre depuis novembre 2026')).toBeInTheDocument();
    expect(screen.getByText('Graphiste à Nantes.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Création gagnante pour Phare du Large' })).toHaveAttribute('src', '/api/talents/ines_roux/portfolio/31');
    expect(screen.queryByRole('button', { name: T.invite })).not.toBeInTheDocument();
  });

  it('says when nothing is rated nor shown yet', () => {
    stubApi();
    renderWithProviders(<TalentProfile talent={{ ...talent, averageStars: null, portfolio: [], bio: '', level: 'debutant' }} canInvite={false} />);
    expect(screen.getByText(T.noRating)).toBeInTheDocument();
    expect(screen.getByText(T.portfolioEmpty)).toBeInTheDocument();
    expect(screen.getByText(T.noBio)).toBeInTheDocument();
    expect(screen.getByText('Débutant')).toBeInTheDocument();
  });

  it('invites the talent to one of the organiser’s open contests', async () => {
    let invited = false;
    const calls = stubApi({
      'GET /api/talents/ines_roux/invitable-contests': () => ({ body: { results: { contests: [{ idConcours: 4, companyName: 'Cidrerie Bocage', invited }] } } }),
      'POST /api/talents/invitations': () => {
        invited = true;
        return { body: { message: T.invitationSent('ines_roux'), results: { created: true } } };
      },
    });
    renderWithProviders(<TalentProfile talent={talent} canInvite />);
    await userEvent.click(screen.getByRole('button', { name: T.invite }));
    const dialog = await screen.findByRole('dialog', { name: T.inviteTitle('ines_roux') });
    await userEvent.click(await within(dialog).findByRole('button', { name: `${T.inviteSend} — Cidrerie Bocage` }));
    expect(await screen.findByText(T.invitationSent('ines_roux'))).toBeInTheDocument();
    expect(callsTo(calls, 'POST /api/talents/invitations')[0]!.body).toEqual({ idConcours: 4, pseudo: 'ines_roux' });
    expect(await within(dialog).findByRole('button', { name: T.invited })).toBeDisabled();
  });
});

const poll: PollDto = {
  token: 'a'.repeat(32),
  companyName: 'Brasserie Étoile',
  items: [
    { idParticipation: 11, number: 1, previewUrl: '/api/polls/x/preview/1' },
    { idParticipation: 12, number: 2, previewUrl: '/api/polls/x/preview/2' },
  ],
};

describe('the poll', () => {
  it('asks a visitor for a choice and an e-mail address, sends no voter of its own, and says where the link went', async () => {
    const calls = stubApi({ [`POST /api/polls/${poll.token}/vote`]: { body: { message: T.pollVoteMailSent('camille@example.com'), results: { pending: true } } } });
    renderWithProviders(<PollForm poll={poll} />);
    await userEvent.click(screen.getByRole('button', { name: T.pollVote }));
    expect(await screen.findByText(T.pollChoiceRequired)).toBeInTheDocument();
    expect(screen.getByText(T.pollEmailRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Proposition 2' }));
    await userEvent.type(screen.getByLabelText(T.pollComment), 'La plus lisible');
    await userEvent.type(screen.getByRole('textbox', { name: T.pollEmail }), 'pas-une-adresse');
    await userEvent.click(screen.getByRole('button', { name: T.pollVote }));
    expect(await screen.findByText(MESSAGES.common.invalidEmail)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.clear(screen.getByRole('textbox', { name: T.pollEmail }));
    await userEvent.type(screen.getByRole('textbox', { name: T.pollEmail }), ' Camille@Example.com ');
    await userEvent.click(screen.getByRole('button', { name: T.pollVote }));
    expect(await screen.findByText(withPlainSpaces(T.pollVoteMailSent('camille@example.com')))).toBeInTheDocument();
    expect(callsTo(calls, `POST /api/polls/${poll.token}/vote`)[0]!.body).toEqual({ idParticipation: 12, email: 'camille@example.com', comment: 'La plus lisible' });
    expect(screen.queryByRole('button', { name: T.pollVote })).not.toBeInTheDocument();
  });

  it('lets a signed-in member vote as themselves, without an address, and says so when they already voted', async () => {
    const calls = stubApi({ ...meRoute(), [`POST /api/polls/${poll.token}/vote`]: { status: 409, body: { message: { message: T.pollAlreadyVoted, code: 409 } } } });
    renderWithProviders(<PollForm poll={poll} />, { signedIn: true });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: T.pollEmail })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('radio', { name: 'Proposition 1' }));
    await userEvent.click(screen.getByRole('button', { name: T.pollVote }));
    expect(await screen.findByText(T.pollAlreadyVoted)).toBeInTheDocument();
    expect(callsTo(calls, `POST /api/polls/${poll.token}/vote`)[0]!.body).toEqual({ idParticipation: 11 });
  });

  it('follows the mailed link once, then offers the way back to the poll, or says why the vote does not count', async () => {
    resetPollVoteAnswers();
    const calls = stubApi({ 'POST /api/poll-votes/confirm': { body: { message: T.pollVoted, results: { pollToken: poll.token } } } });
    const page = renderWithProviders(
      <Routes>
        <Route path="/vote-sondage/:voteToken" element={<PollVoteConfirmPage />} />
      </Routes>,
      { at: '/vote-sondage/lien-de-vote-0123456789abcdef' },
    );
    expect(await screen.findByText(withPlainSpaces(T.pollVoted))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: T.pollBackToPoll })).toHaveAttribute('href', `/sondage/${poll.token}`);
    expect(callsTo(calls, 'POST /api/poll-votes/confirm').map((c) => c.body)).toEqual([{ token: 'lien-de-vote-0123456789abcdef' }]);
    page.unmount();
    renderWithProviders(<PollVoteOutcome outcome={{ ok: false, message: T.pollLinkUsed }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(withPlainSpaces(T.pollLinkUsed));
  });

  it('shows the organiser the votes per proposal, the total, the votes refused and the comments', () => {
    stubApi();
    const results: PollResultsDto = {
      ...poll,
      idConcours: 3,
      total: 3,
      refused: 2,
      counts: [
        { idParticipation: 11, votes: 1 },
        { idParticipation: 12, votes: 2 },
      ],
      comments: [{ idParticipation: 12, comment: 'Le vert va bien.', createdAt: '2026-11-27T10:00:00.000Z' }],
    };
    renderWithProviders(<PollResults poll={results} />);
    expect(screen.getByRole('heading', { name: `${T.pollResults} — 3 votes au total` })).toBeInTheDocument();
    expect(screen.getByTestId('poll-refused')).toHaveTextContent('2 votes refusés');
    expect(screen.getByTestId('votes-11')).toHaveTextContent('1 vote');
    expect(screen.getByTestId('votes-12')).toHaveTextContent('2 votes');
    expect(screen.getByText('Le vert va bien.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: T.pollLink })).toHaveValue(`http://localhost:3000/sondage/${poll.token}`);
  });
});
