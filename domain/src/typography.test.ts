import { describe, expect, it } from 'vitest';
import * as domain from './index';
import { typographyFaults } from './typography';

/** Arguments a text function is called with, so that every form it builds is read. */
const SAMPLES: unknown[] = ['Exemple', 1, 2, 5, ['Exemple', 'Autre', 'Troisième', 'Quatrième', 'Cinquième']];

/**
 * Every text the domain exports, with the key path that leads to it: objects and lists are
 * walked, and functions are called with each sample given to every parameter.
 */
function textsWithPaths(value: unknown, path: string, seen: Set<unknown>, out: Array<[string, string]>): void {
  if (typeof value === 'string') {
    out.push([path, value]);
    return;
  }
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return;
  if (seen.has(value)) return;
  seen.add(value);
  if (typeof value === 'function') {
    if (/^class\b/.test(Function.prototype.toString.call(value))) return;
    for (const sample of SAMPLES) {
      let result: unknown;
      try {
        result = (value as (...args: unknown[]) => unknown)(...Array.from({ length: Math.max(1, value.length) }, () => sample));
      } catch {
        continue;
      }
      textsWithPaths(result, `${path}()`, seen, out);
    }
    return;
  }
  for (const [key, v] of Object.entries(value)) textsWithPaths(v, path ? `${path}.${key}` : key, seen, out);
}

const texts: Array<[string, string]> = [];
textsWithPaths(domain, '', new Set(), texts);
/** Each text once, under the first path that reaches it (schemas hold the catalogue's texts again). */
const firstPathOf = new Map<string, string>();
for (const [path, text] of texts) if (!firstPathOf.has(text)) firstPathOf.set(text, path);

describe('French typography of the catalogue (docs/architecture.md §1.1)', () => {
  it('reads the texts of every area, those built by functions included', () => {
    expect(texts.length).toBeGreaterThan(500);
    const paths = texts.map(([path]) => path);
    for (const sample of ['COMMON.serverError', 'FAQ.0.entries.0.title', 'AUTH.mail.emailChangeNoticeIntro()', 'BRIEF_FIELDS.target.description']) {
      expect(paths).toContain(sample);
    }
  });

  it('puts a no-break space before « ? ! : ; » and inside guillemets, in every text', () => {
    const faulty = [...firstPathOf].flatMap(([text, path]) => typographyFaults(text).map((fault) => `${path}: ${fault}`));
    expect(faulty).toEqual([]);
  });
});

describe('typographyFaults', () => {
  it.each([
    ['Pas encore membre ? Inscrivez-vous', ['"membre ?": plain space before "?"']],
    ['Bravo!', ['"Bravo!": no space before "!"']],
    ['Statut : gagnant', ['"Statut :": plain space before ":"']],
    ['le mot « Créadéfi »', ['"« Créadéfi": plain space after "«"', '"Créadéfi »": plain space before "»"']],
    ['Attention\u202f; lisez', ['"Attention\u202f;": narrow no-break space before ";"']],
  ])('finds the faults of %j', (text, faults) => {
    expect(typographyFaults(text)).toEqual(faults);
  });

  it.each([
    'Pas encore membre\u00a0? Inscrivez-vous',
    'Le mot «\u00a0Créadéfi\u00a0»\u00a0!',
    'Rendez-vous à 10:30 sur https://creadefi.fr/aide?page=2.',
    'Un ratio 16:9',
    'Quoi\u00a0?!',
    '?',
  ])('accepts %j', (text) => {
    expect(typographyFaults(text)).toEqual([]);
  });
});
