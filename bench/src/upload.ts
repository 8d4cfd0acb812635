/**
 * Uploads: a 500 MB video proposal streamed to the real app (its own process, a database of
 * its own), with the server's resident memory sampled every 50 ms, next to a plain copy of
 * the same file on the same disk in the same run; then a 501 MB one, which must be refused
 * with 413 and leave nothing behind.
 *
 *   npm run bench:upload -w bench     (BENCH_UPLOAD_DIR to put the files on another disk)
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { MAX_FILE_BYTES, PARTICIPATION_FILE_FIELD } from '@creadefi/domain';
import { openPostgres } from '../../server/src/db/client';
import { hashToken } from '../../server/src/modules/auth/tokens';
import { migrate } from '../../server/src/db/migrate';
import { syncCatalogue } from '../../server/src/db/catalogue-sync';
import { BENCH_DATABASE_URL, loadAverage, log, round1, saveResult, withDatabase } from './lib/env';
import { appEnv, freePort, spawnServer, type Running } from './lib/server';

export const UPLOAD_BUDGET = { memoryGrowthBytes: 100_000_000, shareOfCopy: 0.5 } as const;
const DATABASE = withDatabase(BENCH_DATABASE_URL, 'creadefi_bench_upload');
const MB = 1_000_000;

/** An MP4 file of `size` bytes: a real `ftyp` box for the type check, then random bytes. */
async function makeVideo(file: string, size: number): Promise<string> {
  const hash = createHash('sha256');
  const handle = await fsp.open(file, 'w');
  try {
    const ftyp = Buffer.from('0000001c6674797069736f6d0000020069736f6d69736f32617663316d703431', 'hex');
    const block = randomBytes(MB);
    ftyp.copy(block);
    let written = 0;
    while (written < size) {
      const chunk = block.subarray(0, Math.min(MB, size - written));
      await handle.write(chunk);
      hash.update(chunk);
      written += chunk.length;
      // Later blocks differ from the first, so that nothing downstream can shortcut repeats.
      block.writeUInt32BE(written, 64);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}

async function plainCopy(source: string, target: string): Promise<number> {
  const t = performance.now();
  await pipeline(fs.createReadStream(source), fs.createWriteStream(target));
  const written = await fsp.open(target, 'r');
  await written.sync();
  await written.close();
  return (performance.now() - t) / 1000;
}

/** A database with one open video contest and a talent who has accepted its commitment. */
async function prepareDatabase(): Promise<{ talentId: number; participationId: number }> {
  const admin = new pg.Client({ connectionString: withDatabase(BENCH_DATABASE_URL, 'postgres') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS creadefi_bench_upload WITH (FORCE)');
  await admin.query('CREATE DATABASE creadefi_bench_upload');
  await admin.end();
  const database = await openPostgres(DATABASE, 1);
  await migrate(database);
  await syncCatalogue(database.db);
  await database.close();
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  try {
    const users = await client.query<{ id: number }>(
      `insert into users (email, pseudo, pseudo_key, email_verified_at, owner_id, payer_id) values
         ('organisateur@banc.creadefi.test', 'organisateur', 'banc:organisateur', now(), 'o1', 'w1'), ('talent@banc.creadefi.test', 'talent', 'banc:talent', now(), 'o2', 'w2') returning id`,
    );
    const [organiser, talent] = users.rows.map((r) => r.id);
    const sub = await client.query<{ id: number; category_id: number }>(`select id, category_id from sub_categories where format = 2 order by id limit 1`);
    const contest = await client.query<{ id: number }>(
      `insert into contests (owner_id, category_id, sub_category_id, status, company_name, company_skills, target, message, cost_cents, end_date, paid_at)
       values ($1, $2, $3, 2, 'Studio Banc', 'Vidéo', 'Tous publics', 'Une vidéo de présentation.', 48000, now() + interval '7 days', now()) returning id`,
      [organiser, sub.rows[0]!.category_id, sub.rows[0]!.id],
    );
    const participation = await client.query<{ id: number }>(
      `insert into participations (contest_id, user_id, commitment_accepted_at) values ($1, $2, now()) returning id`,
      [contest.rows[0]!.id, talent],
    );
    return { talentId: talent!, participationId: participation.rows[0]!.id };
  } finally {
    await client.end();
  }
}

interface UploadOutcome {
  status: number;
  body: string;
  seconds: number;
  peakRssBytes: number;
}

/** Streams `file` as the multipart body of a proposal upload, sampling the server's memory. */
function upload(app: Running, token: string, participationId: number, file: string, size: number): Promise<UploadOutcome> {
  const boundary = `----banc${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${PARTICIPATION_FILE_FIELD}"; filename="video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${app.url}/api/participation/addFile/${participationId}`);
  let peak = app.rssBytes();
  const sampler = setInterval(() => (peak = Math.max(peak, app.rssBytes())), 50);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (outcome: UploadOutcome | Error) => {
      if (settled) return;
      settled = true;
      clearInterval(sampler);
      if (outcome instanceof Error) reject(outcome);
      else resolve(outcome);
    };
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => done({ status: res.statusCode ?? 0, body, seconds: (performance.now() - started) / 1000, peakRssBytes: peak }));
    });
    // A refusal may close the connection before the whole body is sent: the answer counts.
    req.on('error', (error) => setTimeout(() => done(error), 2000));
    req.write(head);
    const source = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    source.pipe(req, { end: false });
    source.on('end', () => req.end(tail));
    source.on('error', (error) => done(error));
  });
}

