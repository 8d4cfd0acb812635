/**
 * What a visitor's browser downloads before the landing page shows: the entry chunk, the app
 * it starts, the home route's chunk (the router fetches it before the first render) and everything they
 * import statically, with their stylesheets. Read from Vite's manifest of a build; sizes are
 * gzip at level 9 as served by the app (brotli, when the browser takes it, is smaller).
 * Shared by the budget test of `npm test` and by bench/.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Budgets of the landing page's first load, in bytes compressed (1 KB = 1000 bytes). */
// 170 KB of JavaScript: the code before the first page reads only its own blocks of the catalogue
// (docs/decisions/0012-first-load-and-the-catalogue.md).
export const FIRST_LOAD_BUDGET = { jsBytes: 170_000, cssBytes: 40_000 };

/** The module of the home route (router.tsx). */
const LANDING_ROUTE = 'src/features/public/HomePage.tsx';

function compressedSizes(file) {
  const bytes = fs.readFileSync(file);
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export function landingFirstLoad(distDir) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`${manifestFile} manque : construisez d'abord l'application web (npm run build -w web).`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('aucun point d’entrée dans le manifeste de Vite');
  if (!manifest[LANDING_ROUTE]) throw new Error(`${LANDING_ROUTE} n'est pas un morceau à part dans le manifeste de Vite`);

  const seen = new Set();
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  // The app, which the entry imports once it has sent the first requests (main.tsx).
  for (const app of manifest[entry].dynamicImports ?? []) visit(app);
  visit(LANDING_ROUTE);

  const measure = (files) => {
    const list = [...files].map((file) => ({ file, ...compressedSizes(path.join(distDir, file)) })).sort((a, b) => b.gzip - a.gzip);
    return {
      files: list,
      raw: list.reduce((n, f) => n + f.raw, 0),
      gzip: list.reduce((n, f) => n + f.gzip, 0),
      brotli: list.reduce((n, f) => n + f.brotli, 0),
    };
  };
  return { js: measure(js), css: measure(css) };
}

export const kilobytes = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
