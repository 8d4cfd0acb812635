import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, NDA_TEXT, type ContestDto } from '@creadefi/domain';
import { buildContest, ok, renderRoute, type Handler } from '../proposals/test-utils';
import ContestDetailsPage from './ContestDetailsPage';
import { withPlainSpaces } from '../../test/text';

const F = MESSAGES.formats;
const READ = 'GET /api/concours/read/7';

function show(contest: ContestDto, api: Record<string, Handler> = {}) {
  return renderRoute(<ContestDetailsPage />, {
    path: '/details-concours/:id',
    url: '/details-concours/7',
    api: { [READ]: () => ok({ results: { concours: contest } }), 'GET /api/concours/7/ma-participation': () => ok({ results: { participation: null } }), ...api },
  });
}

const formats = (change: Partial<ContestDto['formats']>): ContestDto['formats'] => ({ isPrivate: false, proposalsOpen: false, hasFinalRound: false, finalRoundStartedAt: null, finalists: 0, ndaAccepted: true, teaser: false, ...change });

describe('the contest formats on the contest page', () => {
  it('says the prize is guaranteed, and why, beside the gain', async () => {
    show(buildContest());
    const badge = (await screen.findAllByText(F.guaranteed))[0]!;
    expect(badge.closest('[title]')).toHaveAttribute('title', F.guaranteedTooltip);
    expect(screen.getAllByText(withPlainSpaces(F.guaranteedTooltip)).length).toBeGreaterThan(0);
  });

  it('shows a private contest as a teaser with its agreement, then the brief once accepted', async () => {
    const user = userEvent.setup();
    const teaser = buildContest({ companyName: '', message: '', companySkills: '', target: '', site: null, formats: formats({ isPrivate: true, ndaAccepted: false, teaser: true }) });
    const full = buildContest({ formats: formats({ isPrivate: true }) });
    const { server } = show(teaser, { 'POST /api/concours/7/nda': () => ok({ message: F.ndaAccepted, results: { concours: full } }) });
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(F.ndaTitle) })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(NDA_TEXT))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MESSAGES.contests.participate })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: F.ndaAccept }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Boulangerie Dupain' })).toBeInTheDocument();
    expect(server.callsTo('POST /api/concours/7/nda')).toHaveLength(1);
    expect(screen.getByText(F.privateBadge)).toBeInTheDocument();
  });

  it('shows the other talents’ previews in an open contest, and nothing of it in a blind one', async () => {
    const gallery = { proposals: [{ id: 40, number: 1, pseudo: 'talent40', isFinalist: false, previews: [400, 401] }], page: 1, pageSize: 48, total: 1 };
    const { server } = show(buildContest({ formats: formats({ proposalsOpen: true }) }), { 'GET /api/concours/7/galerie': () => ok({ results: gallery }) });
    const section = await screen.findByRole('region', { name: F.galleryTitle });
    expect(await within(section).findAllByText(withPlainSpaces(F.proposalOf(1, 'talent40')))).toHaveLength(2);
    expect(screen.getByText(F.openBadge)).toBeInTheDocument();
    // Only previews are asked for, never an original.
    await within(section).findAllByRole('img');
    const files = server.calls.filter((c) => c.path.startsWith('/api/files/')).map((c) => c.path);
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((path) => path.endsWith('/preview'))).toBe(true);
  });

  it('keeps a blind contest blind', async () => {
    const { server } = show(buildContest());
    expect(await screen.findByText(F.blindBadge)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: F.galleryTitle })).not.toBeInTheDocument();
    expect(server.callsTo('GET /api/concours/7/galerie')).toHaveLength(0);
  });
});
