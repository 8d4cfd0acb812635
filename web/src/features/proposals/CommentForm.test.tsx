import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMMENT_MAX, MESSAGES, type ParticipationDto } from '@creadefi/domain';
import { buildContest, buildParticipation, buildProposalsPage, fail, ok, renderRoute, type Handler } from './test-utils';
import ProposalsPage from './ProposalsPage';
import { withPlainSpaces } from '../../test/text';

const F = MESSAGES.feedback;
const COMMENT = 'POST /api/participation/comment';

function show({ status = 2, proposals = [buildParticipation({ id: 40, number: 1 })], comment }: { status?: number; proposals?: ParticipationDto[]; comment?: Handler } = {}) {
  return renderRoute(<ProposalsPage />, {
    path: '/participations/:id',
    url: '/participations/7',
    api: {
      'GET /api/concours/read/7': () => ok({ results: { concours: buildContest({ status, isOwner: true }) } }),
      'GET /api/concours/7/participations': () => ok({ results: buildProposalsPage(proposals, { status }) }),
      'GET /api/concours/readAll/winner/7': () => ok({ results: { concours: { participations: [] } } }),
      'GET /api/concours/7/way-out': () => ok({ results: { wayOut: { idConcours: 7, status, shown: false, mayExtend: false, extendedAt: null, endDate: null, mayRequestRefund: false, refundRefusal: null, request: null, refundedAt: null } } }),
      [COMMENT]: comment ?? ((call) => ok({ message: F.saved, results: { comment: { text: (call.body as { comment: string }).comment, at: '2026-03-05T10:00:00.000Z' } } })),
    },
  });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

async function openFromCard(comment?: Handler) {
  const user = userEvent.setup();
  const view = show({ comment });
  const card = await screen.findByRole('article', { name: 'Proposition #1 de talent40' });
  await user.click(within(card).getByRole('button', { name: F.openLabel(1) }));
  const dialog = await screen.findByRole('dialog');
  // The form arrives with its own code, once the dialog is open.
  return { user, view, dialog, field: await within(dialog).findByRole('textbox', { name: F.label }) };
}

describe('the organiser’s comment form', () => {
  it('refuses an empty or too long comment without asking the server', async () => {
    const { user, view, dialog, field } = await openFromCard();
    await user.click(within(dialog).getByRole('button', { name: F.send }));
    expect(await within(dialog).findByText(withPlainSpaces(F.commentRequired))).toBeInTheDocument();
    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: F.send }));
    expect(await within(dialog).findByText(withPlainSpaces(F.commentRequired))).toBeInTheDocument();
    await user.clear(field);
    await user.click(field);
    await user.paste('a'.repeat(COMMENT_MAX + 1));
    expect(within(dialog).getByText(withPlainSpaces(F.count(COMMENT_MAX + 1, COMMENT_MAX)))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: F.send }));
    expect(await within(dialog).findByText(withPlainSpaces(F.commentTooLong(COMMENT_MAX)))).toBeInTheDocument();
    expect(view.server.callsTo(COMMENT)).toHaveLength(0);
  });

  it('sends the trimmed comment, says so, closes and marks the card « Commentée »', async () => {
    const { user, view, dialog, field } = await openFromCard();
    await user.type(field, '  Les couleurs sont justes, la typographie moins.  ');
    await user.click(within(dialog).getByRole('button', { name: F.send }));
    await waitFor(() => expect(view.server.callsTo(COMMENT)).toHaveLength(1));
    expect(view.server.callsTo(COMMENT)[0]!.body).toEqual({ idParticipation: 40, comment: 'Les couleurs sont justes, la typographie moins.' });
    expect(await screen.findByText(F.saved)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('article', { name: 'Proposition #1 de talent40' })).findByText(F.commented)).toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the text', async () => {
    const { user, dialog, field } = await openFromCard(() => fail(409, F.onlyWhileJudging));
    await user.type(field, 'Bien');
    await user.click(within(dialog).getByRole('button', { name: F.send }));
    expect(await screen.findByText(withPlainSpaces(F.onlyWhileJudging))).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(field).toHaveValue('Bien');
  });

  it('offers to replace a comment already sent, with its date, in the viewer too', async () => {
    const user = userEvent.setup();
    show({ proposals: [buildParticipation({ id: 40, number: 1, comment: { text: 'Premier avis', at: '2026-03-05T10:00:00.000Z' } })] });
    const card = await screen.findByRole('article', { name: 'Proposition #1 de talent40' });
    expect(within(card).getByText(F.commented)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Agrandir la proposition #1' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('textbox', { name: F.label })).toHaveValue('Premier avis');
    expect(within(dialog).getByRole('button', { name: F.update })).toBeInTheDocument();
    expect(within(dialog).getByText(withPlainSpaces(`${F.count(12, COMMENT_MAX)} · ${F.sentOn('05/03/2026')}`))).toBeInTheDocument();
  });

  it('is not offered once the winners are chosen', async () => {
    show({ status: 4 });
    const card = await screen.findByRole('article', { name: 'Proposition #1 de talent40' });
    expect(within(card).queryByRole('button', { name: F.openLabel(1) })).not.toBeInTheDocument();
  });
});
