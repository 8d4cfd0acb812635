/**
 * POST /user/add/statut/ (docs/product.md §8). The person filling the form (first and last name,
 * birthday, nationality) is needed by the payment provider whatever the statut: a natural
 * user for statut 0, the legal representative otherwise.
 */
import { z } from 'zod';
import { whenMissing } from '../validation';
import { COMMON } from '../messages/common';
import { PROFILE } from '../messages/profile';
import { isCountryCode } from '../countries';
import { adultBirthDateSchema, birthDateSchema } from './dates';

export const MAX_EXTRA_BENEFICIARIES = 3;

/** SIRET: 14 digits passing the Luhn check (La Poste's SIRETs excepted by INSEE are rare enough to ignore). */
export function isValidSiret(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{14}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(digits[13 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Intra-community VAT number: two letters then 2 to 13 characters; French ones checked by their key. */
export function isValidTva(value: string): boolean {
  const v = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v)) return false;
  if (v.startsWith('FR')) {
    const m = /^FR(\d{2})(\d{9})$/.exec(v);
    if (!m) return /^FR[0-9A-Z]{2}\d{9}$/.test(v);
    return Number(m[1]) === (12 + 3 * (Number(m[2]) % 97)) % 97;
  }
  return true;
}

/**
 * A French company (statut 2) always has a VAT number; a sole trader (statut 1) has one
 * unless exempt under the « franchise en base ». Anyone may still give one.
 */
export function isTvaRequired(statut: number, regimeTVA: boolean): boolean {
  return statut === 2 || (statut === 1 && !regimeTVA);
}

const required = (max = 200) => z.string({ error: whenMissing(COMMON.requiredField) }).trim().min(1, COMMON.requiredField).max(max);
const country = z
  .string({ error: COMMON.requiredField })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, PROFILE.countryInvalid);

export const beneficiarySchema = z.object({
  firstName: required(80),
  lastName: required(80),
  nationality: country,
  address: required(200),
  zip: required(12),
  city: required(100),
  country,
  birthday: birthDateSchema,
  isGerant: z.boolean().default(false),
});
export type BeneficiaryInput = z.infer<typeof beneficiarySchema>;

export const statutSchema = z
  .object({
    statut: z.coerce.number().int().min(0).max(3),
    firstName: required(80),
    lastName: required(80),
    birthday: adultBirthDateSchema,
    nationality: country,
    socialReason: z.string().trim().max(120).optional().nullable(),
    legalStatus: z.coerce.number().int().min(0).max(5).optional().nullable(),
    address: required(200),
    zip: required(12),
    city: required(100),
    country,
    countryCompany: z.string().trim().toUpperCase().optional().nullable(),
    numSiret: z.string().trim().max(20).optional().nullable(),
    numTVA: z.string().trim().max(20).optional().nullable(),
    regimeTVA: z.boolean().default(false),
    statutBeneficiaire: z.coerce.number().int().min(0).max(3).optional().nullable(),
    beneficiaires: z.array(beneficiarySchema).max(MAX_EXTRA_BENEFICIARIES + 1, PROFILE.tooManyBeneficiaries).default([]),
    certified: z.literal(true, { error: PROFILE.certificationRequired }),
  })
  .superRefine((v, ctx) => {
    const isCompany = v.statut >= 1;
    if (isCompany && !v.socialReason) ctx.addIssue({ code: 'custom', path: ['socialReason'], message: PROFILE.socialReasonRequired });
    if ((v.statut === 1 || v.statut === 2) && !isValidSiret(v.numSiret ?? '')) ctx.addIssue({ code: 'custom', path: ['numSiret'], message: PROFILE.siretInvalid });
    if (v.statut === 2 && (v.legalStatus === null || v.legalStatus === undefined)) ctx.addIssue({ code: 'custom', path: ['legalStatus'], message: PROFILE.legalStatusRequired });
    if (v.statut === 3 && !(v.countryCompany && isCountryCode(v.countryCompany))) ctx.addIssue({ code: 'custom', path: ['countryCompany'], message: PROFILE.countryInvalid });
    if (v.numTVA ? !isValidTva(v.numTVA) : isTvaRequired(v.statut, v.regimeTVA)) ctx.addIssue({ code: 'custom', path: ['numTVA'], message: PROFILE.tvaInvalid });
    if ((v.statut === 1 || v.statut === 2) && v.beneficiaires.length === 0) ctx.addIssue({ code: 'custom', path: ['beneficiaires'], message: PROFILE.beneficiaryRequired });
    if (v.zip && v.country === 'FR' && !/^\d{5}$/.test(v.zip)) ctx.addIssue({ code: 'custom', path: ['zip'], message: PROFILE.zipInvalid });
  });
export type StatutInput = z.infer<typeof statutSchema>;

/** GET /user/get/statut → results.statut */
export type StatutDto = Omit<StatutInput, 'certified'> & { certifiedAt: string };

/**
 * Changing the statut resets the beneficiaries (docs/product.md §11): statut 1 or 2 starts with one
 * blank beneficiary, 0 or 3 with none.
 */
export function beneficiariesAfterStatutChange<T>(statut: number, blank: () => T): T[] {
  return statut === 1 || statut === 2 ? [blank()] : [];
}
