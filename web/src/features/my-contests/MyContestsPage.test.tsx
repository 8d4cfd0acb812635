import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatEuros, MESSAGES, type MyContestRow, type PaymentDue } from '@creadefi/domain';
import { buildRow, ok, renderRoute, type ApiCall, type Handler } from '../proposals/test-utils';
import MyContestsPage from './MyContestsPage';

const ORGANISER = 'GET /api/user/concours/organisateur';
const PARTICIPANT = 'GET /api/user/concours/participant';

/** 12 contests served 5 at a time, as the server pages them. */
function paged(rows: MyContestRow[]): Handler {
  return (call: ApiCall) => {
    const page = Number(call.query.get('page'));
    const size = Number(call.query.get('pageSize'));
    return ok({ results: { rows: rows.slice((page - 1) * size, page * size), page, pageSize: size, total: rows.length } });
  };
}

const organised = Array.from({ length: 12 }, (_, i) =>
  buildRow({ id: 100 + i, idConcours: 100 + i, companyName: `Entreprise ${i + 1}`, status: i === 0 ? 1 : i === 1 ? 5 : i === 2 ? -1 : 2, refunded: i === 2 }),
);

const DUE: PaymentDue = { idConcours: 100, purpose: 'contest', prizes: 1, fullAmount: 30000, discount: 0, amount: 30000, promoCode: null, promoLapsed: false };
const dueOf = (due: Partial<PaymentDue>): Handler => () => ok({ results: { due: { ...DUE, ...due } } });
/** Testing Library folds the page's no-break spaces, not those of the expected text. */
const plain = (text: string) => text.replace(/\s+/g, ' ');

