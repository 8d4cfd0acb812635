import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@creadefi/domain';
import { passwordWeakness } from './password-policy';

const A = MESSAGES.auth;
const lea = { email: 'lea.martin@exemple.fr', pseudo: 'leamartin', firstName: 'Léa', lastName: 'Martin' };

describe('passwordWeakness', () => {
  it('refuses the passwords found first in leaks, whatever their case', () => {
    for (const common of ['password', '12345678', 'iloveyou', 'Sunshine', 'QWERTYUIOP', 'azertyuiop']) expect(passwordWeakness(common, lea), common).toBe(A.passwordTooCommon);
  });

  it('refuses the address, the pseudo, the name and the product, accents and case aside', () => {
    expect(passwordWeakness('lea.martin2026', lea)).toBe(A.passwordPersonal);
    expect(passwordWeakness('LeaMartin!!', lea)).toBe(A.passwordPersonal);
    expect(passwordWeakness('xx-Martin-xx', lea)).toBe(A.passwordPersonal);
    expect(passwordWeakness('Créadéfi2026', lea)).toBe(A.passwordPersonal);
    expect(passwordWeakness('monCreaDefi!', lea)).toBe(A.passwordPersonal);
  });

  it('accepts a password of any composition that is neither', () => {
    for (const fine of ['cheval-agrafe-pile', 'Tr0mpette du matin', 'ornithorynque', 'Léa aime le thé vert']) expect(passwordWeakness(fine, { ...lea, firstName: 'Léa' }), fine).toBeNull();
  });
});
