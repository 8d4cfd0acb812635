/**
 * The status form's values and which fields each statut shows (docs/product.md §8). Hidden fields are
 * emptied before validation, so a SIRET typed under another statut never blocks the form.
 */
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { beneficiariesAfterStatutChange, statutSchema, type PublicUser, type StatutDto, type StatutInput, COMMON, PROFILE } from '@creadefi/domain';

export interface BeneficiaryForm {
  firstName: string;
  lastName: string;
  nationality: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  birthday: string | null;
  isGerant: boolean;
}

export interface StatutForm {
  statut: number;
  firstName: string;
  lastName: string;
  birthday: string | null;
  nationality: string;
  socialReason: string;
  legalStatus: number | null;
  address: string;
  zip: string;
  city: string;
  country: string;
  countryCompany: string | null;
  numSiret: string;
  numTVA: string;
  regimeTVA: boolean;
  statutBeneficiaire: number | null;
  beneficiaires: BeneficiaryForm[];
  certified: boolean;
}

export interface Visibility {
  company: boolean;
  legalStatus: boolean;
  siret: boolean;
  tva: boolean;
  regimeTVA: boolean;
  countryCompany: boolean;
  beneficiaries: boolean;
}

/** Statut 0 is a person; 1 and 2 are French businesses with a SIRET; 3 a foreign company. */
export function visibility(statut: number): Visibility {
  const company = statut >= 1;
  return {
    company,
    legalStatus: statut === 2,
    siret: statut === 1 || statut === 2,
    tva: company,
    regimeTVA: statut === 1 || statut === 2,
    countryCompany: statut === 3,
    beneficiaries: company,
  };
}

export function blankBeneficiary(): BeneficiaryForm {
  return { firstName: '', lastName: '', nationality: 'FR', address: '', zip: '', city: '', country: 'FR', birthday: null, isGerant: false };
}

export function beneficiariesFor(statut: number): BeneficiaryForm[] {
  return beneficiariesAfterStatutChange(statut, blankBeneficiary);
}

/** Fewest beneficiaries a statut starts with; MAX_EXTRA_BENEFICIARIES may be added to it. */
export function baselineBeneficiaries(statut: number): number {
  return beneficiariesFor(statut).length;
}

function visibleValues(values: StatutForm): StatutForm {
  const show = visibility(values.statut);
  return {
    ...values,
    socialReason: show.company ? values.socialReason : '',
    legalStatus: show.legalStatus ? values.legalStatus : null,
    numSiret: show.siret ? values.numSiret : '',
    numTVA: show.tva ? values.numTVA : '',
    regimeTVA: show.regimeTVA ? values.regimeTVA : false,
    countryCompany: show.countryCompany ? values.countryCompany : null,
    statutBeneficiaire: show.beneficiaries ? values.statutBeneficiaire : null,
    beneficiaires: show.beneficiaries ? values.beneficiaires : [],
  };
}

/** A valid stand-in for a field that already failed, by the field's own name. */
function standIn(field: string): unknown {
  if (field === 'birthday') return '2000-01-01';
  if (field === 'nationality' || field === 'country') return 'FR';
  if (field === 'certified') return true;
  return 'x';
}

function withStandIns(values: StatutForm, failed: ReadonlySet<string>): unknown {
  const copy = structuredClone(values) as unknown as Record<string, unknown>;
  for (const path of failed) {
    const keys = path.split('.');
    let target = copy as Record<string, unknown> | undefined;
    for (const key of keys.slice(0, -1)) target = target?.[key] as Record<string, unknown> | undefined;
    const last = keys[keys.length - 1]!;
    if (target && last in target) target[last] = standIn(last);
  }
  return copy;
}

/**
 * statutSchema checks the rules between fields (SIRET, VAT, company name…) only once every
 * single field is valid, so a first attempt would show half the mistakes. A second pass, with
 * stand-ins for the fields already in error, shows the rest at once.
 */
export const statutResolver: Resolver<StatutForm, unknown, StatutInput> = async (values, _context, options) => {
  const visible = visibleValues(values);
  const first = statutSchema.safeParse(visible);
  if (first.success) return { values: first.data, errors: {} };
  const flat: Record<string, FieldError> = {};
  const add = (issues: readonly { path: PropertyKey[]; message: string; code: string }[]) => {
    for (const issue of issues) {
      const key = issue.path.map(String).join('.');
      flat[key] ??= { type: issue.code, message: issue.message };
    }
  };
  add(first.error.issues);
  const second = statutSchema.safeParse(withStandIns(visible, new Set(Object.keys(flat))));
  if (!second.success) add(second.error.issues);
  return { values: {}, errors: toNestErrors<StatutForm>(flat as FieldErrors, options) };
};

export function initialValues(saved: StatutDto | null, user: PublicUser | null): StatutForm {
  if (saved) {
    return {
      statut: saved.statut,
      firstName: saved.firstName,
      lastName: saved.lastName,
      birthday: saved.birthday,
      nationality: saved.nationality,
      socialReason: saved.socialReason ?? '',
      legalStatus: saved.legalStatus ?? null,
      address: saved.address,
      zip: saved.zip,
      city: saved.city,
      country: saved.country,
      countryCompany: saved.countryCompany ?? null,
      numSiret: saved.numSiret ?? '',
      numTVA: saved.numTVA ?? '',
      regimeTVA: saved.regimeTVA,
      statutBeneficiaire: saved.statutBeneficiaire ?? null,
      beneficiaires: saved.beneficiaires.map((b) => ({ ...b, birthday: b.birthday })),
      // A new save is a new statement: the box is ticked again each time.
      certified: false,
    };
  }
  return {
    statut: 0,
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    birthday: user?.birthDate ? user.birthDate.slice(0, 10) : null,
    nationality: 'FR',
    socialReason: user?.socialReason ?? '',
    legalStatus: null,
    address: '',
    zip: '',
    city: '',
    country: user?.country?.toUpperCase() || 'FR',
    countryCompany: null,
    numSiret: '',
    numTVA: '',
    regimeTVA: false,
    statutBeneficiaire: null,
    beneficiaires: [],
    certified: false,
  };
}

const INVALID_WHEN_EMPTY: readonly string[] = [PROFILE.birthdayInvalid, PROFILE.countryInvalid, PROFILE.siretInvalid, PROFILE.tvaInvalid];

/**
 * An empty field reads better as "required" than as "invalid": the schema has one message
 * for both.
 */
export function shownError(message: string | undefined, value: unknown): string | undefined {
  if (!message) return undefined;
  const empty = value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  return empty && INVALID_WHEN_EMPTY.includes(message) ? COMMON.requiredField : message;
}

export { parseFrenchDate } from '../../../ui/french-date';

/** Paths of the form that a server field error may name ("numSiret", "beneficiaires.0.zip"). */
export function isFormPath(key: string): boolean {
  const top = key.split('.')[0]!;
  return top in initialValues(null, null);
}

