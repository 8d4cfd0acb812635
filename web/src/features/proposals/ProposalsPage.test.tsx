import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTEST_STATUS, formatEuros, MESSAGES, PARTICIPATIONS, type ParticipationDto } from '@creadefi/domain';
import { buildContest, buildFile, buildParticipation, buildProposalsPage, fail, ok, renderRoute, type ApiCall, type Handler } from './test-utils';
import ProposalsPage from './ProposalsPage';
import { withPlainSpaces } from '../../test/text';

const READ = 'GET /api/concours/read/7';
const LIST = 'GET /api/concours/7/participations';
const WINNERS = 'GET /api/concours/readAll/winner/7';
const STARS = 'POST /api/participation/stars/update';
const ADD_WINNER = 'POST /api/concours/winner/add';
const PREFINAL = 'POST /api/concours/winner/prefinal';
const PAYIN = 'POST /api/payment/create/web/payin';

interface Options {
  status?: number;
  isOwner?: boolean;
  proposals?: ParticipationDto[];
  winners?: ParticipationDto[];
  list?: Handler;
  api?: Record<string, Handler>;
}

function show({ status = 2, isOwner = true, proposals = [buildParticipation({ id: 40 }), buildParticipation({ id: 41, stars: 4 })], winners = [], list, api }: Options = {}) {
  return renderRoute(<ProposalsPage />, {
    path: '/participations/:id',
    url: '/participations/7',
    api: {
      [READ]: () => ok({ results: { concours: buildContest({ status, isOwner }) } }),
      [LIST]: list ?? (() => ok({ results: buildProposalsPage(proposals, { status }) })),
      [WINNERS]: () => ok({ results: { concours: { participations: winners } } }),
      'GET /api/concours/7/way-out': () => ok({ results: { wayOut: { idConcours: 7, status, shown: false, mayExtend: false, extendedAt: null, endDate: null, mayRequestRefund: false, refundRefusal: null, request: null, refundedAt: null } } }),
      ...api,
    },
  });
}

const filterOf = (call: ApiCall) => call.query.get('filtre');

