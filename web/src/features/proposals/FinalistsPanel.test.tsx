import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_FINALISTS, MESSAGES } from '@creadefi/domain';
import { buildParticipation, buildProposalsPage, ok, renderRoute } from './test-utils';
import { FinalistsPanel } from './FinalistsPanel';
import { withPlainSpaces } from '../../test/text';

const F = MESSAGES.formats;

function show(finalists: number, change: { status?: number; finalRoundStartedAt?: string | null } = {}) {
  const proposals = [buildParticipation({ id: 40, isFinalist: finalists > 0 }), buildParticipation({ id: 41 })];
  const page = buildProposalsPage(proposals, { status: change.status ?? 3 });
  const concours = { ...page.concours, hasFinalRound: true, finalists, finalRoundStartedAt: change.finalRoundStartedAt ?? null };
  return renderRoute(<FinalistsPanel concours={concours} proposals={proposals} />, {
    api: {
      'POST /api/concours/finalist/add': () => ok({ message: F.finalistAdded, results: { finalists: finalists + 1 } }),
      'POST /api/concours/finalist/delete': () => ok({ message: F.finalistRemoved, results: { finalists: finalists - 1 } }),
      'POST /api/concours/7/finale': () => ok({ message: F.finalRoundStarted, results: { endDate: new Date().toISOString() } }),
    },
  });
}

describe('FinalistsPanel', () => {
  it('chooses and drops finalists, then starts the final round', async () => {
    const user = userEvent.setup();
    const { server } = show(1);
    expect(await screen.findByText(F.finalistsCount(1))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `${F.addFinalist} · ${F.proposalOf(2, 'talent41')}` }));
    await waitFor(() => expect(server.callsTo('POST /api/concours/finalist/add')).toHaveLength(1));
    expect(server.callsTo('POST /api/concours/finalist/add')[0]!.body).toEqual({ idConcours: 7, idParticipation: 41 });
    await user.click(screen.getByRole('button', { name: `${F.removeFinalist} · ${F.proposalOf(1, 'talent40')}` }));
    await waitFor(() => expect(server.callsTo('POST /api/concours/finalist/delete')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: F.startFinalRound }));
    await waitFor(() => expect(server.callsTo('POST /api/concours/7/finale')).toHaveLength(1));
  });

  it('offers no seventh finalist', async () => {
    show(MAX_FINALISTS);
    expect(await screen.findByRole('button', { name: `${F.addFinalist} · ${F.proposalOf(2, 'talent41')}` })).toBeDisabled();
  });

  it('starts no final round without a finalist', async () => {
    show(0);
    expect(await screen.findByRole('button', { name: F.startFinalRound })).toBeDisabled();
  });

  it('says the final round is running once started', async () => {
    show(1, { status: 2, finalRoundStartedAt: new Date().toISOString() });
    expect(await screen.findByText(withPlainSpaces(F.finalRoundStarted))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: F.startFinalRound })).not.toBeInTheDocument();
  });
});
