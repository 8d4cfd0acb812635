/**
 * What the main thread does before a page's first paint and while the app takes the page over:
 * First Contentful Paint, Largest Contentful Paint, the long tasks (over 50 ms) and the Total
 * Blocking Time after the first paint, on an emulated phone (390 × 844, CPU slowed 4×), for the
 * landing (a visitor), a contest listing and a contest's details (a signed-in talent). Each page
 * is loaded cold (new browser context) BENCH_PAINT_RUNS times (3); the median and the worst run
 * are printed, with the load average, and written to results/paint.json.
 *
 * The app runs on a fresh embedded database with the demo data (no seeded bench database
 * needed), on the web build at WEB_DIST (web/dist by default: point it at another build to
 * compare two builds on the same machine and hour).
 *
 *   npm run bench:paint -w bench   (WEB_DIST=…, BENCH_PAINT_RUNS=3, BENCH_PAINT_RESULT=paint, CHROME_PATH=/usr/bin/chromium)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CATEGORIES } from '@creadefi/domain';
import { DEMO_ACCOUNTS_FILE, readDemoAccountsFile } from '../../server/src/demo/account-file';
import { REPO_ROOT, loadAverage, log, saveResult } from './lib/env';
import { freePort, spawnServer } from './lib/server';

const RUNS = Number(process.env.BENCH_PAINT_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? path.join(REPO_ROOT, 'web', 'dist'));
const TOKEN_KEY = 'creadefi.token';
const PAGE_COOKIE = 'creadefi_page';
const CPU_SLOWDOWN = 4;
const PHONE = { width: 390, height: 844, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
/** After the load event, this long without a long task ends the measure. */
const QUIET_MS = 3_000;

export interface PaintFigures {
  fcpMs: number;
  lcpMs: number;
  /** Sum over the long tasks that start after the first paint of their part beyond 50 ms. */
  tbtMs: number;
  /** Long tasks (their whole length) that ended before the first paint. */
  longTasksBeforePaintMs: number;
  longTaskCount: number;
  longestTaskMs: number;
  /** Main-thread script time in the whole measure (Chromium's ScriptDuration). */
  scriptMs: number;
  loadMs: number;
}

/** Installed in every document before its own scripts: the entries a page records only while someone listens. */
const OBSERVE = `(() => {
  const seen = (window.__paint = { longTasks: [], lcp: 0 });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

async function measure(browser: Browser, url: string, token: string | null): Promise<PaintFigures> {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport(PHONE);
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Performance.enable');
    await tab.evaluateOnNewDocument(OBSERVE);
    if (token) {
      await tab.evaluateOnNewDocument(`localStorage.setItem(${JSON.stringify(TOKEN_KEY)}, ${JSON.stringify(token)})`);
      // As the app writes it beside the stored token (web/src/api/token.ts).
      await cdp.send('Network.setCookie', { name: PAGE_COOKIE, value: token, url, sameSite: 'Lax' });
    }
    await tab.goto(url, { waitUntil: 'load', timeout: 120_000 });
    // Until the main thread has been quiet for a while: hydration and lazy parts included.
    let last = -1;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      const count = await tab.evaluate('window.__paint.longTasks.length');
      if (count === last) break;
      last = count as number;
    }
    const seen = (await tab.evaluate(`({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      load: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0,
      lcp: window.__paint.lcp,
      longTasks: window.__paint.longTasks,
    })`)) as { fcp: number; load: number; lcp: number; longTasks: [number, number][] };
    const metrics = (await cdp.send('Performance.getMetrics')).metrics;
    const script = metrics.find((m) => m.name === 'ScriptDuration')?.value ?? 0;
    const before = seen.longTasks.filter(([start, duration]) => start + duration <= seen.fcp);
    const after = seen.longTasks.filter(([start]) => start >= seen.fcp);
    return {
      fcpMs: Math.round(seen.fcp),
      lcpMs: Math.round(seen.lcp),
      tbtMs: Math.round(after.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0)),
      longTasksBeforePaintMs: Math.round(before.reduce((sum, [, d]) => sum + d, 0)),
      longTaskCount: seen.longTasks.length,
      longestTaskMs: Math.round(Math.max(0, ...seen.longTasks.map(([, d]) => d))),
      scriptMs: Math.round(script * 1000),
      loadMs: Math.round(seen.load),
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST}/index.html manque : construisez d'abord l'application web (npm run build -w web).`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'creadefi-bench-paint-'));
  const app = await spawnServer({
    script: 'server/src/main.ts',
    env: { NODE_ENV: 'production', DATA_DIR: dataDir, DEMO_DATA: 'true', JOBS: 'false', LOG_LEVEL: 'warn', WEB_DIST },
    port: await freePort(),
    readyPath: '/api/health',
  });
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, port: await freePort(), chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const loadBefore = loadAverage();
  try {
    const email = 'talent@creadefi.fr';
    const password = readDemoAccountsFile(dataDir).get(email);
    if (!password) throw new Error(`${DEMO_ACCOUNTS_FILE} sans ${email}`);
    const login = await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const token = ((await login.json()) as { results: { token: string } }).results.token;
    const list = (await (await fetch(`${app.url}/api/concours/orderBy/any`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { results: Record<string, unknown> };
    const contests = Object.values(list.results).find((value): value is { id: number }[] => Array.isArray(value));
    const contestId = contests?.[0]?.id;
    if (!contestId) throw new Error('aucun concours ouvert dans les données de démonstration');
    const pages = [
      { name: 'landing', label: 'Accueil (visiteur)', url: `${app.url}/`, token: null },
      { name: 'listing', label: `Liste des concours (${CATEGORIES[0]!.slug})`, url: `${app.url}/concours/${CATEGORIES[0]!.slug}`, token },
      { name: 'details', label: `Détails d’un concours (n° ${contestId})`, url: `${app.url}/details-concours/${contestId}`, token },
    ];
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const results = [];
    for (const page of pages) {
      const runs: PaintFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await measure(browser, page.url, page.token));
        const r = runs.at(-1)!;
        log(`${page.name} #${i + 1} : FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, tâches longues avant la peinture ${r.longTasksBeforePaintMs} ms, ${r.longTaskCount} tâches longues (la plus longue ${r.longestTaskMs} ms), script ${r.scriptMs} ms`);
      }
      const keys = Object.keys(runs[0]!) as (keyof PaintFigures)[];
      const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as PaintFigures;
      // The worst run: the one whose first paint came last.
      const worst = runs.reduce((a, b) => (b.fcpMs > a.fcpMs ? b : a));
      log(`${page.name} médiane : FCP ${med.fcpMs} ms, LCP ${med.lcpMs} ms, TBT ${med.tbtMs} ms ; pire : FCP ${worst.fcpMs} ms, LCP ${worst.lcpMs} ms, TBT ${worst.tbtMs} ms`);
      results.push({ name: page.name, label: page.label, runs, median: med, worst });
    }
    await browser.disconnect();
    const file = saveResult(process.env.BENCH_PAINT_RESULT ?? 'paint', { webDist: path.relative(REPO_ROOT, WEB_DIST) || WEB_DIST, runs: RUNS, cpuSlowdown: CPU_SLOWDOWN, viewport: PHONE, pages: results, loadAverageBefore: loadBefore, loadAverageAfter: loadAverage() });
    log(`charge ${loadBefore} → ${loadAverage()} ; résultats : ${file}`);
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
