/**
 * Bad input, broadly: every route of the access table receives malformed, oversized, wrongly
 * typed and hostile requests (JSON, raw bodies, path parameters, query strings, multipart
 * with lying files and traversal in names), from every kind of caller. Whatever comes in:
 * never a 500, never a stack trace or an internal detail, the error envelope with a French
 * text, and a refused request changes no row and leaves no file.
 *
 * Every refusal is also read: its text and the text of each refused field are French, never
 * zod's English nor a pattern, and a field's text names the field unless it is one of the
 * catalogue's own sentences. Dates (year 0, before 1900, beyond what PostgreSQL stores),
 * numbers at and past their bounds and query strings get cases of their own on every route.
 *
 * FUZZ_RUNS raises the number of cases per route and kind (20 by default, over two thousand
 * requests in all); FUZZ_SEED replays a run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as domain from '@creadefi/domain';
import { fieldLabel, MESSAGES } from '@creadefi/domain';
import type { TestApp } from '../test/harness';
import { multipartBody, realPng, type Part } from '../modules/files/test-helpers';
import { eq } from 'drizzle-orm';
import { contests, files, messages, users } from '../db/schema';
import { ACCESS_TABLE, type AccessRow } from './access-table';
import { BOUND_NUMBERS, DATE_FIELDS, EDGE_DATES, HOSTILE_FILENAMES, IMG, LYING_FILES, SCRIPT, boundQuery, hostileParam, hostileQuery, hostileValue, mutatedBody, rawBody } from './hostile';
import { digestDiff, openWorld, ROLES, stateDigest, type Role, type World } from './world';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let t: TestApp;
let world: World;

beforeAll(async () => {
  ({ t, world } = await openWorld());
}, 300_000);
afterAll(() => t?.close());

// What a response must never show: stack frames, source paths, SQL and driver errors.
const LEAKS = /\n\s+at |node_modules|\/work\/|\/src\/|\.ts:\d+|\.js:\d+|SQLSTATE|syntax error at|violates|duplicate key|relation "|drizzle|pglite|TypeError|ReferenceError|RangeError|ZodError|FST_/;

/** zod's English, and pieces of patterns: what a member must never read. */
const NOT_FRENCH = /\b(Invalid|expected|Expected|Too (big|small)|Required|received|must|Unrecognized|pattern|input)\b|\/\^|\$\/|\{\d+,\d*\}|\[A-Z/;

/** Every sentence of the catalogue, and its texts with blanks ("… supérieur à 240 € !"): a service's own text is kept as written. */
const CATALOGUE = new Set<string>();
const CATALOGUE_TEMPLATES: RegExp[] = [];
const BLANK = '\u0001';
/** A number no text holds by chance, for the texts whose blank is a number they write themselves (formatNumber). */
const NUMBER = 24_681_357;
const BLANKS: [unknown, string][] = [
  [BLANK, BLANK],
  [NUMBER, domain.formatNumber(NUMBER)],
];
(function collect(value: unknown, depth: number): void {
  if (typeof value === 'string') CATALOGUE.add(value);
  else if (typeof value === 'function' && value.length > 0 && value.length <= 3 && !/^[A-Z]/.test(value.name)) {
    for (const [argument, written] of BLANKS) {
      let text: unknown;
      try {
        text = (value as (...a: unknown[]) => unknown)(argument, argument, argument);
      } catch {
        continue;
      }
      if (typeof text === 'string' && text.includes(written) && text.split(written).join('').length >= 10) {
        CATALOGUE_TEMPLATES.push(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').split(written).join('.+')}$`));
        return;
      }
    }
  } else if (value && typeof value === 'object' && depth < 4) for (const v of Object.values(value)) collect(v, depth + 1);
})(Object.fromEntries(Object.entries(domain).filter(([name]) => /^[A-Z_]+$/.test(name))), 0);
const inCatalogue = (text: string) => CATALOGUE.has(text) || CATALOGUE_TEMPLATES.some((t) => t.test(text));

/** What is wrong with the texts of a refusal: English, a pattern, or a field's text that does not name it. */
function textProblems(body: { message?: { message?: unknown; fields?: Record<string, unknown> } } | null): string[] {
  const out: string[] = [];
  const message = body?.message?.message;
  if (typeof message === 'string' && NOT_FRENCH.test(message)) out.push(`not French: ${message}`);
  for (const [key, text] of Object.entries(body?.message?.fields ?? {})) {
    if (typeof text !== 'string' || NOT_FRENCH.test(text)) out.push(`field ${key} not French: ${String(text)}`);
    else if (!inCatalogue(text)) {
      const label = fieldLabel(key.split('.'));
      if (!(label ? text.includes(`«\u00a0${label}\u00a0»`) : /^(Une des valeurs envoyées|La requête)/.test(text))) out.push(`field ${key} not named: ${text}`);
    }
  }
  return out;
}

/** Detects writes cheaply: a transaction id is only taken by a transaction that writes. */
class ChangeWatch {
  private lastXid = 0n;
  private lastDigest = '';

  private async xid(): Promise<bigint> {
    const result = (await t.ctx.db.execute(sql`select pg_current_xact_id()::text as x`)) as unknown as { rows: { x: string }[] };
    return BigInt(result.rows[0]!.x);
  }

  async start(): Promise<void> {
    this.lastXid = await this.xid();
    this.lastDigest = await stateDigest(t);
  }

  /** Runs one request; returns what it changed (rate-limit counters aside). */
  async around(send: () => Promise<LightMyRequestResponse>, touchesDisk: boolean): Promise<{ res: LightMyRequestResponse; changed: string[] }> {
    // What an earlier allowed request left running (a preview being made, a validation's
    // documents) ends first: its writes are not this request's.
    await t.previewsDone();
    await t.settled();
    const x0 = await this.xid();
    if (x0 !== this.lastXid + 1n) this.lastDigest = await stateDigest(t);
    const res = await send();
    const x1 = await this.xid();
    this.lastXid = x1;
    if (x1 === x0 + 1n && !touchesDisk) return { res, changed: [] };
    const after = await stateDigest(t);
    const changed = digestDiff(this.lastDigest, after);
    this.lastDigest = after;
    return { res, changed };
  }
}

const watch = new ChangeWatch();

interface Base {
  row: AccessRow;
  options: InjectOptions;
  params: string[];
  multipart: boolean;
}

const bases: Base[] = [];

/** One base request per route: the organiser's call from the access table, with its objects. */
async function prepareBases(): Promise<void> {
  const seen = new Set<string>();
  for (const row of [...ACCESS_TABLE].sort((a, b) => Number(Boolean(a.prepare)) - Number(Boolean(b.prepare)))) {
    if (seen.has(row.route) || row.route.startsWith('GET /api/docs')) continue;
    seen.add(row.route);
    const target = row.prepare ? await row.prepare(world) : null;
    const options = await row.request({ world, role: 'organiser', target });
    const contentType = String((options.headers as Record<string, string> | undefined)?.['content-type'] ?? '');
    bases.push({ row, options, params: [...row.route.matchAll(/:(\w+)/g)].map((m) => m[1]!), multipart: contentType.startsWith('multipart/') });
  }
}

function failures(base: Base, role: Role, sent: InjectOptions, res: LightMyRequestResponse, changed: string[]): string[] {
  const out: string[] = [];
  const what = `${base.row.route} as ${role}: ${String(sent.url).slice(0, 150)}`;
  if (res.statusCode >= 500) out.push(`${what} → ${res.statusCode} ${res.body.slice(0, 300)}`);
  const body = res.body;
  if (LEAKS.test(body)) out.push(`${what} → leaks ${body.slice(0, 300)}`);
  const type = String(res.headers['content-type'] ?? '');
  if (res.statusCode >= 400 && base.row.route.includes(' /api/')) {
    let parsed: { message?: { message?: unknown; code?: unknown } } | null = null;
    try {
      parsed = JSON.parse(body);
    } catch {
      out.push(`${what} → ${res.statusCode} is not JSON: ${body.slice(0, 200)}`);
    }
    if (parsed && (typeof parsed.message?.message !== 'string' || parsed.message.code !== res.statusCode)) out.push(`${what} → not the error envelope: ${body.slice(0, 200)}`);
    if (parsed && parsed.message?.message === MESSAGES.common.serverError) out.push(`${what} → generic server error`);
    if (parsed) out.push(...textProblems(parsed).map((p) => `${what} → ${p}`));
  }
  if (type.startsWith('text/html') && (body.includes(SCRIPT) || body.includes(IMG) || /<[a-z]+[^>]*\son\w+=/i.test(body.replace(/<(script|style)[\s\S]*?<\/\1>/g, '')))) {
    out.push(`${what} → HTML carrying markup from the request`);
  }
  if (res.statusCode >= 400 && changed.length > 0) out.push(`${what} → refused (${res.statusCode}) but changed ${changed.map((l) => l.split(':')[0]).join(', ')}`);
  return out;
}

/**
 * Rows that end the caller's session or change the caller for good (status form, profile)
 * are sent with a session or a person of their own, so the other cases keep the world intact.
 */
const ownCallers = new Map<string, Record<string, string>>();
async function callerHeaders(base: Base, role: Role): Promise<Record<string, string>> {
  if (role === 'visitor' || !base.row.fresh) return world.headers(role);
  if (base.row.fresh === 'session') return world.freshSession(role);
  const key = `${base.row.route} ${role}`;
  if (!ownCallers.has(key)) ownCallers.set(key, (await world.freshUser(role)).headers);
  return ownCallers.get(key)!;
}

let requestCount = 0;

async function send(base: Base, role: Role, options: InjectOptions, label = ''): Promise<string[]> {
  requestCount++;
  if (base.multipart) await t.ctx.db.execute(sql`delete from rate_limits`);
  const own = await callerHeaders(base, role);
  const headers = { ...(options.headers as Record<string, string> | undefined), ...own };
  const sent = { ...options, headers };
  const { res, changed } = await watch.around(async () => {
    if (!base.row.stream) return t.app.inject(sent);
    return injectStream(sent);
  }, base.multipart);
  return failures(base, role, sent, res, changed).map((p) => (label ? `${p} [${label}]` : p));
}

/** An endless stream (server-sent events): its status and headers, and the body of a refusal. */
async function injectStream(options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  if (res.statusCode === 200) {
    stream.destroy();
    return Object.assign(Object.create(res) as LightMyRequestResponse, { body: '' });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Object.assign(Object.create(res) as LightMyRequestResponse, { body: Buffer.concat(chunks).toString('utf8') });
}

const role = fc.constantFrom(...ROLES);
const params = { numRuns: RUNS, seed: SEED } as const;

/**
 * Runs the cases and collects every problem instead of stopping at the first, so one run
 * shows all that is wrong; the test then fails with the list.
 */
async function property<T>(found: string[], arb: fc.Arbitrary<T>, run: (value: T) => Promise<string[]>): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arb, async (value) => {
      found.push(...(await run(value)));
    }),
    params,
  );
}

