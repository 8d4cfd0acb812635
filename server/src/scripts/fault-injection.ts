/**
 * `npm run test:faults -w server`: the real server, as a child process on a PostgreSQL of its
 * own, is killed (SIGKILL) in the middle of an upload, of payment confirmations and of
 * pay-outs, then started again: nothing may be half-written, nothing paid twice, and the
 * time-driven jobs catch up with what came due while it was down. Its database is stopped
 * and started under load: requests must fail cleanly with 503 and the server recover
 * without a restart. SIGTERM must let in-flight requests finish.
 *
 * Prints a Markdown table of the outcomes (for docs/security.md); exits with 1 if any fails.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { AUTO_VALIDATION_DELAY_MS, gainCents } from '@creadefi/domain';
import { contests, files, ledgerOperations, participations, payments, payouts, sandboxOperations } from '../db/schema';
import { TEST_IBANS, buildContest, buildFinalisedContest, buildLegalStatus, buildOrganiser, buildPaidContest, type TestUser } from '../test/factories';
import { createPayIn } from '../modules/payments/service';
import { SandboxPaymentProvider, SANDBOX_TEST_CARDS } from '../adapters/payments/sandbox';
import { saveBankDetails } from '../modules/wallet/service';
import { validateFinalFiles } from '../modules/delivery/validate';
import { checkLedger } from '../modules/ledger/check';
import { accounts, balanceOf } from '../modules/ledger/ledger';
import { fakePng, multipartBody, realPng } from '../modules/files/test-helpers';
import { report, sleep, startLongRun, waitFor, type LongRun, type Outcome } from './long-run/context';

type Member = TestUser & { ownerId: string; payerId: string };

let run: LongRun;
const outcomes: Outcome[] = [];

function api(method: string, url: string, user: TestUser | null, body?: unknown): Promise<Response> {
  return fetch(`${run.server.base}${url}`, {
    method,
    headers: { ...(user?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** Runs a scenario; a thrown error is its failure, reported with the others. */
async function scenario(name: string, work: () => Promise<string>): Promise<void> {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    const figures = await work();
    outcomes.push({ name, ok: true, figures: `${figures} ; ${((Date.now() - started) / 1000).toFixed(0)} s` });
    console.log(`  ✔ ${figures}`);
  } catch (error) {
    outcomes.push({ name, ok: false, figures: (error as Error).message.replace(/\n/g, ' ') });
    console.log(`  ✖ ${(error as Error).stack}`);
    console.log(run.server.log.slice(-15).join('\n'));
    if (!(await fetch(`${run.server.base}/api/health`).then(() => true, () => false))) await run.server.start();
  }
}

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(what);
}

async function restart(): Promise<number> {
  return run.server.start();
}

/** The .part files of writes in progress, and every stored file. */
function storedFiles(): { parts: string[]; stored: string[] } {
  const root = path.join(run.dataDir, 'uploads');
  const parts = fs.existsSync(path.join(root, '.tmp')) ? fs.readdirSync(path.join(root, '.tmp')) : [];
  const stored: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === '.tmp') continue;
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else stored.push(path.relative(root, path.join(dir, e.name)));
    }
  };
  walk(root);
  return { parts, stored };
}

/**
 * Sends a multipart upload slowly (chunks every `intervalMs`), so that something can happen
 * to the server meanwhile. Resolves with the status, or with the error that ended it.
 */
