import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { buildContest, buildProposal, buildUser, type TestUser } from '../../test/factories';
import { countQueries } from '../../test/query-counter';
import { files } from '../../db/schema';

let t: TestApp;
let organiser: TestUser;
let contestId: number;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await buildUser(t.ctx, { withProvider: true });
  contestId = (await buildContest(t.ctx, organiser)).id;
});
afterAll(() => t.close());

/** Proposals with two files each, rows only: the page reads them, nothing downloads them. */
async function addProposals(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const talent = await buildUser(t.ctx);
    const participationId = await buildProposal(t.ctx, contestId, talent);
    await t.ctx.db.insert(files).values(
      [1, 2].map((k) => ({
        participationId,
        kind: 'participation' as const,
        storageKey: `u/test/${participationId}-${k}`,
        filename: `proposition-${k}.png`,
        mime: 'image/png',
        sizeBytes: 1000,
        sha256: '0'.repeat(64),
        uploadedBy: talent.id,
      })),
    );
  }
}

const proposals = (query: string) => t.app.inject({ method: 'GET', url: `/api/concours/${contestId}/participations${query}`, headers: organiser.headers });

describe('queries of the organiser’s proposals page (no N+1)', () => {
  /** The queries of a page read from the database: the kept pages (proposals-cache.ts) are dropped first. */
  const countRead = (run: () => Promise<unknown>) => {
    t.ctx.caches!.proposals.clear();
    return countQueries(t.ctx, run);
  };

  it('a page costs the same number of queries with 2 proposals or 40, and for every filter', async () => {
    await addProposals(2);
    // The organiser's session is read once, then kept (http/viewer.ts).
    await proposals('');
    const small = await countRead(async () => expect((await proposals('')).json().results.participations).toHaveLength(2));

    await addProposals(38);
    for (const query of ['?pageSize=40', '?page=2&pageSize=12', '?filtre=unrated&pageSize=30']) {
      const large = await countRead(async () => {
        const res = await proposals(query);
        expect(res.statusCode).toBe(200);
        const page = res.json().results;
        expect(page.participations.length).toBeGreaterThan(2);
        expect(page.participations[0].fileParticipants).toHaveLength(2);
        expect(page.counts).toMatchObject({ all: 40, unrated: 40 });
      });
      expect(large.count, query).toBe(small.count);
    }
    // The contest with its counters, the page's proposals and their files.
    expect(small.count).toBe(1);
  });
});