function expectNone(found: string[]): void {
  expect([...new Set(found)].slice(0, 40)).toEqual([]);
}

function withParams(base: Base, values: string[]): string {
  let i = 0;
  const path = base.row.route.split(' ')[1]!.replace(/:(\w+)/g, () => values[i++] ?? '1');
  const query = String(base.options.url).split('?')[1];
  return query ? `${path}?${query}` : path;
}

describe('hostile input', () => {
  beforeAll(async () => {
    await prepareBases();
    await watch.start();
  }, 300_000);

  it('covers every route of the access table but the documentation', () => {
    const routes = new Set(ACCESS_TABLE.map((r) => r.route).filter((r) => !r.startsWith('GET /api/docs')));
    expect(bases.map((b) => b.row.route).sort()).toEqual([...routes].sort());
  });

  it('JSON bodies: wrong types, oversized, markup, extra and prototype keys', async () => {
    const found: string[] = [];
    const jsonBases = bases.filter((b) => b.options.method === 'POST' && !b.multipart && typeof b.options.payload === 'object');
    for (const base of jsonBases) {
      await property(found, fc.tuple(role, mutatedBody(base.options.payload as Record<string, unknown>)), ([r, body]) => send(base, r, { ...base.options, payload: body as object }, JSON.stringify(body)?.slice(0, 200)));
    }
    expectNone(found);
  }, 600_000);

  it('raw bodies that are not what their content type says', async () => {
    const found: string[] = [];
    for (const base of bases.filter((b) => b.options.method === 'POST')) {
      await property(found, fc.tuple(role, rawBody), ([r, raw]) => send(base, r, { method: 'POST', url: base.options.url, payload: raw.body, headers: raw.contentType ? { 'content-type': raw.contentType } : {} }, `${raw.contentType} ${JSON.stringify(raw.body.slice(0, 80))}`));
    }
    expectNone(found);
  }, 600_000);

  it('path parameters: not numbers, too big, traversal, markup', async () => {
    const found: string[] = [];
    for (const base of bases.filter((b) => b.params.length > 0)) {
      await property(found, fc.tuple(role, fc.array(hostileParam, { minLength: base.params.length, maxLength: base.params.length })), ([r, values]) =>
        send(base, r, { ...base.options, url: withParams(base, values) }),
      );
    }
    expectNone(found);
  }, 600_000);

  it('query strings: hostile values, repeated keys, brackets', async () => {
    const found: string[] = [];
    for (const base of bases.filter((b) => b.options.method === 'GET')) {
      const [path, query] = String(base.options.url).split('?');
      const keys = query ? [...new URLSearchParams(query).keys()] : [];
      await property(found, fc.tuple(role, hostileQuery(keys)), ([r, q]) => send(base, r, { ...base.options, url: `${path}?${q}` }));
    }
    expectNone(found);
  }, 600_000);

  it('dates out of range, numbers at their bounds, named in French', async () => {
    const found: string[] = [];
    const edge = fc.oneof(fc.constantFrom(...EDGE_DATES), fc.constantFrom(...BOUND_NUMBERS));
    const jsonBases = bases.filter((b) => b.options.method === 'POST' && !b.multipart && typeof b.options.payload === 'object');
    for (const base of jsonBases) {
      const valid = base.options.payload as Record<string, unknown>;
      const keys = [...new Set([...Object.keys(valid), ...DATE_FIELDS])];
      await property(found, fc.tuple(role, fc.constantFrom(...keys), edge), ([r, key, value]) => send(base, r, { ...base.options, payload: { ...valid, [key]: value } }, `${key}=${JSON.stringify(value)}`));
    }
    expectNone(found);
  }, 600_000);

  it('query strings at their bounds: page sizes, pages, tokens, filters', async () => {
    const found: string[] = [];
    for (const base of bases.filter((b) => b.options.method === 'GET')) {
      const [path, query] = String(base.options.url).split('?');
      const keys = query ? [...new URLSearchParams(query).keys()] : [];
      await property(found, fc.tuple(role, boundQuery(keys)), ([r, q]) => send(base, r, { ...base.options, url: `${path}?${q}` }));
    }
    expectNone(found);
  }, 600_000);

  it('multipart: lying files, traversal in names, hostile fields, cut bodies', async () => {
    const png = await realPng(40, 40);
    const fileArb = fc.oneof(
      fc.constantFrom(...LYING_FILES).map((f) => ({ filename: f.filename, content: f.content, contentType: f.contentType })),
      fc.constantFrom(...HOSTILE_FILENAMES).map((filename) => ({ filename, content: png, contentType: 'image/png' })),
    );
    const fieldArb = fc.array(fc.tuple(fc.constantFrom('idConcours', 'idParticipation', '__proto__', 'x'), hostileValue.map((v) => String(v).slice(0, 100_000))), { maxLength: 3 });
    const shapeArb = fc.constantFrom('whole', 'cut', 'twoFiles', 'noFile', 'wrongField', 'noBoundary');
    const found: string[] = [];
    for (const base of bases.filter((b) => b.multipart)) {
      const fileField = /name="(\w+)"; filename=/.exec(String(base.options.payload))?.[1] ?? 'file';
      await property(found, fc.tuple(role, fileArb, fieldArb, shapeArb), async ([r, file, fields, shape]) => {
        const parts: Part[] = fields.map(([name, value]) => ({ name, value }));
        if (shape !== 'noFile') parts.push({ name: shape === 'wrongField' ? 'autre' : fileField, ...file });
        if (shape === 'twoFiles') parts.push({ name: fileField, ...file });
        const body = multipartBody(parts);
        let payload = body.payload;
        let contentType = body.headers['content-type'];
        if (shape === 'cut') payload = payload.subarray(0, Math.max(10, Math.floor(payload.length / 2)));
        if (shape === 'noBoundary') contentType = 'multipart/form-data';
        const label = `${shape} ${JSON.stringify(file.filename).slice(0, 60)} ${file.contentType} ${file.content.subarray(0, 12).toString('hex')} ${JSON.stringify(fields).slice(0, 100)}`;
        const problems = await send(base, r, { method: 'POST', url: base.options.url, payload, headers: { 'content-type': contentType } }, label);
        return problems.concat(await storedNamesAreSafe());
      });
    }
    expectNone(found);
  }, 600_000);
});

