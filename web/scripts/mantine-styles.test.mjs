/**
 * Mantine's stylesheets are imported component by component (app/mantine-first-load.css,
 * ui/mantine-pages.css, app/Toasts.tsx) rather than all at once: every Mantine class that the
 * built JavaScript refers to must then be defined by one of the built stylesheets, or a
 * component would show unstyled. Run after the web build, like the first-load budget.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const dist = path.resolve(import.meta.dirname, '..', process.env.WEB_DIST_DIR ?? 'dist');
const assets = path.join(dist, 'assets');
const read = (ext) => fs.readdirSync(assets).filter((f) => f.endsWith(ext)).map((f) => fs.readFileSync(path.join(assets, f), 'utf8'));
// Mantine names its classes m_ and 6 to 8 hexadecimal digits.
const MANTINE_CLASS = /\bm_[0-9a-f]{6,8}\b/g;

test('every Mantine class used by the built app has its stylesheet in the build', () => {
  const used = new Set(read('.js').flatMap((code) => code.match(MANTINE_CLASS) ?? []));
  const defined = new Set(read('.css').flatMap((css) => (css.match(/\.m_[0-9a-f]{6,8}\b/g) ?? []).map((c) => c.slice(1))));
  // Classes Mantine only toggles on elements without styling them are defined nowhere in its own styles.css either.
  const full = fs.readFileSync(path.resolve(import.meta.dirname, '../../node_modules/@mantine/core/styles.css'), 'utf8');
  const styledByMantine = new Set((full.match(/\.m_[0-9a-f]{6,8}\b/g) ?? []).map((c) => c.slice(1)));
  const missing = [...used].filter((c) => styledByMantine.has(c) && !defined.has(c));
  assert.deepEqual(missing, [], `classes Mantine sans feuille de style dans le build : ${missing.join(', ')} — ajoutez le fichier du composant à web/src/ui/mantine-pages.css`);
});

/** The stylesheet without its `@layer mantine { … }` blocks, however deeply they nest. */
function withoutMantineLayer(css) {
  let out = '';
  let at = 0;
  for (const match of css.matchAll(/@layer\s+mantine\s*\{/g)) {
    if (match.index < at) continue;
    out += css.slice(at, match.index);
    let depth = 1;
    let i = match.index + match[0].length;
    for (; i < css.length && depth > 0; i++) depth += css[i] === '{' ? 1 : css[i] === '}' ? -1 : 0;
    at = i;
  }
  return out + css.slice(at);
}

test('Mantine styles sit in their cascade layer, so that the app’s own styles win whatever order they load in', () => {
  // The landing's sheet, the pages' sheet and each page's own styles arrive in parallel: with
  // Mantine's rules unlayered, whichever came last would decide (a status badge lost its wrap).
  for (const css of read('.css')) {
    const unlayered = withoutMantineLayer(css);
    const strays = unlayered.match(/\.m_[0-9a-f]{6,8}\b[^{]*\{/g) ?? [];
    assert.deepEqual(strays, [], `règles de Mantine hors de la couche « mantine » : importez les fichiers .layer.css (${strays.slice(0, 3).join(' ')})`);
  }
});
