/**
 * The API describes itself (GET /api/docs): every operation the server serves under /api has a
 * summary, written in French like the rest of the product.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { registeredRoutes } from './route-list';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Words that give away an English summary; French summaries never need them. */
const ENGLISH = /\b(the|of|and|returns?|gets?|lists?|creates?|updates?|deletes?|with|for|from|user|contest)\b/i;
/** The documentation's own pages describe nothing. */
const UNDOCUMENTED = /^\/api\/docs/;
/** The original API's spelling of a documented path (with a trailing slash), served but described once. */
const ALIASES = new Set(['POST /api/user/add/statut']);

describe('the OpenAPI description', () => {
  it('has a French summary for every operation the server serves', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { summary?: string }>> };
    const served = registeredRoutes(t.app).filter((r) => r.url.startsWith('/api') && !UNDOCUMENTED.test(r.url) && r.method !== 'HEAD');
    const problems: string[] = [];
    for (const route of served) {
      // Fastify's `:id` is OpenAPI's `{id}`.
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      if (!operation) {
        if (!ALIASES.has(`${route.method} ${route.url}`)) problems.push(`${route.method} ${route.url}: absent`);
      }
      else if (!operation.summary?.trim()) problems.push(`${route.method} ${route.url}: no summary`);
      else if (ENGLISH.test(operation.summary)) problems.push(`${route.method} ${route.url}: « ${operation.summary} » is not French`);
    }
    expect(problems).toEqual([]);
    expect(served.length).toBeGreaterThan(50);
  });
});