/** Whatever name a file came with, what is stored is a plain name and a key the server chose. */
async function storedNamesAreSafe(): Promise<string[]> {
  const rows = await t.ctx.db.select({ filename: files.filename, key: files.storageKey }).from(files);
  return rows.filter((f) => (/[\\/]/.test(f.filename) || f.filename.includes('\u0000')) || f.filename.length > 255 || !/^[A-Za-z0-9/_-]+$/.test(f.key)).map((f) => `stored name ${JSON.stringify(f.filename)} key ${f.key}`);
}

describe('the run', () => {
  it('sent thousands of hostile requests', () => {
    console.log(`fuzz: ${requestCount} requests over ${bases.length} routes`);
    expect(requestCount).toBeGreaterThan(RUNS * 100);
  });
});

describe('refusals reported from the field', () => {
  it('are French, name their field and show no pattern', async () => {
    const cases: [string, string, string][] = [
      ['GET', '/api/events?token=abc', 'Le champ «\u00a0Jeton de session\u00a0» doit être écrit dans le format attendu.'],
      ['GET', '/api/notifications?pageSize=51', 'Le champ «\u00a0Nombre de résultats par page\u00a0» doit être au plus 50.'],
      ['GET', '/api/user/concours/organisateur?page=0', 'Le champ «\u00a0Page\u00a0» doit être au moins 1.'],
    ];
    for (const [method, url, text] of cases) {
      const res = await world.call('stranger', { method: method as 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message.message, url).toBe(text);
    }
    const me = await world.freshUser('stranger');
    const [user] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    const year0 = await t.app.inject({ method: 'POST', url: '/api/user/update', headers: me.headers, payload: { pseudo: user!.pseudo, email: user!.email, birthDate: '0000-12-31' } });
    expect(year0.statusCode).toBe(400);
    expect(year0.json().message.message).toBe(MESSAGES.profile.birthdayInvalid);
    const promo = await world.call('admin', { method: 'POST', url: '/api/admin/promo-codes', payload: { code: 'AN-ZERO', percentOff: 10, validUntil: '0000-12-31T00:00:00Z' } });
    expect(promo.statusCode).toBe(400);
    expect(promo.json().message.message).toBe(MESSAGES.payments.promoValidUntilInvalid);
  });
});

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ])('(%s) is refused before anything happens, even with the payment provider on the way', async (_what, name) => {
    const before = await stateDigest(t);
    const res = await world.call('winner', { method: 'POST', url: '/api/user/bank-details', payload: { name, iban: '  fr76 3000 6000 0112 3456 7890 189 ' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message.message).toBe(MESSAGES.common.forbiddenCharacters);
    expect(digestDiff(before, await stateDigest(t))).toEqual([]);
  });
});

