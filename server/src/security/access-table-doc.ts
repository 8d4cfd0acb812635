/**
 * The access table as docs/security.md shows it, written from `ACCESS_TABLE` itself so that the
 * page cannot drift from the rule the tests enforce. `npm run docs:access -w server` rewrites
 * the page; access-table-doc.test.ts fails while the page and the table differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ACCESS_TABLE } from './access-table';
import { ROLES } from './world';

export const SECURITY_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/security.md');
const START = '<!-- access-table:start -->';
const END = '<!-- access-table:end -->';

export function accessTableMarkdown(): string {
  const cells = ACCESS_TABLE.length * ROLES.length;
  return [
    `<details><summary>The table (${ACCESS_TABLE.length} rows, ${cells} cells)</summary>`,
    '',
    `| route | object | ${ROLES.join(' | ')} |`,
    `|---|---|${ROLES.map(() => '---|').join('')}`,
    ...ACCESS_TABLE.map((row) => `| \`${row.route}\` | ${row.about} | ${row.expect.join(' | ')} |`),
    '',
    '</details>',
  ].join('\n');
}

/** The page with its table section replaced by the current one. */
export function withCurrentTable(page: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${SECURITY_DOC}: markers ${START} … ${END} not found`);
  return `${page.slice(0, start + START.length)}\n${accessTableMarkdown()}\n${page.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  fs.writeFileSync(SECURITY_DOC, withCurrentTable(fs.readFileSync(SECURITY_DOC, 'utf8')));
  console.log(`${SECURITY_DOC} : ${ACCESS_TABLE.length} lignes`);
}
