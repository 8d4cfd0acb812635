/**
 * The landing page's first load stays within its budget (bench/RESULTS.md): run by
 * `npm test` right after the web build, so a change that makes it heavier fails the tests.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { FIRST_LOAD_BUDGET, kilobytes, landingFirstLoad } from './first-load.mjs';

const dist = path.resolve(import.meta.dirname, '..', process.env.WEB_DIST_DIR ?? 'dist');
const load = landingFirstLoad(dist);
const list = (part) => part.files.map((f) => `  ${f.file} ${kilobytes(f.gzip)}`).join('\n');

test(`landing first load: JavaScript at most ${kilobytes(FIRST_LOAD_BUDGET.jsBytes)} gzip`, () => {
  console.log(`JavaScript : ${kilobytes(load.js.gzip)} gzip (${kilobytes(load.js.brotli)} brotli), ${load.js.files.length} fichiers`);
  assert.ok(load.js.gzip <= FIRST_LOAD_BUDGET.jsBytes, `JavaScript du premier chargement : ${kilobytes(load.js.gzip)} > ${kilobytes(FIRST_LOAD_BUDGET.jsBytes)}\n${list(load.js)}`);
});

test(`landing first load: CSS at most ${kilobytes(FIRST_LOAD_BUDGET.cssBytes)} gzip`, () => {
  console.log(`CSS : ${kilobytes(load.css.gzip)} gzip (${kilobytes(load.css.brotli)} brotli), ${load.css.files.length} fichiers`);
  assert.ok(load.css.gzip <= FIRST_LOAD_BUDGET.cssBytes, `CSS du premier chargement : ${kilobytes(load.css.gzip)} > ${kilobytes(FIRST_LOAD_BUDGET.cssBytes)}\n${list(load.css)}`);
});
