/**
 * Access control, exhaustively (docs/architecture.md §11: every object endpoint checks who
 * asks on the server). Every cell of ACCESS_TABLE is sent; a refused cell must also leave
 * the database and the stored files exactly as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/harness';
import { registeredRoutes } from '../http/route-list';
import { ACCESS_TABLE, type AccessRow } from './access-table';
import { digestDiff, openWorld, ROLES, stateDigest, type Role, type World } from './world';

let t: TestApp;
let world: World;

beforeAll(async () => {
  ({ t, world } = await openWorld());
}, 300_000);
afterAll(() => t?.close());

const key = (method: string, url: string) => `${method} ${url}`;

describe('the access-control table', () => {
  it('has a row for every route the server serves, and none for a route it does not serve', () => {
    const served = registeredRoutes(t.app);
    // The API, the sandbox's payment pages and the pages the server writes itself (category pages).
    const dynamic = served.filter((r) => r.url.startsWith('/api') || r.url.startsWith('/sandbox') || r.url.startsWith('/concours/categorie/'));
    // Everything else is a file of the built web app, served to anyone.
    for (const r of served.filter((x) => !dynamic.includes(x))) {
      expect(r.method, r.url).toBe('GET');
      expect(fs.existsSync(path.join(t.ctx.config.webDist, r.url)), `${r.url} is a file of the web app`).toBe(true);
    }
    const inTable = new Set(ACCESS_TABLE.map((r) => r.route));
    const servedKeys = new Set(dynamic.map((r) => key(r.method, r.url)));
    expect([...servedKeys].filter((k) => !inTable.has(k)).sort(), 'routes served without a row in access-table.ts').toEqual([]);
    expect([...inTable].filter((k) => !servedKeys.has(k)).sort(), 'rows for routes the server does not serve').toEqual([]);
  });
});

/** Refused cells first, so that the allowed ones (which may change the object) come last. */
function order(row: AccessRow): Role[] {
  const rank = (role: Role) => (row.expect[ROLES.indexOf(role)]! >= 400 ? 0 : 1) * 10 + (role === 'organiser' ? 1 : 0);
  return [...ROLES].sort((a, b) => rank(a) - rank(b));
}

async function send(row: AccessRow, options: InjectOptions): Promise<LightMyRequestResponse> {
  if (!row.stream) return t.app.inject(options);
  const res = await t.app.inject({ ...options, payloadAsStream: true });
  res.stream().destroy();
  return res;
}

describe.each(ACCESS_TABLE.map((row) => [`${row.route} — ${row.about}`, row] as const))('%s', (_name, row) => {
  it('answers every kind of caller as the table says', async () => {
    const target = row.prepare ? await row.prepare(world) : null;
    const problems: string[] = [];
    for (const role of order(row)) {
      const expected = row.expect[ROLES.indexOf(role)]!;
      let headers = world.headers(role);
      const caller = role !== 'visitor' && row.fresh === 'user' ? await world.freshUser(role) : undefined;
      if (role !== 'visitor' && row.fresh === 'session') headers = await world.freshSession(role);
      if (caller) headers = caller.headers;
      const options = await row.request({ world, role, target, caller });
      const mustNotChange = expected >= 400 || (role !== 'visitor' && (row.unchanged ?? []).includes(role));
      // Work an earlier allowed call left running after its answer (previews of files it sent, a
      // validation's handover documents) is not this call's doing: done first.
      if (mustNotChange) {
        await t.previewsDone();
        await t.settled();
      }
      const before = mustNotChange ? await stateDigest(t) : '';
      const res = await send(row, { ...options, headers: { ...(options.headers as Record<string, string> | undefined), ...headers } });
      if (res.statusCode !== expected) {
        problems.push(`${role}: ${res.statusCode} instead of ${expected} ${row.stream ? '' : res.body.slice(0, 200)}`);
        continue;
      }
      if (mustNotChange) {
        const changed = digestDiff(before, await stateDigest(t));
        if (changed.length > 0) problems.push(`${role}: a refused call changed ${changed.map((l) => l.split(':')[0]).join(', ')}`);
      }
      try {
        await row.check?.({ world, role, target }, res);
      } catch (error) {
        problems.push(`${role}: ${(error as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the change detector', () => {
  it('sees a changed row and a stored file', async () => {
    const before = await stateDigest(t);
    await t.app.inject({ method: 'POST', url: '/api/participation/stars/update', headers: world.users.organiser.headers, payload: { idParticipation: world.open.participant.participationId, stars: 1 } });
    expect(digestDiff(before, await stateDigest(t)).map((l) => l.split(':')[0])).toContain('participations');
    const again = await stateDigest(t);
    fs.writeFileSync(path.join(t.dataDir, 'uploads', 'intrus'), 'x');
    expect(digestDiff(again, await stateDigest(t)).map((l) => l.split(':')[0])).toEqual(['files']);
    fs.rmSync(path.join(t.dataDir, 'uploads', 'intrus'));
  });
});
