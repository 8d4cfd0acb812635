import { describe, expect, it } from 'vitest';
import { pseudoSchema } from '@creadefi/domain';
import { pseudoBase, pseudoCandidates } from './pseudo';

describe('pseudos for Google and Facebook accounts', () => {
  it.each([
    ['Éloïse', 'de la Tour', 'x@exemple.fr', 'Éloïse.delaTour'],
    ['Jo', null, 'x@exemple.fr', 'Jo_talent'],
    [null, null, 'marie.curie@exemple.fr', 'mariecurie'],
    [null, null, null, 'talent'],
    ['Jean-Luc', "O'Brien", null, 'Jean-Luc.OBrien'],
    ['Ａｎｎａ 😀', 'Smith!!', null, 'Ａｎｎａ.Smith'],
  ])('builds one from %s %s (%s)', (first, last, email, expected) => {
    expect(pseudoBase(first, last, email)).toBe(expected);
  });

  it('always gives candidates the pseudo rules accept, even for very long names', () => {
    const base = pseudoBase('Maximilienne-Alexandrine', 'Von Hohenzollern-Sigmaringen', null);
    for (const candidate of pseudoCandidates(base)) expect(pseudoSchema.safeParse(candidate).success).toBe(true);
    expect(new Set(pseudoCandidates(base)).size).toBeGreaterThan(1);
  });
});