async function filesUnder(dir: string): Promise<string[]> {
  if (!fs.existsSync(dir)) return [];
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(process.env.BENCH_UPLOAD_DIR ?? os.tmpdir(), 'creadefi-bench-upload-'));
  const dataDir = path.join(work, 'data');
  const size = MAX_FILE_BYTES;
  const tooBig = MAX_FILE_BYTES + MB;
  let app: Awaited<ReturnType<typeof spawnServer>> | null = null;
  try {
    log(`fichiers de ${size / MB} et ${tooBig / MB} Mo dans ${work}`);
    const video = path.join(work, 'video-500.mp4');
    const videoSha = await makeVideo(video, size);
    const bigVideo = path.join(work, 'video-501.mp4');
    await makeVideo(bigVideo, tooBig);

    const { talentId, participationId } = await prepareDatabase();
    app = await spawnServer({ script: 'server/src/main.ts', env: appEnv(DATABASE, dataDir), port: await freePort(), readyPath: '/api/health' });
    const token = await openSessionIn(talentId);
    const loadBefore = loadAverage();

    // The copy first, on the disk of the uploads folder, then the upload: both read the same source.
    fs.mkdirSync(path.join(dataDir, 'copy'), { recursive: true });
    const copySeconds = await plainCopy(video, path.join(dataDir, 'copy', 'video.mp4'));
    fs.rmSync(path.join(dataDir, 'copy'), { recursive: true, force: true });

    await fetch(`${app.url}/api/health`);
    const rssBefore = app.rssBytes();
    const ok = await upload(app, token, participationId, video, size);
    if (ok.status !== 200) throw new Error(`envoi de 500 Mo refusé : ${ok.status} ${ok.body}`);
    const stored = (await filesUnder(path.join(dataDir, 'uploads'))).filter((f) => !f.includes(`${path.sep}.tmp${path.sep}`));
    const storedSha = stored.length === 1 ? await sha256Of(stored[0]!) : 'introuvable';

    // The refused one goes to a second participation, so that the first's total plays no part.
    const second = await prepareSecondParticipation(participationId);
    const before = new Set(await filesUnder(path.join(dataDir, 'uploads')));
    const rssBeforeRefusal = app.rssBytes();
    const refused = await upload(app, second.token, second.participationId, bigVideo, tooBig);
    const left = (await filesUnder(path.join(dataDir, 'uploads'))).filter((f) => !before.has(f));
    const rows = await countFileRows(second.participationId);

    const result = {
      fileBytes: size,
      copySeconds: Math.round(copySeconds * 100) / 100,
      copyMBps: round1(size / MB / copySeconds),
      upload: {
        status: ok.status,
        seconds: Math.round(ok.seconds * 100) / 100,
        MBps: round1(size / MB / ok.seconds),
        rssBeforeBytes: rssBefore,
        rssPeakBytes: ok.peakRssBytes,
        rssGrowthBytes: ok.peakRssBytes - rssBefore,
        sha256Matches: storedSha === videoSha,
      },
      shareOfCopy: Math.round((copySeconds / ok.seconds) * 1000) / 1000,
      refused: {
        fileBytes: tooBig,
        status: refused.status,
        message: safeMessage(refused.body),
        seconds: Math.round(refused.seconds * 100) / 100,
        rssGrowthBytes: refused.peakRssBytes - rssBeforeRefusal,
        filesLeft: left.length,
        rowsLeft: rows,
      },
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      budget: UPLOAD_BUDGET,
    };
    log(
      `500 Mo : ${result.upload.MBps} Mo/s (copie ${result.copyMBps} Mo/s, ${(result.shareOfCopy * 100).toFixed(0)} %), mémoire +${round1(result.upload.rssGrowthBytes / MB)} Mo, SHA-256 ${result.upload.sha256Matches ? 'identique' : 'DIFFÉRENT'} ; ` +
        `501 Mo : ${refused.status}, ${left.length} fichier(s) et ${rows} ligne(s) restant(s)`,
    );
    log(`résultats : ${saveResult('upload', result)}`);
  } finally {
    await app?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }

  async function openSessionIn(userId: number): Promise<string> {
    return withUploadDb(async (client) => {
      const token = randomBytes(32).toString('base64url');
      await client.query(`insert into sessions (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`, [userId, hashToken(token)]);
      return token;
    });
  }

  async function prepareSecondParticipation(first: number): Promise<{ token: string; participationId: number }> {
    const { userId, participationId } = await withUploadDb(async (client) => {
      const user = await client.query<{ id: number }>(`insert into users (email, pseudo, pseudo_key, email_verified_at, owner_id, payer_id) values ('talent2@banc.creadefi.test', 'talent2', 'banc:talent2', now(), 'o3', 'w3') returning id`);
      const p = await client.query<{ id: number }>(
        `insert into participations (contest_id, user_id, commitment_accepted_at) select contest_id, $1, now() from participations where id = $2 returning id`,
        [user.rows[0]!.id, first],
      );
      return { userId: user.rows[0]!.id, participationId: p.rows[0]!.id };
    });
    return { token: await openSessionIn(userId), participationId };
  }
}

function safeMessage(body: string): string {
  try {
    return (JSON.parse(body) as { message?: { message?: string } }).message?.message ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}

async function countFileRows(participationId: number): Promise<number> {
  return withUploadDb(async (client) => Number((await client.query<{ n: string }>('select count(*) n from files where participation_id = $1', [participationId])).rows[0]!.n));
}

async function withUploadDb<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: DATABASE });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