describe('fields the caller may not set (mass assignment)', () => {
  it('are ignored: no one makes themselves admin, owner, paid or someone else', async () => {
    const me = await world.freshUser('stranger');
    const [before] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/user/update',
      headers: me.headers,
      payload: { pseudo: `masse_${me.id}`, email: before!.email, isAdmin: true, is_admin: true, id: world.users.admin.id, ownerId: 'owner-vole', payerId: 'wallet-vole', emailVerifiedAt: null, passwordHash: 'x' },
    });
    expect(update.statusCode, update.body).toBe(200);
    const [after] = await t.ctx.db.select().from(users).where(eq(users.id, me.id));
    expect({ isAdmin: after!.isAdmin, ownerId: after!.ownerId, payerId: after!.payerId, passwordHash: after!.passwordHash }).toEqual({
      isAdmin: false,
      ownerId: before!.ownerId,
      payerId: before!.payerId,
      passwordHash: before!.passwordHash,
    });
    expect((await t.ctx.db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, world.users.admin.id)))[0]!.isAdmin).toBe(true);

    const created = await t.app.inject({
      method: 'POST',
      url: '/api/concours/create',
      headers: me.headers,
      payload: { idSubCategory: 1, cost: 30_000, companyName: 'A', companySkills: 'B', target: 'C', message: 'D', status: 2, ownerId: world.users.organiser.id, costCents: 100, prizesPaid: 5, paidAt: new Date().toISOString(), participationsCount: 99 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [contest] = await t.ctx.db.select().from(contests).where(eq(contests.id, created.json().results.newConcours.id));
    expect({ status: contest!.status, ownerId: contest!.ownerId, costCents: contest!.costCents, prizesPaid: contest!.prizesPaid, paidAt: contest!.paidAt, count: contest!.participationsCount }).toEqual({
      status: 1,
      ownerId: me.id,
      costCents: 30_000,
      prizesPaid: 0,
      paidAt: null,
      count: 0,
    });

    // A contest of its own: the hostile input before may have ended the world's open one, as its organiser or an admin may.
    const open = await world.fresh.open();
    const sent = await world.call('participant', { method: 'POST', url: '/api/message/create', payload: { idParticipation: open.participant.participationId, message: 'Signé par moi', authorId: world.users.organiser.id, type: 2, isConcoureurMessage: false } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = await t.ctx.db.select().from(messages).where(eq(messages.id, sent.json().results.message.id));
    expect({ authorId: message!.authorId, type: message!.type }).toEqual({ authorId: world.users.participant.id, type: 1 });
  });
});

describe('markup in text fields', () => {
  const MARKUP = [SCRIPT, IMG, '<svg/onload=alert(1)>', '</textarea><script>alert(1)</script>', '\'"><iframe src=javascript:alert(1)></iframe>', '{{constructor.constructor("alert(1)")()}}'];
  const json = (res: LightMyRequestResponse) => {
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json();
  };

  it('is kept as text and sent back as JSON data, never as a page', async () => {
    // A contest of its own: the hostile input before may have ended the world's open one, as its organiser or an admin may.
    const open = await world.fresh.open();
    for (const text of MARKUP) {
      const organiser = await world.freshUser('stranger');
      const brief = { companyName: text.slice(0, 120), companySkills: text, target: text, site: text, message: text };
      const created = await t.app.inject({ method: 'POST', url: '/api/concours/create', headers: organiser.headers, payload: { idSubCategory: 1, cost: 30_000, ...brief } });
      expect(created.statusCode, created.body).toBe(201);
      const read = json(await t.app.inject({ method: 'GET', url: `/api/concours/read/${created.json().results.newConcours.id}`, headers: organiser.headers }));
      expect(read.results.concours).toMatchObject(brief);

      const sent = await world.call('participant', { method: 'POST', url: '/api/message/create', payload: { idParticipation: open.participant.participationId, message: text } });
      expect(sent.statusCode, sent.body).toBe(200);
      const conversation = json(await world.call('organiser', { method: 'GET', url: `/api/message/readByParticipant/${open.participant.participationId}` }));
      expect((conversation.results.participation.messages as { message: string }[]).map((m) => m.message)).toContain(text);
    }
  });

  it('is escaped in the HTML of the mails that carry it', async () => {
    for (const text of MARKUP) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: text.slice(0, 120), email: 'curieux@exemple.fr', objet: text.slice(0, 200), message: text } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const dir = path.join(t.dataDir, 'outbox');
    const htmlParts = fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.eml'))
      .map((n) => fs.readFileSync(path.join(dir, n), 'utf8'))
      .filter((eml) => eml.includes('Content-Type: text/html'))
      .map((eml) => Buffer.from(eml.split('Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n')[1]!.split('\r\n--')[0]!.replace(/\r\n/g, ''), 'base64').toString('utf8'));
    expect(htmlParts.length).toBeGreaterThanOrEqual(MARKUP.length);
    for (const html of htmlParts) {
      expect(html).not.toMatch(/<script|<svg|<iframe|<img|<\/textarea/i);
    }
  });
});
