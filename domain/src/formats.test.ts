import { describe, expect, it } from 'vitest';
import { BLIND_PUBLIC_FORMAT, contestFormatOf, finalistDenial, formatsPriceCents, isPrizeGuaranteed, mayProposeInRound, mayViewOpenPreview, PRIVATE_CONTEST_PRICE_CENTS } from './formats';

describe('contest formats', () => {
  it('price only the private contest, at 49 €', () => {
    expect(PRIVATE_CONTEST_PRICE_CENTS).toBe(4900);
    expect(formatsPriceCents(BLIND_PUBLIC_FORMAT)).toBe(0);
    expect(formatsPriceCents(contestFormatOf({ isPrivate: true, proposalsOpen: true, hasFinalRound: true }))).toBe(4900);
    expect(formatsPriceCents(contestFormatOf({ proposalsOpen: true, hasFinalRound: true }))).toBe(0);
    expect(contestFormatOf({})).toEqual(BLIND_PUBLIC_FORMAT);
  });

  it('guarantee the prize of every published contest, never of an unpaid or closed one', () => {
    expect([-1, 1, 2, 3, 4, 5].map(isPrizeGuaranteed)).toEqual([false, false, true, true, true, true]);
  });

  it('let the organiser choose finalists only once the qualifying period has ended, before the final', () => {
    const contest = { ...BLIND_PUBLIC_FORMAT, hasFinalRound: true, status: 3, finalRoundStartedAt: null };
    expect(finalistDenial(true, contest)).toBeNull();
    expect(finalistDenial(false, contest)).toBe('organiserOnly');
    expect(finalistDenial(true, { ...contest, hasFinalRound: false })).toBe('noFinalRound');
    expect(finalistDenial(true, { ...contest, status: 2 })).toBe('notQualifyingEnded');
    expect(finalistDenial(true, { ...contest, status: 2, finalRoundStartedAt: '2026-11-27T10:00:00.000Z' })).toBe('finalRoundStarted');
  });

  it('keep the final round to its finalists', () => {
    expect(mayProposeInRound({ finalRoundStartedAt: null }, false)).toBe(true);
    expect(mayProposeInRound({ finalRoundStartedAt: new Date() }, false)).toBe(false);
    expect(mayProposeInRound({ finalRoundStartedAt: new Date() }, true)).toBe(true);
  });

  it('show other talents only the previews of an open contest they may read', () => {
    const facts = { proposalsOpen: true, readable: true, isProposal: true, hasPreview: true, isParticipating: true };
    expect(mayViewOpenPreview(facts)).toBe(true);
    for (const key of Object.keys(facts) as (keyof typeof facts)[]) expect(mayViewOpenPreview({ ...facts, [key]: false })).toBe(false);
  });
});
