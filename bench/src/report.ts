/**
 * Writes the figures of the last runs (bench/results/*.json) into bench/RESULTS.md, between
 * its two markers; the text around them (analysis, what was fixed) is kept as written.
 *
 *   npm run bench:report -w bench
 */
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, readResult, type MachineInfo, type SavedResult } from './lib/env';
import type { LoadFigures } from './lib/load';

const FILE = path.join(BENCH_DIR, 'RESULTS.md');
const START = '<!-- chiffres:début (écrit par npm run bench:report) -->';
const END = '<!-- chiffres:fin -->';

const nf = (digits = 0) => new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const n0 = (v: number) => nf(0).format(v);
const n1 = (v: number) => nf(1).format(v);
const n2 = (v: number) => nf(2).format(v);
const pct = (v: number) => `${n0(v * 100)} %`;
const mb = (bytes: number) => `${n1(bytes / 1_000_000)} Mo`;
const kb = (bytes: number) => `${n1(bytes / 1000)} Ko`;
const ok = (pass: boolean) => (pass ? '✅' : '❌');
const when = (r: SavedResult<unknown>) => {
  const d = new Date(r.takenAt);
  const date = d.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
  const time = d.toLocaleTimeString('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });
  return `${date} à ${time}, heure de Paris`;
};
const machine = (m: MachineInfo) => `${m.cpu}, ${m.cores} cœurs, ${m.memoryGiB} Gio, Node ${m.node}, ${m.os}`;

interface ApiScenario {
  name: string;
  label: string;
  group: string;
  firstPage?: string;
  app: LoadFigures;
  ceiling: LoadFigures;
  shareOfCeiling: number;
  writes?: number;
  failures?: string[];
}

interface CrowdSettings {
  seed: number;
  mix: Record<'listings' | 'contests' | 'proposals' | 'conversations', number>;
  writeShare: number;
  budget: Record<string, { p99Ms?: number; shareOfCeiling?: number }>;
}

function apiSection(lines: string[]): void {
  const r = readResult<{
    connections: number;
    durationSeconds: number;
    ceilingDurationSeconds: number;
    pageSize: number;
    busyOrganiserConversations: number;
    /** Absent from runs taken before the lists were paged (500 at most then). */
    conversationsPageSize?: number;
    loadAverageBefore: string;
    loadAverageAfter: string;
    budget: { p99Ms: number; deepPageFactor: number; listingShareOfCeiling: number };
    /** Absent from runs taken before the crowds. */
    crowd?: CrowdSettings;
    scenarios: ApiScenario[];
  }>('api');
  lines.push('## API sous charge', '');
  if (!r) return void lines.push('_Pas encore mesuré : `npm run bench:api -w bench`._', '');
  const d = r.data;
  const repeated = d.scenarios.filter((s) => s.group !== 'crowd');
  const byName = new Map(repeated.map((s) => [s.name, s]));
  lines.push(
    `Mesuré le ${when(r)}, révision ${r.revision} — ${machine(r.machine)} ; charge moyenne (1 / 5 / 15 min) ${d.loadAverageBefore} avant, ${d.loadAverageAfter} après.`,
    `autocannon, ${d.connections} connexions sur la boucle locale, ${d.durationSeconds} s par scénario pour l'application puis ${d.ceilingDurationSeconds} s pour le plafond ; ` +
      `l'application tourne en production dans son propre processus sur PostgreSQL avec les données à l'échelle ; le **plafond** est une route Fastify nue (autre processus, sans base) ` +
      `qui renvoie le même JSON, mesurée juste après, dans la même exécution. Liste : ${d.pageSize} concours par page.`,
    '',
    '### Cache : même requête répétée',
    '',
    'Chaque scénario redemande une seule et même requête : après la première, le cache de lecture y répond de mémoire (décision 0005). ' +
      'Ces chiffres mesurent donc le cache et le coût fixe d’une requête ; les foules, plus bas, mesurent aussi ce qui n’est pas encore en mémoire.',
    '',
    `Budgets : p99 < ${d.budget.p99Ms} ms, zéro erreur, page profonde au plus ${d.budget.deepPageFactor} × plus lente que la première (débit), débit des listes ≥ ${pct(d.budget.listingShareOfCeiling)} du plafond.`,
    '',
    '| scénario | req/s | p50 | p99 | erreurs | plafond req/s | part du plafond | CPU serveur / req (plafond) | octets | budget |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
  );
  const cpu = (f: LoadFigures) => (f.cpuMsPerRequest === undefined ? '—' : `${n2(f.cpuMsPerRequest)} ms`);
  for (const s of repeated) {
    const errors = s.app.errors + s.app.non2xx;
    const checks = [s.app.p99Ms < d.budget.p99Ms, errors === 0];
    const isListing = s.group.startsWith('listing');
    if (isListing) checks.push(s.shareOfCeiling >= d.budget.listingShareOfCeiling);
    let deep = '';
    if (s.firstPage) {
      const first = byName.get(s.firstPage);
      if (first) {
        const factor = first.app.requestsPerSecond / Math.max(s.app.requestsPerSecond, 0.001);
        checks.push(factor <= d.budget.deepPageFactor);
        deep = ` (×${n2(factor)} vs p. 1)`;
      }
    }
    const verdict = s.group === 'reference' ? '—' : ok(checks.every(Boolean));
    lines.push(
      `| ${s.label}${deep} | ${n0(s.app.requestsPerSecond)} | ${s.app.p50Ms} ms | ${s.app.p99Ms} ms | ${errors} | ${n0(s.ceiling.requestsPerSecond)} | ${pct(s.shareOfCeiling)} | ${cpu(s.app)} (${cpu(s.ceiling)}) | ${n0(s.app.bodyBytes)} | ${verdict} |`,
    );
  }
  const listings = repeated.filter((s) => s.group.startsWith('listing'));
  const cpuShares = listings.filter((s) => s.app.cpuMsPerRequest && s.ceiling.cpuMsPerRequest).map((s) => s.ceiling.cpuMsPerRequest! / s.app.cpuMsPerRequest!);
  const budgeted = repeated.filter((s) => s.group !== 'reference');
  const within = (f: (s: ApiScenario) => boolean) => `${budgeted.filter(f).length} / ${budgeted.length}`;
  lines.push(
    '',
    `Sur ${budgeted.length} scénarios mesurés contre les budgets : p99 sous ${d.budget.p99Ms} ms pour ${within((s) => s.app.p99Ms < d.budget.p99Ms)}, sans erreur pour ${within((s) => s.app.errors + s.app.non2xx === 0)} ; ` +
      `part médiane du plafond des listes ${pct(median(listings.map((s) => s.shareOfCeiling)))} (de ${pct(Math.min(...listings.map((s) => s.shareOfCeiling)))} à ${pct(Math.max(...listings.map((s) => s.shareOfCeiling)))}). ` +
      (cpuShares.length ? `En temps processeur du serveur par requête, une liste coûte ${pct(median(cpuShares))} du plafond (médiane). ` : '') +
      `L'organisateur le plus sollicité a ${n0(d.busyOrganiserConversations)} conversations (${d.conversationsPageSize ?? 500} au plus par réponse${d.conversationsPageSize ? ', page suivante par curseur' : ''}).`,
    '',
  );
  crowdSubsection(lines, d.scenarios.filter((s) => s.group === 'crowd'), d.crowd, d.budget.p99Ms);
}

/** The crowds: every request drawn at random, against the budgets each crowd has. */
function crowdSubsection(lines: string[], crowds: ApiScenario[], settings: CrowdSettings | undefined, generalP99Ms: number): void {
  lines.push('### Foules : chaque requête tirée au hasard', '');
  if (!settings || crowds.length === 0) return void lines.push('_Pas encore mesurées dans ce fichier : `npm run bench:api -w bench`._', '');
  const m = settings.mix;
  lines.push(
    `Graine ${settings.seed} (\`BENCH_SEED\`) ; les tirages portent sur les données de la base : n’importe quel tri, catégorie (ou aucune) et page des listes, ` +
      `n’importe quel concours ouvert, les propositions (tout concours, filtre et page) et les conversations de plusieurs organisateurs et talents connectés. ` +
      `Mélange : listes ${m.listings} %, concours ${m.contests} %, propositions ${m.proposals} %, conversations ${m.conversations} % ; ` +
      `avec écritures, ${pct(settings.writeShare)} des requêtes écrivent (participations, étoiles, messages, notifications lues), ce qui vide les caches pendant qu’on les lit. ` +
      `Le plafond sert, tirées au hasard, des réponses de l’application à la même foule.`,
    '',
    `Budgets : zéro erreur (réponses hors 2xx comprises) pour toutes ; p99 < ${generalP99Ms} ms sauf budget propre ci-dessous.`,
    '',
    '| scénario | req/s | p50 | p99 | erreurs | écritures | plafond req/s | part du plafond | CPU serveur / req (plafond) | octets (moyenne) | budget |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
  );
  const cpu = (f: LoadFigures) => (f.cpuMsPerRequest === undefined ? '—' : `${n2(f.cpuMsPerRequest)} ms`);
  let passed = 0;
  for (const s of crowds) {
    const own = settings.budget[s.name] ?? {};
    const p99Ms = own.p99Ms ?? generalP99Ms;
    const errors = s.app.errors + s.app.non2xx;
    const checks = [s.app.p99Ms < p99Ms, errors === 0];
    const said = [`p99 < ${p99Ms} ms`];
    if (own.shareOfCeiling !== undefined) {
      checks.push(s.shareOfCeiling >= own.shareOfCeiling);
      said.push(`≥ ${pct(own.shareOfCeiling)} du plafond`);
    }
    const pass = checks.every(Boolean);
    if (pass) passed++;
    lines.push(
      `| ${s.label} | ${n0(s.app.requestsPerSecond)} | ${s.app.p50Ms} ms | **${s.app.p99Ms} ms** | ${errors} | ${s.writes ? n0(s.writes) : '—'} | ${n0(s.ceiling.requestsPerSecond)} | ${pct(s.shareOfCeiling)} | ${cpu(s.app)} (${cpu(s.ceiling)}) | ${n0(s.app.bodyBytes)} | ${ok(pass)} ${said.join(', ')} |`,
    );
  }
  lines.push('', `Budgets des foules tenus : ${passed} / ${crowds.length}.`, '');
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : 0;
}

function signinSection(lines: string[]): void {
  type Stats = { count: number; p50Ms: number; p95Ms: number; p99Ms: number; maxMs: number };
  const r = readResult<{
    concurrency: number;
    seconds: number;
    singleVerifyMs: Stats;
    signIns: Stats & { perSecond: number; failures: number };
    probeIdle: Stats;
    probeUnderLoad: Stats;
    loadAverageBefore: string;
    budget: { p95Ms: number; probeP99Ms: number };
  }>('signin');
  lines.push('## Connexion sous charge', '');
  if (!r) return void lines.push('_Pas encore mesuré : `npm run bench:signin -w bench`._', '');
  const d = r.data;
  lines.push(
    `Mesuré le ${when(r)} — charge moyenne ${d.loadAverageBefore}. ${d.concurrency} connexions simultanées (e-mail et mot de passe, argon2id 19 Mio × 2 passes) pendant ${d.seconds} s ; ` +
      `une sonde demande \`/api/health\` toutes les 25 ms pendant ce temps.`,
    '',
    '| mesure | valeur | budget |',
    '|---|---:|:---:|',
    `| connexions réussies | ${n0(d.signIns.count)} (${n1(d.signIns.perSecond)}/s), ${d.signIns.failures} échec | ${ok(d.signIns.failures === 0)} |`,
    `| latence p50 / p95 / p99 | ${n0(d.signIns.p50Ms)} / **${n0(d.signIns.p95Ms)}** / ${n0(d.signIns.p99Ms)} ms | ${ok(d.signIns.p95Ms < d.budget.p95Ms)} p95 < ${d.budget.p95Ms} ms |`,
    `| une vérification seule, sans charge | ${n1(d.singleVerifyMs.p50Ms)} ms | — |`,
    `| sonde au repos p50 / p99 | ${n1(d.probeIdle.p50Ms)} / ${n1(d.probeIdle.p99Ms)} ms | — |`,
    `| sonde pendant les connexions p50 / p99 / max | ${n1(d.probeUnderLoad.p50Ms)} / **${n1(d.probeUnderLoad.p99Ms)}** / ${n1(d.probeUnderLoad.maxMs)} ms | ${ok(d.probeUnderLoad.p99Ms < d.budget.probeP99Ms)} p99 < ${d.budget.probeP99Ms} ms |`,
    '',
  );
}

function uploadSection(lines: string[]): void {
  const r = readResult<{
    fileBytes: number;
    copySeconds: number;
    copyMBps: number;
    upload: { status: number; seconds: number; MBps: number; rssBeforeBytes: number; rssPeakBytes: number; rssGrowthBytes: number; sha256Matches: boolean };
    shareOfCopy: number;
    refused: { fileBytes: number; status: number; message: string; seconds: number; rssGrowthBytes: number; filesLeft: number; rowsLeft: number };
    loadAverageBefore: string;
    budget: { memoryGrowthBytes: number; shareOfCopy: number };
  }>('upload');
  lines.push('## Envois de fichiers', '');
  if (!r) return void lines.push('_Pas encore mesuré : `npm run bench:upload -w bench`._', '');
  const d = r.data;
  lines.push(
    `Mesuré le ${when(r)} — charge moyenne ${d.loadAverageBefore}. Une vidéo MP4 de ${mb(d.fileBytes)} envoyée en multipart à \`POST /api/participation/addFile/:id\` ` +
      `(serveur en production, son propre processus, mémoire résidente lue dans /proc toutes les 50 ms), à côté d'une copie simple du même fichier sur le même disque (lecture, écriture, fsync), dans la même exécution.`,
    '',
    '| mesure | valeur | budget |',
    '|---|---:|:---:|',
    `| envoi de ${mb(d.fileBytes)} | ${d.upload.status}, ${n1(d.upload.seconds)} s, **${n0(d.upload.MBps)} Mo/s** | — |`,
    `| copie simple | ${n1(d.copySeconds)} s, ${n0(d.copyMBps)} Mo/s | — |`,
    `| débit de l'envoi / copie | **${pct(d.shareOfCopy)}** | ${ok(d.shareOfCopy >= d.budget.shareOfCopy)} ≥ ${pct(d.budget.shareOfCopy)} |`,
    `| mémoire du serveur | ${mb(d.upload.rssBeforeBytes)} → ${mb(d.upload.rssPeakBytes)} au plus haut : **+${mb(d.upload.rssGrowthBytes)}** | ${ok(d.upload.rssGrowthBytes < d.budget.memoryGrowthBytes)} < ${mb(d.budget.memoryGrowthBytes)} |`,
    `| SHA-256 du fichier stocké | ${d.upload.sha256Matches ? 'identique à l’original' : 'DIFFÉRENT'} | ${ok(d.upload.sha256Matches)} |`,
    `| envoi de ${mb(d.refused.fileBytes)} | **${d.refused.status}** en ${n1(d.refused.seconds)} s, « ${d.refused.message} » | ${ok(d.refused.status === 413)} |`,
    `| restes après le refus | ${d.refused.filesLeft} fichier, ${d.refused.rowsLeft} ligne ; mémoire +${mb(d.refused.rssGrowthBytes)} | ${ok(d.refused.filesLeft === 0 && d.refused.rowsLeft === 0)} |`,
    '',
  );
}

function webSection(lines: string[]): void {
  type Figures = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number; transferBytes: number; scriptTransferBytes: number; benchmarkIndex: number };
  const r = readResult<{
    firstLoad: { jsGzipBytes: number; jsBrotliBytes: number; jsFiles: number; cssGzipBytes: number; cssBrotliBytes: number; cssFiles: number; largest: { file: string; gzip: number }[] };
    serving: Record<string, string | null>;
    lighthouse: { runs: number; chromium: string; pages: { name: string; label: string; url: string; runs: Figures[]; median: Figures; worst?: Pick<Figures, 'score' | 'lcpMs' | 'tbtMs'> }[] };
    loadAverageBefore: string;
    loadAverageAfter?: string;
    budget: { jsBytes: number; cssBytes: number; score: number; worstScore?: number; lcpMs?: number; cls: number; tbtMs: number };
  }>('web');
  lines.push('## Web', '');
  if (!r) return void lines.push('_Pas encore mesuré : `npm run bench:web -w bench`._', '');
  const d = r.data;
  const f = d.firstLoad;
  lines.push(
    `Mesuré le ${when(r)} — charge moyenne ${d.loadAverageBefore}${d.loadAverageAfter ? ` avant, ${d.loadAverageAfter} après` : ''}.`,
    '',
    '### Premier chargement de la page d’accueil',
    '',
    'Le point d’entrée, l’application qu’il lance, le morceau de la route « / » et tout ce qu’ils importent statiquement (manifeste de Vite), compressés en gzip niveau 9 (1 Ko = 1 000 octets). ' +
      'Le test `web/scripts/bundle-budget.test.mjs` de `npm test` échoue au-delà du budget.',
    '',
    '| | gzip | brotli | fichiers | budget |',
    '|---|---:|---:|---:|:---:|',
    `| JavaScript | **${kb(f.jsGzipBytes)}** | ${kb(f.jsBrotliBytes)} | ${f.jsFiles} | ${ok(f.jsGzipBytes <= d.budget.jsBytes)} ≤ ${kb(d.budget.jsBytes)} |`,
    `| CSS | **${kb(f.cssGzipBytes)}** | ${kb(f.cssBrotliBytes)} | ${f.cssFiles} | ${ok(f.cssGzipBytes <= d.budget.cssBytes)} ≤ ${kb(d.budget.cssBytes)} |`,
    '',
    `Les plus gros : ${f.largest.map((x) => `\`${x.file.replace('assets/', '')}\` ${kb(x.gzip)}`).join(', ')}.`,
    '',
    `Service des fichiers à empreinte : \`${d.serving.script}\` servi en \`${d.serving.scriptEncoding}\` avec \`cache-control: ${d.serving.scriptCacheControl}\` ; ` +
      `feuille de style en \`${d.serving.stylesheetEncoding}\` (\`${d.serving.stylesheetCacheControl}\`) ; la page HTML en \`${d.serving.htmlCacheControl}\`.`,
    '',
    '### Lighthouse, mode mobile',
    '',
    `Lighthouse 12 (réglages mobiles par défaut : téléphone de milieu de gamme émulé, 4G lente simulée, processeur ralenti 4×) pilotant ${d.lighthouse.chromium}, ` +
      `contre l'application sur les données à l'échelle ; ${d.lighthouse.runs} passages par page : médiane, puis le pire passage ; cache HTTP vidé avant chaque passage ; les pages de membres avec une session ouverte.`,
    '',
    '| page | score médian (passages) | pire score | FCP | LCP (pire) | TBT (pire) | CLS | Speed Index | transféré (dont JS) | indice machine | budget |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
  );
  const b = d.budget;
  for (const p of d.lighthouse.pages) {
    const m = p.median;
    const w = p.worst ?? { score: Math.min(...p.runs.map((x) => x.score)), lcpMs: Math.max(...p.runs.map((x) => x.lcpMs)), tbtMs: Math.max(...p.runs.map((x) => x.tbtMs)) };
    const pass = m.score >= b.score && w.score >= (b.worstScore ?? 0) && m.lcpMs < (b.lcpMs ?? Infinity) && m.tbtMs < b.tbtMs && m.cls <= b.cls;
    lines.push(
      `| ${p.label} \`${p.url}\` | **${m.score}** (${p.runs.map((x) => x.score).join(', ')}) | ${w.score} | ${n1(m.fcpMs / 1000)} s | ${n1(m.lcpMs / 1000)} s (${n1(w.lcpMs / 1000)} s) | ${n0(m.tbtMs)} ms (${n0(w.tbtMs)} ms) | ${n2(m.cls)} | ${n1(m.speedIndexMs / 1000)} s | ${kb(m.transferBytes)} (${kb(m.scriptTransferBytes)}) | ${m.benchmarkIndex} | ${ok(pass)} |`,
    );
  }
  const budgets = b.lcpMs ? `score médian ≥ ${b.score}, pire score ≥ ${b.worstScore}, LCP médian < ${n1(b.lcpMs / 1000)} s, TBT médian < ${b.tbtMs} ms, CLS ≤ ${n1(b.cls)}` : `score ≥ ${b.score}, CLS ≤ ${b.cls}, TBT ≤ ${b.tbtMs} ms`;
  lines.push('', `Budgets : ${budgets}. L'« indice machine » est le BenchmarkIndex que Lighthouse mesure sur l'hôte (plus bas = hôte plus lent ou plus chargé).`, '');
}

