import { describe, expect, it } from 'vitest';
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
    ['\u0394\u03B7\u03BC\u03AE\u03C4\u03C1\u03B7\u03C2', '\u03B4\u03B7\u03BC\u03AE\u03C4\u03C1\u03B7\u03C2', 'Greek capitals']
  ])('gives %s and %s the same key (%s)', (a, b) => {
    expect(pseudoKey(b)).toBe(pseudoKey(a));
  });

  it.each([
    ['Talent2', 'Talent3'],
    ['Admin', 'Adrian'],
    ['Léa', 'Lea_'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(pseudoKey(a)).not.toBe(pseudoKey(b));
  });
});