function slowUpload(url: string, user: TestUser, field: string, content: Buffer, chunk: number, intervalMs: number): { done: Promise<number | string>; progress: () => number } {
  const { payload, headers } = multipartBody([{ name: field, filename: 'lent.png', content, contentType: 'image/png' }]);
  let sent = 0;
  const done = new Promise<number | string>((resolve) => {
    const req = http.request(`${run.server.base}${url}`, { method: 'POST', headers: { ...headers, ...user.headers, 'content-length': String(payload.length) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error) => resolve(error.message));
    const next = () => {
      if (sent >= payload.length) return req.end();
      const end = Math.min(payload.length, sent + chunk);
      const ok = req.write(payload.subarray(sent, end));
      sent = end;
      if (ok) setTimeout(next, intervalMs);
      else req.once('drain', () => setTimeout(next, intervalMs));
    };
    next();
  });
  return { done, progress: () => sent / payload.length };
}

async function participationOf(talent: TestUser, contestId: number): Promise<number> {
  const res = await api('POST', '/api/concours/add/participation', talent, { idConcours: contestId, commitment: true });
  check(res.status === 200, `participation refused: ${res.status}`);
  return ((await res.json()) as { results: { participation: { id: number } } }).results.participation.id;
}

async function killUpload(): Promise<string> {
  const { ctx } = run;
  const organiser = await buildOrganiser(ctx);
  const contest = await buildPaidContest(ctx, organiser);
  const talent = await buildOrganiser(ctx);
  const participationId = await participationOf(talent, contest.id);
  const before = storedFiles().stored.length;
  // 30 MB at about 5 MB/s: the kill comes while the bytes are being written.
  const upload = slowUpload(`/api/participation/addFile/${participationId}`, talent, 'fileParticipation', fakePng(30_000_000), 256 * 1024, 50);
  await waitFor('upload under way', 60_000, async () => upload.progress() > 0.25);
  const partsBefore = storedFiles().parts.length;
  await run.server.kill('SIGKILL');
  const outcome = await upload.done;
  const restartMs = await restart();
  const after = storedFiles();
  const rows = await ctx.db.select().from(files).where(eq(files.participationId, participationId));
  check(rows.length === 0, `a files row was written for the cut upload (${rows.length})`);
  check(after.parts.length === 0, `half-written files left after the restart: ${after.parts.join(', ')}`);
  check(after.stored.length === before, `stored files went from ${before} to ${after.stored.length}`);
  // The same person can send the file again.
  const { payload, headers } = multipartBody([{ name: 'fileParticipation', filename: 'logo.png', content: await realPng(200, 200), contentType: 'image/png' }]);
  const again = await fetch(`${run.server.base}/api/participation/addFile/${participationId}`, { method: 'POST', headers: { ...headers, ...talent.headers }, body: payload });
  check(again.status === 200, `upload after restart: ${again.status}`);
  return `coupé à ${Math.round(upload.progress() * 100)} % (client : ${outcome}) ; ${partsBefore} fichier partiel avant l'arrêt, 0 après le redémarrage (${(restartMs / 1000).toFixed(1)} s) ; aucune ligne, aucun fichier stocké ; nouvel envoi accepté`;
}

async function sandbox(): Promise<SandboxPaymentProvider> {
  if (!(run.ctx.payments instanceof SandboxPaymentProvider)) throw new Error('the sandbox provider is needed');
  return run.ctx.payments;
}

async function killConfirmations(): Promise<string> {
  const { ctx } = run;
  const organiser = await buildOrganiser(ctx);
  const delays = [0, 10, 25, 50, 100, 200];
  let settledBeforeKill = 0;
  let committedBeforeKill = 0;
  const contestIds: number[] = [];
  for (const delay of delays) {
    // Several at once, so that the kill falls inside some of their transactions.
    const round = [];
    for (let i = 0; i < 4; i++) {
      const contest = await buildContest(ctx, organiser, { status: 1, prizesPaid: 0, paidAt: null, endDate: null });
      const payIn = await createPayIn(ctx, organiser.id, { idConcours: contest.id, cardType: 'CB_VISA_MASTERCARD' });
      await (await sandbox()).payWithCard(payIn.transactionId, { number: SANDBOX_TEST_CARDS.succeeds, expiry: '12/39', cvc: '123' });
      round.push({ contest, url: `/api/payment/confirmation/web/payin?idConcours=${contest.id}&transactionId=${payIn.transactionId}` });
      contestIds.push(contest.id);
    }
    const calls = round.map((r) => api('GET', r.url, organiser).then((res) => res.status, () => 0));
    await sleep(delay);
    await run.server.kill('SIGKILL');
    settledBeforeKill += (await Promise.all(calls)).filter((s) => s === 200).length;
    await restart();
    for (const r of round) {
      const [row] = await ctx.db.select({ status: contests.status }).from(contests).where(eq(contests.id, r.contest.id));
      if (row!.status === 2) committedBeforeKill++;
      const res = await api('GET', r.url, organiser);
      check(res.status === 200, `confirmation after restart: ${res.status}`);
    }
  }
  for (const id of contestIds) {
    const [row] = await ctx.db.select().from(contests).where(eq(contests.id, id));
    check(row!.status === 2 && row!.prizesPaid === 1, `contest ${id}: status ${row!.status}, prizes paid ${row!.prizesPaid}`);
    const made = await ctx.db.select().from(payments).where(eq(payments.contestId, id));
    const ops = await ctx.db.select().from(ledgerOperations).where(inArray(ledgerOperations.key, made.map((p) => `payin:${p.id}`)));
    check(ops.length === 1, `contest ${id}: ${ops.length} pay-in operations in the ledger`);
    check((await balanceOf(ctx.db, accounts.escrow(id))) === row!.costCents, `contest ${id}: escrow differs from the price`);
  }
  const violations = await checkLedger(ctx.db);
  check(violations.length === 0, violations.map((v) => v.message).join(' '));
  return `${contestIds.length} confirmations en ${delays.length} arrêts (délais ${delays.join(', ')} ms) : ${committedBeforeKill} enregistrées avant l'arrêt (dont ${settledBeforeKill} répondues), les autres après le redémarrage ; chaque paiement compté une fois, séquestre exact, grand livre équilibré`;
}

/** A talent with a validated prize in their wallet and bank details, ready to pay out. */
async function paidTalent(organiser: Member): Promise<{ talent: Member; gain: number }> {
  const { ctx } = run;
  const { contest, winners } = await buildFinalisedContest(ctx, organiser, { winners: 1 });
  const w = winners[0]!;
  await ctx.db.update(participations).set({ finalSentAt: new Date() }).where(eq(participations.id, w.participationId));
  await validateFinalFiles(ctx, { id: organiser.id }, { idConcours: contest.id, idParticipation: w.participationId });
  await buildLegalStatus(ctx, w.user.id);
  await saveBankDetails(ctx, w.user.id, { name: 'Talent', iban: TEST_IBANS.valid });
  return { talent: w.user, gain: gainCents(contest.costCents) };
}

async function killPayoutsAndCatchUp(): Promise<string> {
  const { ctx } = run;
  const organiser = await buildOrganiser(ctx);
  // Several pay-outs per kill, the kill later each time: some die before their transaction,
  // some between it and the provider, some after.
  const delays = [5, 15, 25, 40, 60, 90];
  const perRound = 3;
  const talents: { talent: Member; gain: number }[] = [];
  for (let i = 0; i < delays.length * perRound; i++) talents.push(await paidTalent(organiser));

  // Work that comes due while the server is down: a contest's end, and final files left
  // unanswered for 48 hours.
  const ending = await buildPaidContest(ctx, organiser);
  const late = await buildFinalisedContest(ctx, organiser, { winners: 1 });
  const lateWinner = late.winners[0]!;
  await ctx.db.update(contests).set({ endDate: new Date(Date.now() + 4000) }).where(eq(contests.id, ending.id));
  await ctx.db.update(participations).set({ finalSentAt: new Date(Date.now() - AUTO_VALIDATION_DELAY_MS + 4000) }).where(eq(participations.id, lateWinner.participationId));

  let answered = 0;
  for (let i = 0; i < delays.length; i++) {
    const round = talents.slice(i * perRound, (i + 1) * perRound);
    const calls = round.map(({ talent }) => api('POST', '/api/wallet/transfer', talent, {}).then((r) => r.status, () => 0));
    await sleep(delays[i]!);
    await run.server.kill('SIGKILL');
    answered += (await Promise.all(calls)).filter((s) => s === 200).length;
    if (i < delays.length - 1) await restart();
  }
  const pendingAfterKills = (await ctx.db.select().from(payouts).where(and(inArray(payouts.userId, talents.map((t) => t.talent.id)), eq(payouts.status, 'pending')))).length;
  // Down long enough for both deadlines to pass.
  await sleep(6000);
  await restart();
  const jobs = await waitFor('the jobs catch up', 120_000, async () => {
    const [c] = await ctx.db.select({ status: contests.status }).from(contests).where(eq(contests.id, ending.id));
    const [p] = await ctx.db.select({ at: participations.finalValidatedAt }).from(participations).where(eq(participations.id, lateWinner.participationId));
    return c!.status === 3 && p!.at !== null;
  });
  check((await balanceOf(ctx.db, accounts.wallet(lateWinner.user.id))) === gainCents(late.contest.costCents), 'the automatic validation did not credit the winner once');

  // Pending pay-outs are settled by the job once they are two minutes old.
  const settled = await waitFor('pending pay-outs settled', 6 * 60_000, async () => {
    const pending = await ctx.db.select().from(payouts).where(and(inArray(payouts.userId, talents.map((t) => t.talent.id)), eq(payouts.status, 'pending')));
    return pending.length === 0;
  });
  let paidOut = 0;
  let never = 0;
  for (const { talent, gain } of talents) {
    const rows = await ctx.db.select().from(payouts).where(eq(payouts.userId, talent.id));
    check(rows.length <= 1, `talent ${talent.id}: ${rows.length} pay-outs`);
    const atProvider = await ctx.db.select().from(sandboxOperations).where(and(eq(sandboxOperations.kind, 'payout'), eq(sandboxOperations.ownerId, talent.ownerId)));
    check(atProvider.length <= 1, `talent ${talent.id}: paid ${atProvider.length} times at the provider`);
    const balance = await balanceOf(ctx.db, accounts.wallet(talent.id));
    if (rows[0]?.status === 'succeeded') {
      paidOut++;
      check(balance === 0 && atProvider.length === 1 && rows[0].amountCents === gain, `talent ${talent.id}: paid but balance ${balance}`);
    } else {
      never++;
      check(balance === gain && atProvider.length === 0, `talent ${talent.id}: not paid, balance ${balance}, ${atProvider.length} at the provider`);
    }
    // Clicking again pays nothing more, or pays what is still there.
    const again = await api('POST', '/api/wallet/transfer', talent, {});
    check(again.status === (balance > 0 ? 200 : 409), `talent ${talent.id}: second transfer ${again.status}`);
  }
  const violations = await checkLedger(ctx.db);
  check(violations.length === 0, violations.map((v) => v.message).join(' '));
  return `${talents.length} virements coupés par ${delays.length} arrêts (délais ${delays.join(', ')} ms ; ${answered} répondus avant l'arrêt, ${pendingAfterKills} laissés en attente) : ${paidOut} payés une fois, ${never} jamais partis, aucun payé deux fois ; attentes réglées par la tâche ${Math.round(settled.afterMs / 1000)} s après le redémarrage ; fin de concours et validation automatique rattrapées ${Math.round(jobs.afterMs / 1000)} s après le redémarrage ; grand livre équilibré`;
}

async function gracefulStop(): Promise<string> {
  const { ctx } = run;
  const organiser = await buildOrganiser(ctx);
  const contest = await buildPaidContest(ctx, organiser);
  const talent = await buildOrganiser(ctx);
  const participationId = await participationOf(talent, contest.id);
  // About three seconds of upload; SIGTERM arrives after one.
  const png = await realPng(1200, 900);
  const body = Buffer.concat([png, Buffer.alloc(1_500_000)]);
  const upload = slowUpload(`/api/participation/addFile/${participationId}`, talent, 'fileParticipation', body, 64 * 1024, 100);
  const slowRead = api('POST', '/api/concours/orderBy/any', organiser, {}).then((r) => r.status, (e: Error) => e.message);
  await sleep(1000);
  const signalled = Date.now();
  run.server.signal('SIGTERM');
  await sleep(200);
  const late = await fetch(`${run.server.base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
    (r) => `${r.status}`,
    () => 'connexion refusée',
  );
  const [status, read, code] = await Promise.all([upload.done, slowRead, run.server.waitExit()]);
  const exitMs = Date.now() - signalled;
  check(status === 200, `the upload in flight ended with ${status}`);
  check(read === 200, `the read in flight ended with ${read}`);
  check(code === 0, `exit code ${code}`);
  check(late === '503' || late === 'connexion refusée', `a request after SIGTERM got ${late}`);
  const rows = await ctx.db.select().from(files).where(eq(files.participationId, participationId));
  check(rows.length === 1, 'the file in flight was not saved');
  check(storedFiles().parts.length === 0, 'half-written files left');
  await restart();
  return `envoi en cours terminé (200) et enregistré, lecture en cours terminée (200) ; nouvelle requête : ${late} ; arrêt propre (code 0) ${(exitMs / 1000).toFixed(1)} s après SIGTERM`;
}

async function databaseOutage(): Promise<string> {
  const { ctx } = run;
  const organiser = await buildOrganiser(ctx);
  const contest = await buildPaidContest(ctx, organiser);
  const pid = run.server.pid;
  const routes = ['/api/health', '/api/concours/orderBy/any', '/api/user/me', `/api/concours/read/${contest.id}`, '/api/notifications/unread-count', '/api/config'];
  const counts = { before: new Map<string, number>(), down: new Map<string, number>(), after: new Map<string, number>() };
  let phase: keyof typeof counts = 'before';
  let stop = false;
  let slowest = 0;
  const bump = (status: string): void => {
    counts[phase].set(status, (counts[phase].get(status) ?? 0) + 1);
  };
  // About 20 requests a second, each with a 10 s deadline.
  const load = (async () => {
    const inFlight = new Set<Promise<void>>();
    let i = 0;
    while (!stop) {
      const url = routes[i++ % routes.length]!;
      const started = Date.now();
      const p: Promise<void> = (url === '/api/concours/orderBy/any' ? api('POST', url, organiser, {}) : api('GET', url, organiser))
        .then(
          (r) => bump(String(r.status)),
          (e: Error) => bump(e.name === 'TimeoutError' ? 'délai dépassé' : 'erreur réseau'),
        )
        .finally(() => {
          slowest = Math.max(slowest, Date.now() - started);
          inFlight.delete(p);
        });
      inFlight.add(p);
      await sleep(50);
    }
    await Promise.all(inFlight);
  })();
  await sleep(10_000);
  phase = 'down';
  run.postgres.stop('fast');
  await sleep(15_000);
  await run.postgres.start();
  phase = 'after';
  const recovered = await waitFor('the server answers again', 60_000, async () => {
    const r = await api('GET', '/api/health', null);
    return r.status === 200;
  });
  await sleep(15_000);
  stop = true;
  await load;
  const show = (m: Map<string, number>) => [...m].map(([k, v]) => `${v}×${k}`).join(', ');
  const bad = (m: Map<string, number>) => [...m.keys()].filter((k) => k !== '200' && k !== '503');
  check(bad(counts.before).length === 0 && bad(counts.down).length === 0, `unexpected answers: before ${show(counts.before)}, down ${show(counts.down)}`);
  check((counts.down.get('503') ?? 0) > 0, 'no 503 while the database was down');
  check(run.server.pid === pid, 'the server restarted');
  // Once it answers again, every answer is a success.
  const afterRecovery = await Promise.all(routes.map((u) => (u === '/api/concours/orderBy/any' ? api('POST', u, organiser, {}) : api('GET', u, organiser)).then((r) => r.status)));
  check(afterRecovery.every((s) => s === 200), `after recovery: ${afterRecovery.join(', ')}`);
  check(bad(counts.after).length === 0, `after the restart of the database: ${show(counts.after)}`);
  return `avant : ${show(counts.before)} ; base arrêtée 15 s : ${show(counts.down)} ; après : ${show(counts.after)} ; répond de nouveau ${recovered.afterMs} ms après le redémarrage de PostgreSQL, sans redémarrer (même pid) ; réponse la plus lente ${slowest} ms`;
}

async function main(): Promise<number> {
  console.log('Démarrage d’un PostgreSQL jetable et du serveur…');
  run = await startLongRun('faults', { AUTH_RATE_LIMIT: '100000' });
  try {
    await scenario('SIGKILL pendant un envoi de fichier', killUpload);
    await scenario('SIGKILL pendant des confirmations de paiement', killConfirmations);
    await scenario('SIGKILL pendant des virements, puis rattrapage des tâches planifiées', killPayoutsAndCatchUp);
    await scenario('SIGTERM avec des requêtes en cours', gracefulStop);
    await scenario('PostgreSQL arrêté puis redémarré sous charge', databaseOutage);
    const violations = await checkLedger(run.ctx.db);
    outcomes.push({ name: 'Grand livre à la fin', ok: violations.length === 0, figures: violations.length === 0 ? 'aucune anomalie' : violations.map((v) => v.message).join(' ') });
  } finally {
    await run.close();
  }
  console.log(`\n${report('Injection de pannes', outcomes)}\n`);
  return outcomes.every((o) => o.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
