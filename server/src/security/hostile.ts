/**
 * Hostile input for the fuzz suite: values of the wrong type or size, markup and script,
 * injection strings, path traversal, files whose bytes lie about their type, and request
 * bodies that are not what their content type says.
 */
import fc from 'fast-check';

export const SCRIPT = '<script>alert(1)</script>';
export const IMG = '"><img src=x onerror=alert(1)>';

/** Strings an attacker tries first. */
const NASTY_STRINGS = [
  '',
  ' ',
  SCRIPT,
  IMG,
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  "' OR '1'='1' --",
  '1; DROP TABLE users; --',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202Egnp.exe',
  '\uD800',
  '${7*7}{{7*7}}',
  'objet\r\nBcc: tous@exemple.fr',
  '%0d%0aSet-Cookie: x=1',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e999',
  '2147483648',
  '99999999999999999999999999',
  '0x10',
  'null',
  'true',
  '🎨'.repeat(50),
] as const;

const nastyString = fc.constantFrom(...NASTY_STRINGS);

/** encodeURIComponent refuses lone surrogates; they are sent as the bytes a client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
}
const bigString = fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'é'.repeat(n));

/** Any value a JSON field may be given instead of the right one. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  { weight: 1, arbitrary: bigString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -1e308) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 2, 3], { $gt: '' }, { __proto__: { isAdmin: true } }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Keys that should not be there, or that try to reach the prototype. */
const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'isAdmin', 'userId', 'ownerId', 'status', 'balance', 'id'), fc.string({ maxLength: 20 }));

/** A valid payload with one field changed, one field added or the whole body replaced. */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(valid);
  const replaceOne = keys.length
    ? fc.tuple(fc.constantFrom(...keys), hostileValue).map(([k, v]) => ({ ...valid, [k]: v }))
    : hostileValue.map((v) => ({ field: v }));
  // A computed key makes `__proto__` an own property, sent as such in the JSON.
  const addOne = fc.tuple(hostileKey, hostileValue).map(([k, v]) => ({ ...valid, [k]: v }));
  const dropOne = keys.length ? fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))) : fc.constant({});
  const allHostile = fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])) as Record<string, fc.Arbitrary<unknown>>);
  return fc.oneof(
    { weight: 5, arbitrary: replaceOne },
    { weight: 2, arbitrary: addOne },
    { weight: 2, arbitrary: dropOne },
    { weight: 2, arbitrary: allHostile },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** Raw bodies that are not the JSON their content type promises, and content types nobody expects. */
export const rawBody = fc.record({
  body: fc.oneof(
    fc.constantFrom(
      '{',
      '{"a":',
      '{"a":1,}',
      "{'a':1}",
      'null',
      '[]',
      '"texte"',
      '1',
      '\uFEFF{}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '{"idConcours":1e999}',
      '{"idConcours":1,"idConcours":"<script>"}',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
      '[' .repeat(5000) + ']'.repeat(5000),
      `{"a":"${'x'.repeat(1_100_000)}"}`,
    ),
    fc.string({ unit: 'binary', maxLength: 500 }),
  ),
  contentType: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/xml',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'application/octet-stream',
    '',
  ),
});

/** Path parameters: not a number, too big, traversal, markup. */
export const hostileParam = fc.oneof(
  { weight: 4, arbitrary: nastyString.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom('..', '.', '%2e%2e', '..%2f..%2f', '%00', '%ff', '%', 'a%zz') },
  { weight: 2, arbitrary: fc.string({ maxLength: 50 }).map(encode) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double()).map((n) => encodeURIComponent(String(n))) },
  { weight: 1, arbitrary: fc.constant('9'.repeat(400)) },
);

/** Dates PostgreSQL refuses or misreads, and ones just outside the accepted ranges. */
export const EDGE_DATES = [
  '0000-12-31',
  '0000-01-01T00:00:00Z',
  '0000-06-01T00:00:00+02:00',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '2010-06-15',
  '2099-12-31T23:59:59Z',
  '2100-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59-14:00',
  '-000001-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '2023-02-29',
  '1990-13-01',
  '31/12/1990',
] as const;

/** Fields that carry dates somewhere in the API, sent to every route. */
export const DATE_FIELDS = ['birthDate', 'birthday', 'validUntil', 'endDate'] as const;

/** Numbers at the edges of every range the schemas and PostgreSQL know. */
export const BOUND_NUMBERS = [0, -1, 1, 5, 6, 50, 51, 60, 61, 100, 101, 200, 201, 100_000, 100_001, 2_147_483_647, 2_147_483_648, 100_000_000, 100_000_001, 1e21, 0.5, -0.0, '1e3', ' 12 ', '0x1F'] as const;

/** Query strings whose values sit on the bounds of the paging and filter parameters. */
export function boundQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.constantFrom(...new Set([...keys, 'page', 'pageSize', 'token', 'filtre', 'enCours', 'apres', 'transactionId', 'idConcours', 'idParticipation']));
  const value = fc.oneof(
    fc.constantFrom(...BOUND_NUMBERS).map((n) => encodeURIComponent(String(n))),
    fc.constantFrom(...EDGE_DATES).map(encodeURIComponent),
    fc.constantFrom('abc', 'x'.repeat(19), 'x'.repeat(20), 'x'.repeat(200), 'x'.repeat(201), 'true', 'false', 'TRUE', 'all', 'winners', 'tout'),
  );
  return fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

/** Query strings: hostile values, repeated keys, bracket syntax. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(keys.length ? fc.constantFrom(...keys) : fc.constant('page'), hostileKey.map(encode), fc.constantFrom('page[gt]', 'a[b][c]', 'page', 'pageSize', 'token'));
  const value = fc.oneof(hostileParam, fc.constant(''));
  return fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 6 }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Files whose name or bytes lie, or that are empty, huge in name, or executable. */
export const LYING_FILES: { name: string; filename: string; content: Buffer; contentType: string }[] = [
  { name: 'html named png', filename: 'image.png', content: Buffer.from(`<html><body>${SCRIPT}</body></html>`), contentType: 'image/png' },
  { name: 'svg with script', filename: 'logo.svg', content: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">${SCRIPT}</svg>`), contentType: 'image/svg+xml' },
  { name: 'svg named png', filename: 'logo.png', content: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), contentType: 'image/png' },
  { name: 'windows executable named png', filename: 'photo.png', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(400)]), contentType: 'image/png' },
  { name: 'elf named pdf', filename: 'brief.pdf', content: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(400)]), contentType: 'application/pdf' },
  { name: 'png signature then html', filename: 'x.png', content: Buffer.concat([PNG_SIGNATURE, Buffer.from(SCRIPT)]), contentType: 'image/png' },
  { name: 'empty file', filename: 'vide.png', content: Buffer.alloc(0), contentType: 'image/png' },
  { name: 'javascript', filename: 'app.js', content: Buffer.from('alert(document.cookie)'), contentType: 'application/javascript' },
  { name: 'pdf with script', filename: 'doc.pdf', content: Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'), contentType: 'application/pdf' },
];

export const HOSTILE_FILENAMES = [
  '../../../../etc/passwd',
  '..\\..\\..\\evil.png',
  '/etc/cron.d/evil.png',
  'C:\\Windows\\system32\\evil.png',
  'nul\u0000.png',
  `${IMG}.png`,
  `${'a'.repeat(5000)}.png`,
  '.htaccess',
  'image.png.exe',
  '\u202Egnp.exe',
  'CON',
  '',
  '%2e%2e%2f%2e%2e%2fevil.png',
  'réunion d’équipe.png',
];
