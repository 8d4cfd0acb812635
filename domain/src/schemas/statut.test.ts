import { describe, expect, it } from 'vitest';
import { PROFILE } from '../messages/profile';
import { beneficiariesAfterStatutChange, isValidSiret, isValidTva, statutSchema } from './statut';

const person = { firstName: 'Anne', lastName: 'Martin', birthday: '1990-04-12', nationality: 'FR', address: '1 rue de la Paix', zip: '75002', city: 'Paris', country: 'FR' };

describe('status form (docs/product.md §8)', () => {
  it('checks SIRET numbers with the Luhn key', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('1234')).toBe(false);
  });

  it('checks French VAT numbers with their key', () => {
    expect(isValidTva('FR44732829320')).toBe(true);
    expect(isValidTva('FR45732829320')).toBe(false);
    expect(isValidTva('DE123456789')).toBe(true);
    expect(isValidTva('12')).toBe(false);
  });

  it('accepts a private person and requires the certification', () => {
    expect(statutSchema.safeParse({ ...person, statut: 0, certified: true }).success).toBe(true);
    const refused = statutSchema.safeParse({ ...person, statut: 0, certified: false });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe(PROFILE.certificationRequired);
  });

  it('requires a valid SIRET, a legal form and a beneficiary for a French company', () => {
    const r = statutSchema.safeParse({ ...person, statut: 2, socialReason: 'ACME', certified: true, numSiret: '123' });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['numSiret', 'legalStatus', 'numTVA', 'beneficiaires']));
  });

  it('refuses more than 3 extra beneficiaries and birthdays outside 1900–today', () => {
    const b = { ...person, isGerant: false };
    const r = statutSchema.safeParse({ ...person, statut: 1, socialReason: 'X', numSiret: '73282932000074', regimeTVA: true, certified: true, beneficiaires: [b, b, b, b, b] });
    expect(r.success).toBe(false);
    expect(statutSchema.safeParse({ ...person, birthday: '1899-12-31', statut: 0, certified: true }).success).toBe(false);
  });

  it('resets the beneficiaries when the statut changes', () => {
    expect(beneficiariesAfterStatutChange(1, () => 'blank')).toEqual(['blank']);
    expect(beneficiariesAfterStatutChange(2, () => 'blank')).toEqual(['blank']);
    expect(beneficiariesAfterStatutChange(0, () => 'blank')).toEqual([]);
    expect(beneficiariesAfterStatutChange(3, () => 'blank')).toEqual([]);
  });
});
