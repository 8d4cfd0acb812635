/**
 * Web: the landing page's first load (JavaScript and CSS, compressed) against its budget,
 * how the app serves hashed assets (compression, caching), and Lighthouse in mobile mode
 * (its default: an emulated mid-range phone, slow 4G, CPU slowed 4×) on the landing page, the
 * contest listing, a contest's details, the proposals of the busiest contest as its organiser
 * and one of that organiser's conversations, against the app running on the data at scale.
 *
 *   npm run bench:web -w bench     (BENCH_LIGHTHOUSE_RUNS=5, CHROME_PATH=/usr/bin/chromium)
 *
 * BENCH_LIGHTHOUSE_PAGES=listing,details measures only those pages and prints their figures
 * without writing results/web.json; BENCH_LIGHTHOUSE_REPORTS=<folder> keeps each run's whole
 * Lighthouse report there (what delays the LCP, the long tasks, the request chains).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result as LighthouseReport } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CATEGORIES, webPaths } from '@creadefi/domain';
import { FIRST_LOAD_BUDGET, landingFirstLoad } from '../../web/scripts/first-load.mjs';
import { BENCH_DATABASE_URL, REPO_ROOT, loadAverage, log, round1, saveResult } from './lib/env';
import { BUSY_CONTEST_ID, BUSY_ORGANISER_ID, VIEWER_ID } from './lib/dataset';
import { assertSeeded, openBenchSession, withBenchDb } from './lib/bench-db';
import { appEnv, freePort, spawnServer } from './lib/server';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TOKEN_KEY = 'creadefi.token';
const PAGE_COOKIE = 'creadefi_page';
const ONLY_PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/**
 * How long Lighthouse waits for a page to settle. A member's page keeps its live events open
 * (`/api/events`): its network never goes quiet, and Lighthouse's default 45 s were spent on
 * every member page, a trace long enough to lose its start now and then (NO_NAVSTART). Every
 * page has finished loading well before 15 s.
 */
const LOAD_WAIT_MS = 15_000;

/** Per page: the median run's score, LCP and TBT, the worst run's score, and CLS. */
export const WEB_BUDGET = { ...FIRST_LOAD_BUDGET, score: 98, worstScore: 90, lcpMs: 1_500, tbtMs: 100, cls: 0.1 } as const;

interface PageFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferBytes: number;
  scriptTransferBytes: number;
  benchmarkIndex: number;
}