function startSection(lines: string[]): void {
  type Start = { readyMs: number; rssReadyBytes: number; rssAfterTrafficBytes: number; dataDirBytes: number };
  const r = readResult<{ buildMs: number; fresh: Start; existing: Start; npmStart: { readyMs: number; rssServerBytes: number }; loadAverageBefore: string }>('start');
  lines.push('## Démarrage embarqué (`npm start`)', '');
  if (!r) return void lines.push('_Pas encore mesuré : `npm run bench:start -w bench`._', '');
  const d = r.data;
  lines.push(
    `Mesuré le ${when(r)} — charge moyenne ${d.loadAverageBefore}. PGlite embarqué dans un dossier de données temporaire, production, données de démonstration ; « prêt » = \`/api/health\` répond 200.`,
    '',
    '| | prêt en | mémoire résidente à l’ouverture | après quelques requêtes | dossier de données |',
    '|---|---:|---:|---:|---:|',
    `| dossier neuf (création, migrations, démonstration) | ${n1(d.fresh.readyMs / 1000)} s | ${mb(d.fresh.rssReadyBytes)} | ${mb(d.fresh.rssAfterTrafficBytes)} | ${mb(d.fresh.dataDirBytes)} |`,
    `| dossier existant | ${n1(d.existing.readyMs / 1000)} s | ${mb(d.existing.rssReadyBytes)} | ${mb(d.existing.rssAfterTrafficBytes)} | ${mb(d.existing.dataDirBytes)} |`,
    `| \`npm start\` complet sur un dossier neuf (construction web comprise) | ${n1(d.npmStart.readyMs / 1000)} s | ${mb(d.npmStart.rssServerBytes)} | — | — |`,
    '',
    `Construction de l'application web seule : ${n1(d.buildMs / 1000)} s.`,
    '',
  );
}

