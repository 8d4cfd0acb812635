import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type WayOutDto } from '@creadefi/domain';
import { makeUser, meRoute, renderWithProviders, stubApi } from '../../test/render';
import { WayOutBlock } from './WayOutBlock';
import { withPlainSpaces } from '../../test/text';

const R = MESSAGES.refunds;

function state(overrides: Partial<WayOutDto> = {}): WayOutDto {
  return { idConcours: 7, status: 3, shown: true, mayExtend: true, extendedAt: null, endDate: '2026-03-12T10:00:00.000Z', mayRequestRefund: false, refundRefusal: null, request: null, refundedAt: null, ...overrides };
}

function show(initial: WayOutDto, routes: Parameters<typeof stubApi>[0] = {}) {
  let current = initial;
  const calls = stubApi({
    ...meRoute(makeUser()),
    'GET /api/concours/7/way-out': () => ({ body: { results: { wayOut: current } } }),
    ...routes,
  });
  renderWithProviders(<WayOutBlock idConcours={7} status={initial.status} />, { signedIn: true });
  return { calls, set: (next: WayOutDto) => (current = next) };
}

describe('WayOutBlock', () => {
  it('extends the contest after a confirmation, then says until when', async () => {
    const extended = state({ status: 2, mayExtend: false, extendedAt: '2026-03-12T10:00:00.000Z', endDate: '2026-03-19T10:00:00.000Z' });
    const view = show(state(), {
      'POST /api/concours/7/extend': () => {
        view.set(extended);
        return { body: { message: R.extended('19/03/2026'), results: { endDate: extended.endDate } } };
      },
    });
    expect(await screen.findByRole('heading', { name: R.wayOutTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: R.requestRefund })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: R.extend }));
    const dialog = await screen.findByRole('dialog', { name: R.extendConfirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: R.extendConfirmButton }));
    expect(await screen.findByText(withPlainSpaces(R.extendedState('19/03/2026')))).toBeInTheDocument();
    expect(view.calls.filter((c) => c.path === '/api/concours/7/extend')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: R.extend })).not.toBeInTheDocument();
  });

  it('asks for a refund with a message once the extension has ended, then shows it pending', async () => {
    const view = show(state({ mayExtend: false, extendedAt: '2026-03-12T10:00:00.000Z', mayRequestRefund: true }), {
      'POST /api/concours/7/refund-request': () => {
        view.set(state({ mayExtend: false, extendedAt: '2026-03-12T10:00:00.000Z', request: { status: 'pending', createdAt: '2026-03-20T10:00:00.000Z', decisionReason: null } }));
        return { body: { message: R.requested } };
      },
    });
    expect(await screen.findByText(withPlainSpaces(R.extendedEnded))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: R.requestRefund }));
    const dialog = await screen.findByRole('dialog', { name: R.requestConfirmTitle });
    await userEvent.type(within(dialog).getByRole('textbox', { name: R.requestMessageLabel }), 'Rien ne convient.');
    await userEvent.click(within(dialog).getByRole('button', { name: R.requestConfirmButton }));
    expect(await screen.findByText(withPlainSpaces(R.requestPending))).toBeInTheDocument();
    expect(view.calls.find((c) => c.path === '/api/concours/7/refund-request')?.body).toEqual({ message: 'Rien ne convient.' });
  });

  it('shows the server’s refusal in the dialog', async () => {
    show(state({ mayExtend: false, extendedAt: '2026-03-12T10:00:00.000Z', mayRequestRefund: true }), {
      'POST /api/concours/7/refund-request': () => ({ status: 409, body: { message: { message: R.winnerChosen, code: 409 } } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: R.requestRefund }));
    const dialog = await screen.findByRole('dialog', { name: R.requestConfirmTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: R.requestConfirmButton }));
    expect(await within(dialog).findByText(withPlainSpaces(R.winnerChosen))).toBeInTheDocument();
  });

  it('tells a rejection with its reason', async () => {
    show(state({ mayExtend: false, request: { status: 'rejected', createdAt: '2026-03-20T10:00:00.000Z', decisionReason: 'Des propositions conviennent.' } }));
    expect(await screen.findByText(withPlainSpaces(R.requestRejected('Des propositions conviennent.')))).toBeInTheDocument();
  });

  it('shows the contest refunded', async () => {
    show(state({ status: -1, mayExtend: false, refundedAt: '2026-03-22T10:00:00.000Z', request: { status: 'approved', createdAt: '2026-03-20T10:00:00.000Z', decisionReason: 'Oui.' } }));
    expect(await screen.findByText(withPlainSpaces(R.refundedState('22/03/2026')))).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
