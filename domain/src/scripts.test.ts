import { describe, expect, it } from 'vitest';
import { isSingleScript } from './scripts';
import { pseudoSchema } from './schemas/auth';
import { AUTH } from './messages/auth';

describe('isSingleScript', () => {
  it.each(['Talent2', 'Éloïse.delaTour', 'Ａｎｎａ', 'Дмитрий', 'Αθηνά_3', 'さくら', '山田太郎', '田中さくら', 'Kenji山田', '김민준', 'Jean-Luc', '___', '123', 'e\u0301lise'])('accepts %s', (text) => {
    expect(isSingleScript(text)).toBe(true);
  });

  it.each([
    ['\u0422alent2', 'a Cyrillic Т among Latin letters'],
    ['\u0410dmin', 'a Cyrillic А among Latin letters'],
    ['Ad\u043Cin', 'a Cyrillic м among Latin letters'],
    ['p\u0430ypal', 'a Cyrillic а among Latin letters'],
    ['\u0391lpha', 'a Greek Α among Latin letters'],
    ['Дмитрий\u0410b', 'Latin after Cyrillic'],
  ])('refuses %s (%s)', (text) => {
    expect(isSingleScript(text)).toBe(false);
  });
});

describe('pseudoSchema', () => {
  it('refuses a pseudo that mixes scripts, naming the field’s rule', () => {
    const result = pseudoSchema.safeParse('\u0422alent2');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(AUTH.pseudoMixedScripts);
    expect(pseudoSchema.safeParse('Talent2').success).toBe(true);
  });
});