function seedSection(lines: string[]): void {
  const r = readResult<{ database: string; seconds: number; timings: { step: string; seconds: number }[]; counts: Record<string, string> }>('seed');
  lines.push('## Données à l’échelle', '');
  if (!r) return void lines.push('_Pas encore semées : `npm run bench:seed -w bench`._', '');
  const d = r.data;
  const c = d.counts;
  lines.push(
    `Semées le ${when(r)}, dans la base \`${d.database}\` en **${n0(d.seconds)} s** (${d.timings.map((t) => `${t.step} ${n1(t.seconds)} s`).join(', ')}) : ` +
      `${n0(Number(c.users))} utilisateurs, ${n0(Number(c.contests))} concours dans ${c.categories} catégories et ${c.statuses} statuts (${n0(Number(c.open_contests))} ouverts), ` +
      `${n0(Number(c.participations))} participations, ${n0(Number(c.messages))} messages ; un concours à ${n0(Number(c.busy_proposals))} propositions ; base de ${c.size}.`,
    '',
  );
}

function main(): void {
  const lines: string[] = [START, ''];
  seedSection(lines);
  apiSection(lines);
  signinSection(lines);
  uploadSection(lines);
  webSection(lines);
  startSection(lines);
  lines.push(END);
  const current = fs.existsSync(FILE) ? fs.readFileSync(FILE, 'utf8') : `# Performances de Créadéfi\n\n${START}\n${END}\n`;
  const from = current.indexOf(START);
  const to = current.indexOf(END);
  if (from < 0 || to < 0) throw new Error(`${FILE} n'a plus ses marqueurs ${START} … ${END}`);
  fs.writeFileSync(FILE, current.slice(0, from) + lines.join('\n') + current.slice(to + END.length));
  console.log(`${FILE} mis à jour`);
}

main();
