/**
 * Code fetched when the browser is idle (a dialog's, a tooltip's: src/ui/load-when-idle.ts)
 * has no module preload inserted for it (vite.config.ts, IDLE_CHUNK): read in the built files,
 * the preload helper is handed nothing but stylesheets for it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const assets = path.resolve(import.meta.dirname, '..', process.env.WEB_DIST_DIR ?? 'dist', 'assets');
const IDLE_IMPORT = /import\(`\.\/((?:tooltip|modal)-code-[\w-]+\.js)`\),__vite__mapDeps\(\[([\d,]*)\]\)/g;

test('the idle-loaded chunks are imported with stylesheets only', () => {
  const found = [];
  for (const name of fs.readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(assets, name), 'utf8');
    const table = /m\.f=(\[[^\]]*\])/.exec(code);
    for (const [, chunk, indexes] of code.matchAll(IDLE_IMPORT)) {
      const deps = indexes ? indexes.split(',').map((i) => JSON.parse(table[1])[Number(i)]) : [];
      found.push({ chunk, importer: name, scripts: deps.filter((dep) => !dep.endsWith('.css')) });
    }
  }
  assert.deepEqual([...new Set(found.map((f) => f.chunk.replace(/-[\w-]{8}\.js$/, '')))].sort(), ['modal-code', 'tooltip-code']);
  for (const f of found) assert.deepEqual(f.scripts, [], `${f.importer} précharge des modules pour ${f.chunk}`);
});