function show(options: { organiser?: MyContestRow[]; participant?: MyContestRow[]; api?: Record<string, Handler>; url?: string } = {}) {
  return renderRoute(<MyContestsPage />, {
    path: '/mon-profil/mes-concours',
    url: options.url ?? '/mon-profil/mes-concours',
    api: { [ORGANISER]: paged(options.organiser ?? organised), [PARTICIPANT]: paged(options.participant ?? []), 'GET /api/payment/due': dueOf({}), ...options.api },
  });
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('MyContestsPage', () => {
  it('shows the organiser table, 5 rows a page, and pages on the server', async () => {
    const user = userEvent.setup();
    const { server } = show();
    expect(await screen.findByText('Entreprise 1')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    for (const name of ['Concours', 'Statut', 'Récompense', 'Créé le', 'Fin le', 'Participations', 'Gagnants']) expect(within(table).getByRole('columnheader', { name })).toBeInTheDocument();
    expect(server.callsTo(ORGANISER)[0]!.query.get('pageSize')).toBe('5');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Entreprise 11')).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(server.callsTo(ORGANISER).at(-1)!.query.get('page')).toBe('3');
  }, 15_000);

  it('labels each status, offers payment for an unpaid contest and locks editing once finished', async () => {
    show();
    const unpaid = (await screen.findByText('Entreprise 1')).closest('tr')!;
    expect(within(unpaid).getByText('En attente de paiement')).toBeInTheDocument();
    expect(within(unpaid).getByRole('button', { name: 'Payer' })).toBeInTheDocument();
    expect(within(unpaid).getByRole('link', { name: 'Modifier le concours' })).toHaveAttribute('href', '/modifier-concours/100');
    expect(within(unpaid).getByRole('link', { name: 'Voir les participations' })).toHaveAttribute('href', '/participations/100');

    const finished = screen.getByText('Entreprise 2').closest('tr')!;
    expect(within(finished).getByText('Terminé')).toBeInTheDocument();
    expect(within(finished).getByRole('button', { name: 'Modifier le concours' })).toBeDisabled();
    expect(within(finished).queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
    expect(within(finished).getByText('240 €')).toBeInTheDocument();

    const refunded = screen.getByText('Entreprise 3').closest('tr')!;
    expect(within(refunded).getByText('Remboursé')).toBeInTheDocument();
  });

  it('pays an unpaid contest in a new tab', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, opener: {}, location: { href: '' }, document: { title: '', body: { style: {}, textContent: '' } }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    const { server } = show({ api: { 'POST /api/payment/create/web/payin': () => ok({ results: { redirectUrl: 'https://pay.example/1', idConcours: 100, transactionId: 't', amount: 24000 } }) } });
    const unpaid = (await screen.findByText('Entreprise 1')).closest('tr')!;
    await user.click(within(unpaid).getByRole('button', { name: 'Payer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payer le concours' });
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(tab.location.href).toBe('https://pay.example/1'));
    expect(server.callsTo('POST /api/payment/create/web/payin')[0]!.body).toEqual({ idConcours: 100, cardType: 'CB_VISA_MASTERCARD' });
  }, 15_000);

  it.each<[string, Partial<PaymentDue>, string, string]>([
    ['the discounted price beside the full one while the code applies', { discount: 6000, amount: 24000, promoCode: 'BIENVENUE' }, formatEuros(24000), MESSAGES.payments.promoDiscountNote('BIENVENUE', formatEuros(6000))],
    ['the full price, and why, once the code no longer applies', { promoCode: 'BIENVENUE', promoLapsed: true }, formatEuros(30000), MESSAGES.payments.promoLapsed],
    ['the extra prizes in full', { purpose: 'extra_prizes', prizes: 2, fullAmount: 60000, amount: 60000 }, formatEuros(60000), MESSAGES.payments.amountToPayExtra('2 prix supplémentaires')],
  ])('shows in the Payer dialog what the payment asks: %s', async (_name, due, amount, note) => {
    const user = userEvent.setup();
    const { server } = show({ api: { 'GET /api/payment/due': dueOf(due) } });
    await user.click(within((await screen.findByText('Entreprise 1')).closest('tr')!).getByRole('button', { name: 'Payer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payer le concours' });
    const price = await within(dialog).findByTestId('price-to-pay');
    expect(price).toHaveTextContent(plain(amount));
    expect(price).toHaveTextContent(plain(note));
    if (due.discount) expect(within(price).getByText(plain(formatEuros(30000))).tagName).toBe('S');
    else expect(price.querySelector('s')).toBeNull();
    expect(server.callsTo('GET /api/payment/due')[0]!.query.get('idConcours')).toBe('100');
  }, 15_000);

  it('shows the contest paid in the provider’s tab without a reload', async () => {
    const user = userEvent.setup();
    const tab = { closed: false, opener: {}, location: { href: '' }, document: { title: '', body: { style: {}, textContent: '' } }, close: vi.fn() };
    vi.stubGlobal('open', vi.fn(() => tab));
    let paid = false;
    const rows = () => organised.map((row) => (row.id === 100 && paid ? { ...row, status: 2 } : row));
    show({
      api: {
        [ORGANISER]: (call) => paged(rows())(call),
        'POST /api/payment/create/web/payin': () => ok({ results: { redirectUrl: 'https://pay.example/1', idConcours: 100, transactionId: 't', amount: 24000 } }),
      },
    });
    const unpaid = (await screen.findByText('Entreprise 1')).closest('tr')!;
    await user.click(within(unpaid).getByRole('button', { name: 'Payer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payer le concours' });
    await user.click(within(dialog).getByRole('button', { name: 'Payer' }));
    await waitFor(() => expect(tab.location.href).toBe('https://pay.example/1'));
    // The text button, not the dialog's cross of the same name.
    await user.click(within(dialog).getByText('Fermer', { selector: 'button, button *' }));

    // Confirmed in the other tab.
    paid = true;
    const row = () => screen.getByText('Entreprise 1').closest('tr')!;
    await waitFor(() => expect(within(row()).getByText('En cours')).toBeInTheDocument(), { timeout: 8000 });
    expect(within(row()).queryByRole('button', { name: 'Payer' })).not.toBeInTheDocument();
  }, 20_000);

  it('shows the participant tab with the gain, a winner badge and the way back to the contest', async () => {
    const user = userEvent.setup();
    show({ participant: [buildRow({ id: 9, idConcours: 31, idParticipation: 9, companyName: 'Studio Lune', isWinner: true, status: 4 }), buildRow({ id: 10, idConcours: 32, idParticipation: 10, companyName: 'Café Nord', isWinner: false })] });
    await user.click(await screen.findByRole('tab', { name: 'Participant' }));
    const row = (await screen.findByText('Studio Lune')).closest('tr')!;
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: 'Gain' })).toBeInTheDocument();
    expect(within(row).getByText('Gagnant')).toBeInTheDocument();
    expect(within(row).getByText('192 €')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Voir le concours' })).toHaveAttribute('href', '/details-concours/31');
    expect(within(row).queryByRole('link', { name: 'Modifier le concours' })).not.toBeInTheDocument();
    expect(within(screen.getByText('Café Nord').closest('tr')!).queryByText('Gagnant')).not.toBeInTheDocument();
  }, 15_000);

  it('shows cards instead of the table on a phone', async () => {
    const phone = (query: string) => ({ matches: query.includes('max-width: 55em'), media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false });
    vi.stubGlobal('matchMedia', phone);
    show();
    const name = await screen.findByText('Entreprise 1');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = name.closest('li')!;
    expect(within(card).getByText('En attente de paiement')).toBeInTheDocument();
    expect(within(card).getByText('4 participations')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Payer' })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('says so when there is nothing yet', async () => {
    const user = userEvent.setup();
    show({ organiser: [] });
    expect(await screen.findByText('Vous n’avez encore organisé aucun concours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Organiser un concours' })).toHaveAttribute('href', '/organiser-concours/etape1');
    await user.click(screen.getByRole('tab', { name: 'Participant' }));
    expect(await screen.findByText('Vous n’avez encore participé à aucun concours')).toBeInTheDocument();
  });

  it('shows, for the organiser, how many proposals await an answer, with the way to them', async () => {
    show({
      organiser: [
        buildRow({ id: 201, idConcours: 201, companyName: 'Trois en attente', status: 2, awaiting: 3 }),
        buildRow({ id: 202, idConcours: 202, companyName: 'Une en attente', status: 3, awaiting: 1 }),
        buildRow({ id: 203, idConcours: 203, companyName: 'Toutes notées', status: 2, awaiting: 0 }),
        buildRow({ id: 204, idConcours: 204, companyName: 'Finalisé', status: 4, awaiting: null }),
      ],
    });
    const row = (await screen.findByText('Trois en attente')).closest('tr')!;
    const count = within(row).getByRole('link', { name: MESSAGES.feedback.awaitingBadge(3) });
    expect(count).toHaveAttribute('href', '/participations/201');
    expect(within(screen.getByText('Une en attente').closest('tr')!).getByText(MESSAGES.feedback.awaitingBadge(1))).toBeInTheDocument();
    for (const name of ['Toutes notées', 'Finalisé']) expect(within(screen.getByText(name).closest('tr')!).queryByTestId('awaiting-count')).not.toBeInTheDocument();
  });
});