async function assetHeaders(base: string): Promise<Record<string, string | null>> {
  const html = await (await fetch(`${base}/`)).text();
  // The landing is drawn at build time: its entry is named by the loader that fetches it after the first paint.
  const script = /(?:src|data-entry)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const sheet = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  const get = async (url: string) => fetch(base + url, { headers: { 'accept-encoding': 'br, gzip' } });
  const js = await get(script!);
  const css = await get(sheet!);
  const page = await get('/');
  return {
    script: script!,
    scriptEncoding: js.headers.get('content-encoding'),
    scriptCacheControl: js.headers.get('cache-control'),
    stylesheetEncoding: css.headers.get('content-encoding'),
    stylesheetCacheControl: css.headers.get('cache-control'),
    htmlCacheControl: page.headers.get('cache-control'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

async function main(): Promise<void> {
  await assertSeeded();
  const t = performance.now();
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: REPO_ROOT, stdio: 'ignore' });
  log(`application web construite en ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const firstLoad = landingFirstLoad(path.join(REPO_ROOT, 'web', 'dist'));
  log(`premier chargement de l'accueil : JS ${(firstLoad.js.gzip / 1000).toFixed(1)} Ko gzip, CSS ${(firstLoad.css.gzip / 1000).toFixed(1)} Ko gzip`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-web-'));
  const app = await spawnServer({ script: 'server/src/main.ts', env: appEnv(BENCH_DATABASE_URL, dataDir), port: await freePort(), readyPath: '/api/health' });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, port: await freePort(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const loadBefore = loadAverage();
  try {
    const serving = await assetHeaders(app.url);
    const viewer = await openBenchSession(VIEWER_ID);
    const organiser = await openBenchSession(BUSY_ORGANISER_ID);
    // The busiest contest's conversation with the most messages: the longest thread to draw.
    const conversation = await withBenchDb(async (db) => {
      const found = await db.query<{ id: number }>(
        'select m.participation_id id from messages m join participations p on p.id = m.participation_id where p.contest_id = $1 group by 1 order by count(*) desc, 1 limit 1',
        [BUSY_CONTEST_ID],
      );
      return found.rows[0]!.id;
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const tab = await browser.newPage();
    await tab.goto(`${app.url}/favicon.svg`);
    const cdp = await tab.createCDPSession();

    const pages = [
      { name: 'landing', label: 'Accueil (visiteur)', url: `${app.url}/`, token: null },
      { name: 'listing', label: `Liste des concours ouverts (${CATEGORIES[0]!.slug})`, url: `${app.url}/concours/${CATEGORIES[0]!.slug}`, token: viewer },
      { name: 'details', label: `Détails d’un concours (n° ${BUSY_CONTEST_ID})`, url: `${app.url}/details-concours/${BUSY_CONTEST_ID}`, token: viewer },
      { name: 'proposals', label: `Propositions du concours n° ${BUSY_CONTEST_ID}, par son organisateur`, url: `${app.url}${webPaths.proposals(BUSY_CONTEST_ID)}`, token: organiser },
      { name: 'conversation', label: 'Une conversation de cet organisateur', url: `${app.url}${webPaths.conversation(conversation)}`, token: organiser },
    ];
    const results: { name: string; label: string; url: string; runs: PageFigures[]; median: PageFigures; worst: Pick<PageFigures, 'score' | 'lcpMs' | 'tbtMs'> }[] = [];
    for (const page of pages.filter((p) => !ONLY_PAGES || ONLY_PAGES.includes(p.name))) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        let lhr: LighthouseReport;
        for (let attempt = 1; ; attempt++) {
          // Signed-in pages keep the session in localStorage and a cookie, so Lighthouse must not wipe the
          // origin's storage; the HTTP cache and the storage are emptied here instead, for a cold first
          // visit (nothing remembered either, such as Jost being in the cache: web/src/app/web-fonts.ts).
          await cdp.send('Network.clearBrowserCache');
          const script = `localStorage.clear();${page.token ? `localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(page.token)})` : ''}`;
          await tab.evaluate(script);
          // As the app writes it beside the stored token (web/src/api/token.ts): the server then
          // draws a member's page with their data.
          if (page.token) await cdp.send('Network.setCookie', { name: PAGE_COOKIE, value: page.token, url: app.url, sameSite: 'Lax' });
          else await cdp.send('Network.deleteCookies', { name: PAGE_COOKIE, url: app.url });
          const result = await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true, maxWaitForLoad: LOAD_WAIT_MS });
          lhr = result!.lhr;
          if (!lhr.runtimeError) break;
          // A trace Lighthouse could not read (NO_NAVSTART, say) is no measure: the run is made again.
          log(`${page.name} #${i + 1} : passage à refaire (${lhr.runtimeError.code})`);
          if (attempt === 3) throw new Error(`${page.name} : Lighthouse a échoué trois fois (${lhr.runtimeError.message})`);
        }
        if (REPORTS) {
          fs.mkdirSync(REPORTS, { recursive: true });
          fs.writeFileSync(path.join(REPORTS, `${page.name}-${i + 1}.json`), JSON.stringify(lhr));
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
        const items = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcpMs: Math.round(audit('first-contentful-paint')),
          lcpMs: Math.round(audit('largest-contentful-paint')),
          tbtMs: Math.round(audit('total-blocking-time')),
          cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
          speedIndexMs: Math.round(audit('speed-index')),
          transferBytes: items.find((x) => x.resourceType === 'total')?.transferSize ?? 0,
          scriptTransferBytes: items.find((x) => x.resourceType === 'script')?.transferSize ?? 0,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        });
        const last = runs.at(-1)!;
        log(`${page.name} #${i + 1} : score ${last.score}, LCP ${last.lcpMs} ms, TBT ${last.tbtMs} ms, CLS ${last.cls}, ${round1(last.transferBytes / 1000)} Ko transférés`);
      }
      const pick = (key: keyof PageFigures) => median(runs.map((r) => r[key]));
      const med = Object.fromEntries((Object.keys(runs[0]!) as (keyof PageFigures)[]).map((k) => [k, pick(k)])) as unknown as PageFigures;
      const worst = { score: Math.min(...runs.map((r) => r.score)), lcpMs: Math.max(...runs.map((r) => r.lcpMs)), tbtMs: Math.max(...runs.map((r) => r.tbtMs)) };
      results.push({ name: page.name, label: page.label, url: page.url.replace(app.url, ''), runs, median: med, worst });
    }
    await browser.disconnect();
    if (ONLY_PAGES) return;
    const file = saveResult('web', {
      firstLoad: {
        jsGzipBytes: firstLoad.js.gzip,
        jsBrotliBytes: firstLoad.js.brotli,
        jsFiles: firstLoad.js.files.length,
        cssGzipBytes: firstLoad.css.gzip,
        cssBrotliBytes: firstLoad.css.brotli,
        cssFiles: firstLoad.css.files.length,
        largest: firstLoad.js.files.slice(0, 5).map((f) => ({ file: f.file, gzip: f.gzip })),
      },
      serving,
      lighthouse: { runs: RUNS, chromium: execFileSync(CHROME, ['--version'], { encoding: 'utf8' }).trim(), pages: results },
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAverage(),
      budget: WEB_BUDGET,
    });
    log(`résultats : ${file}`);
  } finally {
    chrome.kill();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