/** A star is clicked through its visible label, as a person does. */
function star(card: HTMLElement, n: number): HTMLElement {
  const input = within(card).getByLabelText(n > 1 ? `${n} étoiles` : `${n} étoile`);
  return card.querySelector(`label[for="${input.id}"]`)!;
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** The panel's « Finaliser le concours », once the winners are drawn: it stays disabled while they load. */
async function finaliseButton() {
  const button = await screen.findByRole('button', { name: 'Finaliser le concours' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('ProposalsPage', () => {
  it('tells the organiser which proposal a flagged one looks like, on its card and in its viewer', async () => {
    show({ proposals: [buildParticipation({ id: 40 }), buildParticipation({ id: 41, lookalikes: [{ kind: 'contest', number: 1 }, { kind: 'wonElsewhere' }] })] });
    const flagged = await screen.findByRole('article', { name: 'Proposition #2 de talent41' });
    expect(within(flagged).getByText('Ressemble fortement à la proposition n° 1')).toBeInTheDocument();
    expect(within(flagged).getByText('Ressemble fortement à une proposition primée d’un autre concours')).toBeInTheDocument();
    const plain = screen.getByRole('article', { name: 'Proposition #1 de talent40' });
    expect(within(plain).queryByText(/Ressemble fortement/)).toBeNull();
    await userEvent.click(within(flagged).getByRole('button', { name: 'Agrandir la proposition #2' }));
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('alert')).toHaveTextContent('Ressemble fortement à la proposition n° 1 · Ressemble fortement à une proposition primée d’un autre concours');
  });

  it('shows the banner, the filters with counts, the count and the cards', async () => {
    const { server } = show();
    // The title is the frame's, drawn before the contest arrives; its banner comes with it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Mes propositions' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: PARTICIPATIONS.loadingProposals })).toBeInTheDocument();
    expect(await screen.findByText(PARTICIPATIONS.banner[2]!)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: PARTICIPATIONS.loadingProposals })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Proposition #1 de talent40' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Proposition #2 de talent41' })).toBeInTheDocument();
    expect(screen.getByText('2 participations')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tous 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Non notés 1' })).toBeInTheDocument();
    expect(filterOf(server.callsTo(LIST)[0]!)).toBe('all');
  });

  it('draws each card icon from the one copy the grid holds, out of the reading order', async () => {
    show({ proposals: [buildParticipation({ id: 40 }), buildParticipation({ id: 41, isWinner: true })] });
    const card = await screen.findByRole('article', { name: 'Proposition #2 de talent41' });
    const uses = [...document.querySelectorAll('article use')];
    expect(uses.length).toBeGreaterThanOrEqual(8);
    for (const use of uses) {
      const symbol = document.getElementById(use.getAttribute('href')!.slice(1));
      expect(symbol?.tagName).toBe('symbol');
      expect(symbol!.closest('svg')).toHaveAttribute('aria-hidden', 'true');
    }
    expect(document.querySelectorAll('symbol')).toHaveLength(new Set([...document.querySelectorAll('symbol')].map((s) => s.id)).size);
    expect(within(card).getByRole('button', { name: 'Retirer des gagnants' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows « aperçu en préparation » until the marked preview is ready, asking again by itself, and says when it failed', async () => {
    const sound = (previewStatus: 'pending' | 'ready') =>
      buildFile({ id: 70, filename: 'jingle.wav', mime: 'audio/wav', preview: null, previewStatus, inline: previewStatus === 'ready' ? '/api/files/70/preview' : null, inlineMime: previewStatus === 'ready' ? 'audio/mpeg' : null, waveform: previewStatus === 'ready' ? [0.2, 1, 0.5] : null });
    const broken = buildFile({ id: 71, filename: 'abime.mp3', mime: 'audio/mpeg', preview: null, inline: null, inlineMime: null, previewStatus: 'failed' });
    let ready = false;
    const { server } = show({
      list: () => ok({ results: buildProposalsPage([buildParticipation({ id: 40, fileParticipants: [sound(ready ? 'ready' : 'pending')] }), buildParticipation({ id: 41, fileParticipants: [broken] })], { status: 2 }) }),
    });
    const card = await screen.findByRole('article', { name: 'Proposition #1 de talent40' });
    expect(within(card).getByText(MESSAGES.previews.pending)).toBeInTheDocument();
    // The words on the thumbnail are part of its button's name.
    expect(within(card).getByRole('button', { name: `Agrandir la proposition #1, ${MESSAGES.previews.pending}` })).toBeInTheDocument();
    const failed = screen.getByRole('article', { name: 'Proposition #2 de talent41' });
    expect(within(failed).getByText(MESSAGES.previews.failedShort)).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: `Agrandir la proposition #2, ${MESSAGES.previews.failedShort}` })).toBeInTheDocument();
    ready = true;
    await waitFor(() => expect(within(card).queryByText(MESSAGES.previews.pending)).not.toBeInTheDocument(), { timeout: 6000 });
    expect(within(card).getByRole('button', { name: 'Agrandir la proposition #1' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'jingle.wav' }).querySelectorAll('rect').length).toBeGreaterThan(0);
    expect(server.callsTo(LIST).length).toBeGreaterThanOrEqual(2);
  }, 10_000);

  it('says why a contest awaiting its payment or closed has no proposals coming, never with an empty banner', async () => {
    for (const status of [CONTEST_STATUS.awaitingPayment, CONTEST_STATUS.cancelled]) {
      const view = show({ status, proposals: [] });
      expect(await screen.findByText(withPlainSpaces(PARTICIPATIONS.banner[status]!))).toBeInTheDocument();
      view.unmount();
    }
  });

  it('hides "Les gagnants" while the contest is open', async () => {
    show({ status: 2 });
    await screen.findByRole('button', { name: /^Tous/ });
    expect(screen.queryByRole('button', { name: /^Les gagnants/ })).not.toBeInTheDocument();
  });

  it('asks the server for the chosen filter', async () => {
    const user = userEvent.setup();
    const { server } = show({ status: 3 });
    await user.click(await screen.findByRole('button', { name: /^3-5 étoiles/ }));
    await waitFor(() => expect(server.callsTo(LIST).map(filterOf)).toContain('high'));
    expect(screen.getByRole('button', { name: /^3-5 étoiles/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^Les gagnants/ })).toBeInTheDocument();
  });

  it('opens on the winners at status 4 and hides removal and finalisation', async () => {
    const winner = buildParticipation({ id: 42, isWinner: true });
    const { server } = show({ status: 4, proposals: [winner], winners: [winner] });
    expect(await screen.findByRole('button', { name: /^Les gagnants/ })).toHaveAttribute('aria-pressed', 'true');
    expect(server.callsTo(LIST).map(filterOf)).toEqual(['winners']);
    expect(screen.getByText(PARTICIPATIONS.banner[4]!)).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Vos gagnants' });
    expect(await within(panel).findByText('talent42')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: /Retirer/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finaliser le concours' })).not.toBeInTheDocument();
    // Writing to a winner stays possible; reporting does not.
    const card = screen.getByRole('article', { name: /talent42/ });
    expect(within(card).getByRole('link', { name: 'Envoyer un message' })).toHaveAttribute('href', '/messages/42');
    expect(within(card).getByRole('button', { name: 'Signaler' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Retirer des gagnants' })).toBeDisabled();
  });

  it('offers to write to a winner from the moment they are chosen, and to no one else once the contest ended', async () => {
    const winner = buildParticipation({ id: 42, isWinner: true });
    const other = buildParticipation({ id: 43, isWinner: false });
    show({ status: 3, proposals: [winner, other], winners: [winner] });
    const chosen = await screen.findByRole('article', { name: /talent42/ });
    expect(within(chosen).getByRole('link', { name: 'Envoyer un message' })).toHaveAttribute('href', '/messages/42');
    const notChosen = screen.getByRole('article', { name: /talent43/ });
    expect(within(notChosen).queryByRole('link', { name: 'Envoyer un message' })).not.toBeInTheDocument();
  });

  it('offers « Télécharger » in the viewer only where the server hands the original over: a winner’s, once finalised', async () => {
    const user = userEvent.setup();
    const { unmount } = show({ status: 2, proposals: [buildParticipation({ id: 40 }), buildParticipation({ id: 41, isWinner: true })] });
    for (const name of ['Agrandir la proposition #1', 'Agrandir la proposition #2']) {
      await user.click(await screen.findByRole('button', { name }));
      const viewer = await screen.findByRole('dialog');
      expect(await within(viewer).findByText('proposition-', { exact: false })).toBeInTheDocument();
      expect(within(viewer).queryByRole('button', { name: PARTICIPATIONS.judging.download })).not.toBeInTheDocument();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    unmount();
    const winner = buildParticipation({ id: 42, isWinner: true });
    show({ status: 4, proposals: [winner], winners: [winner] });
    await user.click(within(await screen.findByRole('article', { name: /talent42/ })).getByRole('button', { name: 'Agrandir la proposition #3' }));
    expect(await within(await screen.findByRole('dialog')).findByRole('button', { name: PARTICIPATIONS.judging.download })).toBeInTheDocument();
  });

  it('says so when nothing has arrived yet, and that no winner is chosen', async () => {
    show({ proposals: [] });
    expect(await screen.findByText(PARTICIPATIONS.empty)).toBeInTheDocument();
    expect(screen.getByText(PARTICIPATIONS.noWinnerYet)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finaliser le concours' })).toBeDisabled();
  });

  it('keeps other users out with a clear message', async () => {
    const { server } = show({ isOwner: false });
    expect(await screen.findByText(PARTICIPATIONS.judging.ownerOnly)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir le concours' })).toHaveAttribute('href', '/details-concours/7');
    expect(server.callsTo(LIST)).toHaveLength(0);
  });

  it('rates at once, keeps the note on a second click of the same star, clears it only when asked, and restores on refusal', async () => {
    const user = userEvent.setup();
    const stars: Record<number, number> = { 40: 0, 41: 4 };
    let refuse = false;
    let answerStars: () => void = () => {};
    const { server } = show({
      list: () => ok({ results: buildProposalsPage([buildParticipation({ id: 40, stars: stars[40] }), buildParticipation({ id: 41, stars: stars[41] })]) }),
      api: {
        [STARS]: (call) =>
          new Promise((resolve) => {
            answerStars = () => {
              const body = call.body as { idParticipation: number; stars: number };
              if (refuse) return resolve(fail(403, PARTICIPATIONS.organiserOnly));
              stars[body.idParticipation] = body.stars;
              resolve(ok({ message: body.stars === 0 ? PARTICIPATIONS.starsCleared : PARTICIPATIONS.starsUpdated }));
            };
          }),
      },
    });
    const card = await screen.findByRole('article', { name: /talent40/ });
    const rated = screen.getByRole('article', { name: /talent41/ });
    // An unrated proposal offers nothing to take away.
    expect(within(card).queryByRole('button', { name: /^Retirer la note/ })).not.toBeInTheDocument();

    await user.click(star(card, 3));
    // Shown before the server has answered.
    await waitFor(() => expect(within(card).getByLabelText('3 étoiles')).toBeChecked());
    expect(server.callsTo(STARS)[0]!.body).toEqual({ idParticipation: 40, stars: 3 });
    answerStars();

    // The current star again: nothing is sent, the note stays.
    await user.click(star(rated, 4));
    expect(server.callsTo(STARS)).toHaveLength(1);
    expect(within(rated).getByLabelText('4 étoiles')).toBeChecked();

    await user.click(within(rated).getByRole('button', { name: /^Retirer la note/ }));
    await waitFor(() => expect(server.callsTo(STARS).at(-1)!.body).toEqual({ idParticipation: 41, stars: 0 }));
    answerStars();
    expect(await screen.findByText(PARTICIPATIONS.starsCleared)).toBeInTheDocument();
    await waitFor(() => expect(within(rated).queryByRole('button', { name: /^Retirer la note/ })).not.toBeInTheDocument());

    refuse = true;
    await user.click(star(card, 5));
    await waitFor(() => expect(within(card).getByLabelText('5 étoiles')).toBeChecked());
    answerStars();
    expect(await screen.findByText(PARTICIPATIONS.organiserOnly)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByLabelText('3 étoiles')).toBeChecked());
  }, 20_000);

  it('crowns a proposal: it joins the winners panel at once', async () => {
    const user = userEvent.setup();
    let winners: ParticipationDto[] = [];
    const { server } = show({
      api: {
        [WINNERS]: () => ok({ results: { concours: { participations: winners } } }),
        [ADD_WINNER]: () => {
          winners = [buildParticipation({ id: 40, isWinner: true })];
          return ok({ message: PARTICIPATIONS.winnerAdded });
        },
      },
    });
    const card = await screen.findByRole('article', { name: /talent40/ });
    await user.click(within(card).getByRole('button', { name: 'Valider comme gagnant' }));
    const panel = screen.getByRole('region', { name: 'Vos gagnants' });
    expect(await within(panel).findByText('talent40')).toBeInTheDocument();
    expect(server.callsTo(ADD_WINNER)[0]!.body).toEqual({ idParticipationWinner: 40, idConcours: 7 });
    expect(within(panel).getByRole('button', { name: 'Retirer #1 des gagnants' })).toBeInTheDocument();
  });

  it('warns that a proposal was reported before crowning it, and crowns it only once confirmed', async () => {
    const user = userEvent.setup();
    const { server } = show({
      proposals: [buildParticipation({ id: 40, reported: true }), buildParticipation({ id: 41 })],
      api: { [ADD_WINNER]: () => ok({ message: PARTICIPATIONS.winnerAdded }) },
    });
    const card = await screen.findByRole('article', { name: /talent40/ });
    await user.click(within(card).getByRole('button', { name: 'Valider comme gagnant' }));
    let dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.reportedWinnerTitle });
    expect(within(dialog).getByText(withPlainSpaces(PARTICIPATIONS.reportedWinnerConfirm))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo(ADD_WINNER)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Valider comme gagnant' }));
    dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.reportedWinnerTitle });
    await user.click(within(dialog).getByRole('button', { name: PARTICIPATIONS.addReportedWinner }));
    await waitFor(() => expect(server.callsTo(ADD_WINNER)).toHaveLength(1));
    expect(server.callsTo(ADD_WINNER)[0]!.body).toEqual({ idParticipationWinner: 40, idConcours: 7 });

    // A proposal that was not reported is crowned at once.
    await user.click(within(screen.getByRole('article', { name: /talent41/ })).getByRole('button', { name: 'Valider comme gagnant' }));
    await waitFor(() => expect(server.callsTo(ADD_WINNER)).toHaveLength(2));
  });

  it('asks for a reason before reporting, and a text for « Autre »', async () => {
    const user = userEvent.setup();
    const REPORT = 'POST /api/participation/report/40';
    const { server } = show({ api: { [REPORT]: () => ok({ message: PARTICIPATIONS.reported }) } });
    const card = await screen.findByRole('article', { name: /talent40/ });
    await user.click(within(card).getByRole('button', { name: 'Signaler' }));
    const dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.reportDialogTitle });
    // The form arrives with its own code, once the dialog is open.
    const send = await within(dialog).findByRole('button', { name: PARTICIPATIONS.reportSend });
    // No reason chosen yet: nothing can be sent.
    expect(send).toBeDisabled();
    for (const label of ['Plagiat ou copie', 'Hors sujet', 'Contenu inapproprié', 'Autre']) expect(within(dialog).getByRole('radio', { name: label })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Autre' }));
    await user.click(send);
    expect(await within(dialog).findByText(PARTICIPATIONS.reportTextRequired)).toBeInTheDocument();
    expect(server.callsTo(REPORT)).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Précisions/ }), 'Logo repris d’une autre marque');
    await user.click(send);
    expect(await screen.findByText(PARTICIPATIONS.reported)).toBeInTheDocument();
    expect(server.callsTo(REPORT)[0]!.body).toEqual({ reason: 'other', text: 'Logo repris d’une autre marque' });
  });

  it('asks for confirmation before finalising, explaining what follows', async () => {
    const user = userEvent.setup();
    const winner = buildParticipation({ id: 40, isWinner: true });
    const { server } = show({ proposals: [winner], winners: [winner], api: { [PREFINAL]: () => ok({ message: PARTICIPATIONS.finalised }) } });
    await user.click(await finaliseButton());
    const dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.finaliseConfirm });
    expect(within(dialog).getByText(withPlainSpaces(PARTICIPATIONS.finaliseExplain))).toBeInTheDocument();
    expect(server.callsTo(PREFINAL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Finaliser le concours' }));
    expect(await screen.findByText(withPlainSpaces(PARTICIPATIONS.finalised))).toBeInTheDocument();
    expect(server.callsTo(PREFINAL)[0]!.body).toEqual({ idConcours: 7 });
  });

  it('shows what a second winner costs at once, takes the payment in the finalise dialog, and closes when its confirmation finalised the contest', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, opener: {}, location: { href: '' }, document: { title: '', body: { style: {}, textContent: '' } }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    let confirmed = false;
    const winners = [buildParticipation({ id: 40, isWinner: true }), buildParticipation({ id: 41, isWinner: true })];
    const { server } = show({
      proposals: winners,
      winners,
      api: {
        // The confirmation, in the provider's tab, pays the second prize and finalises.
        [READ]: () => ok({ results: { concours: buildContest({ status: confirmed ? 4 : 2, isOwner: true, cost: 34_500, prizesPaid: confirmed ? 2 : 1 }) } }),
        [PAYIN]: () => ok({ message: 'Redirection', results: { redirectUrl: 'https://pay.example/abc', idConcours: 7, transactionId: 'abc', amount: 34_500, purpose: 'extra_prizes', prizes: 1, discount: 0 } }),
      },
    });
    const panel = await screen.findByRole('region', { name: 'Vos gagnants' });
    expect(await within(panel).findByText(withPlainSpaces(PARTICIPATIONS.extraPrizesNote(1, '345 €')))).toBeInTheDocument();
    expect(within(panel).getByText(PARTICIPATIONS.prizesCovered(1))).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Finaliser le concours' }));
    const dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.finaliseConfirm });
    expect(within(dialog).getByText(withPlainSpaces(PARTICIPATIONS.extraPrizesDue(1, '345 €', 2)))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Paiement par AMEX' }));
    await user.click(within(dialog).getByRole('button', { name: PARTICIPATIONS.payAndFinalise(formatEuros(34_500)) }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://pay.example/abc'));
    expect(server.callsTo(PAYIN)[0]!.body).toEqual({ idConcours: 7, cardType: 'AMEX' });
    expect(await within(dialog).findByText(withPlainSpaces(PARTICIPATIONS.payingExtraPrizes))).toBeInTheDocument();

    confirmed = true;
    expect(await screen.findByText(withPlainSpaces(PARTICIPATIONS.finalised), {}, { timeout: 8000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5000 });
    // Finalised by the payment's confirmation: never asked a second time.
    expect(server.callsTo(PREFINAL)).toHaveLength(0);
  }, 20_000);

  it('takes the payment the server asks for when the page thought nothing was due', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('open', vi.fn(() => null));
    const winners = [buildParticipation({ id: 40, isWinner: true })];
    const due = PARTICIPATIONS.extraPrizesDue(1, '240 €', 2);
    show({ proposals: winners, winners, api: { [PREFINAL]: () => fail(402, due, { results: { extraPrizes: 1, amount: 24_000 } }) } });
    await user.click(await finaliseButton());
    const dialog = await screen.findByRole('dialog', { name: PARTICIPATIONS.finaliseConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Finaliser le concours' }));
    expect(await within(dialog).findByText(withPlainSpaces(due))).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: PARTICIPATIONS.payAndFinalise(formatEuros(24_000)) })).toBeEnabled();
  }, 20_000);

  it('turns the context menu off on the page', async () => {
    show();
    const card = await screen.findByRole('article', { name: /talent40/ });
    const event = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    fireEvent(card, event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('pages through the proposals', async () => {
    const user = userEvent.setup();
    const some = [buildParticipation({ id: 40 }), buildParticipation({ id: 41 })];
    const { server } = show({ list: (call) => ok({ results: { ...buildProposalsPage(some), total: 30, page: Number(call.query.get('page')) } }) });
    await screen.findByRole('article', { name: /talent40/ });
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(server.callsTo(LIST).at(-1)!.query.get('page')).toBe('3'));
    expect(server.callsTo(LIST).at(-1)!.query.get('pageSize')).toBe('12');
  }, 15_000);
});
