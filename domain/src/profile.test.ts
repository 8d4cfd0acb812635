import { describe, expect, it } from 'vitest';
import { hasEssentialInfo } from './profile';

describe('hasEssentialInfo', () => {
  const person = { pseudo: 'lea', firstName: 'Léa', lastName: 'Petit', socialReason: null };
  it('needs a pseudo and a full name or a company name', () => {
    expect(hasEssentialInfo(person)).toBe(true);
    expect(hasEssentialInfo({ ...person, firstName: null, lastName: null, socialReason: 'Atelier Petit' })).toBe(true);
    expect(hasEssentialInfo({ ...person, lastName: '  ' })).toBe(false);
    expect(hasEssentialInfo({ ...person, pseudo: '' })).toBe(false);
    expect(hasEssentialInfo({ ...person, firstName: null })).toBe(false);
  });
});
