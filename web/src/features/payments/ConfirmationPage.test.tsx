import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTESTS, PAYMENTS, PAYMENT_SCREENS } from '@creadefi/domain';
import ConfirmationPage, { GO_HOME, RETRY_PAYMENT, SEE_CONTEST, SEE_PROPOSALS, SEE_WINNERS } from './ConfirmationPage';
import { fail, ok, renderRoute } from '../contests/test-utils';
import { withPlainSpaces } from '../../test/text';

const CONFIRM = 'GET /api/payment/confirmation/web/payin';

function showConfirmation(answer: () => ReturnType<typeof ok>, url = '/confirmation?idConcours=12&transactionId=tx-42', strict = false) {
  return renderRoute(<ConfirmationPage />, { path: '/confirmation', url, api: { [CONFIRM]: answer }, strict });
}

describe('ConfirmationPage', () => {
  it('asks once, even under StrictMode, then opens the dialog titled with the server message', async () => {
    const { server } = showConfirmation(() => ok({ message: PAYMENTS.confirmed, results: { idConcours: 12 } }), undefined, true);
    expect(await screen.findByText('Vérification de votre paiement')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: PAYMENTS.confirmed });
    expect(within(dialog).getByText(withPlainSpaces(CONTESTS.confirmationText))).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: SEE_CONTEST })).toHaveAttribute('href', '/participations/12');
    expect(within(dialog).getByRole('link', { name: GO_HOME })).toHaveAttribute('href', '/');
    expect(server.callsTo(CONFIRM)).toHaveLength(1);
    expect(server.callsTo(CONFIRM)[0]!.url).toBe('/api/payment/confirmation/web/payin?idConcours=12&transactionId=tx-42');
  });

  it('confirms extra prizes in their own words and leads to the winners, the contest being finalised', async () => {
    showConfirmation(() => ok({ message: PAYMENTS.extraConfirmedFinalised, results: { idConcours: 12, purpose: 'extra_prizes', finalised: true } }));
    const dialog = await screen.findByRole('dialog', { name: PAYMENTS.extraConfirmedFinalised });
    expect(within(dialog).getByText(withPlainSpaces(PAYMENTS.extraConfirmationText))).toBeInTheDocument();
    expect(screen.queryByText(withPlainSpaces(CONTESTS.confirmationText))).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: SEE_WINNERS })).toHaveAttribute('href', '/participations/12?filtre=winners');
  });

  it('says what remains when extra prizes were paid but winners were added meanwhile', async () => {
    showConfirmation(() => ok({ message: PAYMENTS.extraConfirmed, results: { idConcours: 12, purpose: 'extra_prizes', finalised: false } }));
    const dialog = await screen.findByRole('dialog', { name: PAYMENTS.extraConfirmed });
    expect(within(dialog).getByText(withPlainSpaces(PAYMENTS.extraConfirmationPending))).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: SEE_PROPOSALS })).toHaveAttribute('href', '/participations/12');
  });

  it('shows a failure screen when the payment was declined (402), with a way to pay again', async () => {
    showConfirmation(() => fail(402, PAYMENTS.failed));
    expect(await screen.findByRole('heading', { name: 'Paiement refusé' })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(PAYMENTS.failed))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: RETRY_PAYMENT })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts a new pay-in and goes to the provider when asked to pay again', async () => {
    const user = userEvent.setup();
    const { server } = renderRoute(<ConfirmationPage />, {
      path: '/confirmation',
      url: '/confirmation?idConcours=12&transactionId=tx-42',
      api: {
        [CONFIRM]: () => fail(402, PAYMENTS.failed),
        // A same-page address, so that the test's document can follow it.
        'POST /api/payment/create/web/payin': () => ok({ results: { redirectUrl: '#provider', idConcours: 12, transactionId: 'tx-43', amount: 24000 } }),
      },
    });
    await user.click(await screen.findByRole('button', { name: RETRY_PAYMENT }));
    await waitFor(() => expect(server.callsTo('POST /api/payment/create/web/payin')).toHaveLength(1));
    expect(server.callsTo('POST /api/payment/create/web/payin')[0]!.body).toEqual({ idConcours: 12, cardType: 'CB_VISA_MASTERCARD' });
    await waitFor(() => expect(window.location.hash).toBe('#provider'));
  });

  it('offers to ask again while the payment is pending (409)', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { server } = showConfirmation(() => (++answers === 1 ? fail(409, PAYMENTS.pending) : ok({ message: PAYMENTS.confirmed, results: { idConcours: 12 } })));
    expect(await screen.findByText(PAYMENTS.pending)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('dialog', { name: PAYMENTS.confirmed })).toBeInTheDocument();
    expect(server.callsTo(CONFIRM)).toHaveLength(2);
  });

  it('says the contest closed and the payment goes back (410), offering neither to pay again nor to wait', async () => {
    showConfirmation(() => fail(410, PAYMENTS.returnedLate('300,00\u00a0€')));
    expect(await screen.findByRole('heading', { name: PAYMENT_SCREENS.contestClosed })).toBeInTheDocument();
    expect(screen.getByText(withPlainSpaces(PAYMENTS.returnedLate('300,00\u00a0€')))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETRY_PAYMENT })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull();
    expect(screen.getByRole('link', { name: GO_HOME })).toBeInTheDocument();
  });

  it('does not offer to pay for someone else\'s contest (403)', async () => {
    showConfirmation(() => fail(403, PAYMENTS.notYours));
    expect(await screen.findByText(PAYMENTS.notYours)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: RETRY_PAYMENT })).toBeNull();
  });

  it('says the payment is unknown when the address lacks its ids, without calling the server', async () => {
    const { server } = showConfirmation(() => ok(), '/confirmation');
    expect(await screen.findByText(PAYMENTS.unknownTransaction)).toBeInTheDocument();
    expect(server.callsTo(CONFIRM)).toHaveLength(0);
  });
});
