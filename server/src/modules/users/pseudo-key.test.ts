import { describe, expect, it } from 'vitest';
import unhomoglyph from 'unhomoglyph';
import { pseudoKey } from './pseudo-key';

describe('pseudoKey', () => {
  it.each([
    ['Talent2', '\u0422alent2', 'a Cyrillic Т'],
    ['ADMIN', '\u0410dmin', 'a Cyrillic А, another case'],
    ['Admin', 'admin', 'case alone'],
    ['Admin', 'Ａｄｍｉｎ', 'full-width letters'],
    ['Admin', 'Adrnin', 'rn for m'],
    ['paypal', 'p\u0430yp\u0430l', 'Cyrillic а twice'],
    ['Talent1', 'Talentl', 'the digit one for the letter l'],
    ['Éloïse', 'E\u0301loi\u0308se', 'composed or not'],
    ['ADMIN', 'admin', 'capitals'],
    ['Talent0', 'TalentO', 'zero for O'],
    ['\u0394\u03B7\u03BC\u03AE\u03C4\u03C1\u03B7\u03C2', '\u03B4\u03B7\u03BC\u03AE\u03C4\u03C1\u03B7\u03C2', 'Greek capitals'],
    ['Admin', 'ADMlN', 'a small l for the capital I of ADMIN'],
    ['Admin', 'Adm1n', 'the digit one for the i'],
    ['Organisateur', 'Organisateur.', 'a full stop at the end'],
    ['Organisateur', 'Organisateur_', 'an underscore at the end'],
    ['Organisateur', '-Organisateur', 'a hyphen at the start'],
    ['Iris', 'lris', 'a small l for the capital I'],
  ])('gives %s and %s the same key (%s)', (a, b) => {
    expect(pseudoKey(b)).toBe(pseudoKey(a));
  });

  it.each([
    ['Talent2', 'Talent3'],
    ['Admin', 'Adrian'],
    ['Léa', 'Lea_'],
    ['Chloé', 'Chloe'],
    ['Organisateur', 'Organisatrice'],
    ['Jean.Paul', 'JeanPaul'],
    ['Marie-Anne', 'Marie_Anne2'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(pseudoKey(a)).not.toBe(pseudoKey(b));
  });

  it('gives a Latin letter or digit the key of its capital, its small letter and its skeleton, wherever it stands', () => {
    const chars = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789ÀÂÄÇÈÉÊËÎÏÔÖÙÛÜŸŒÆàâäçèéêëîïôöùûüÿœæ'];
    const skeleton = (c: string) => unhomoglyph(c.normalize('NFD')).normalize('NFD');
    for (const c of chars) {
      for (const other of [c.toUpperCase(), c.toLowerCase(), skeleton(c)]) {
        expect(pseudoKey(`x${other}x`), `${c} / ${other}`).toBe(pseudoKey(`x${c}x`));
      }
    }
  });
});
