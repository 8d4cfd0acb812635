/**
 * The French wording of every refusal a schema gives without a text of its own. It is set
 * once for the whole of zod, on both sides (forms and API), so no schema can fall back to
 * zod's English or show a pattern: each text names the field and says what is expected.
 */
import { z } from 'zod';
import { COMMON } from './messages/common';
import { fieldSubject } from './messages/fields';
import { formatNumber, groupDigits } from './numbers';

function amount(value: unknown): string {
  if (typeof value === 'bigint') return `${value < 0n ? '-' : ''}${groupDigits((value < 0n ? -value : value).toString())}`;
  if (typeof value === 'number') return formatNumber(value, 6);
  if (value instanceof Date) return value.toISOString().slice(0, 10).split('-').reverse().join('/');
  return 'la limite';
}

const EXPECTED: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  bigint: 'un nombre entier',
  boolean: 'vrai ou faux',
  array: 'une liste',
  object: 'un objet',
  date: 'une date',
  literal: 'la valeur attendue',
};

const FORMATS: Record<string, string> = {
  email: 'une adresse e-mail valide',
  url: 'une adresse web valide',
  date: 'une date valide',
  datetime: 'une date et une heure valides',
  time: 'une heure valide',
};

/** What the raw issue carries; zod's own types are a union too wide to narrow on `code` here. */
interface RawIssue {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  exact?: boolean;
  format?: string;
  divisor?: unknown;
  values?: unknown[];
}

function tooBig(subject: string, issue: RawIssue): string {
  const n = amount(issue.maximum);
  switch (issue.origin) {
    case 'string':
      return issue.exact ? `${subject} doit contenir exactement ${n} caractères.` : `${subject} ne peut pas dépasser ${n} caractères.`;
    case 'array':
    case 'set':
      return `${subject} ne peut pas contenir plus de ${n} éléments.`;
    case 'date':
      return `${subject} doit être au plus tard le ${n}.`;
    case 'file':
      return `${subject} ne peut pas dépasser ${n} octets.`;
    default:
      return issue.inclusive === false ? `${subject} doit être inférieur à ${n}.` : `${subject} doit être au plus ${n}.`;
  }
}

function tooSmall(subject: string, issue: RawIssue): string {
  const n = amount(issue.minimum);
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return `${subject} doit contenir exactement ${n} caractères.`;
      return Number(issue.minimum) <= 1 ? `${subject} est obligatoire.` : `${subject} doit contenir au moins ${n} caractères.`;
    case 'array':
    case 'set':
      return `${subject} doit contenir au moins ${n} élément${Number(issue.minimum) > 1 ? 's' : ''}.`;
    case 'date':
      return `${subject} doit être au plus tôt le ${n}.`;
    default:
      return issue.inclusive === false ? `${subject} doit être supérieur à ${n}.` : `${subject} doit être au moins ${n}.`;
  }
}

/** The French text of one issue; `path` is the issue's full path once the parse is over. */
export function frenchIssueMessage(issue: RawIssue): string {
  const subject = fieldSubject(issue.path ?? []);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${subject} est obligatoire.`;
      if (issue.expected === 'object' && (issue.path ?? []).length === 0) return 'La requête doit être un objet JSON.';
      return `${subject} doit être ${EXPECTED[issue.expected ?? ''] ?? 'd’un autre type'}.`;
    case 'too_big':
      return tooBig(subject, issue);
    case 'too_small':
      return tooSmall(subject, issue);
    case 'invalid_format':
      return `${subject} doit être ${FORMATS[issue.format ?? ''] ?? 'écrit dans le format attendu'}.`;
    case 'not_multiple_of':
      return `${subject} doit être un multiple de ${amount(issue.divisor)}.`;
    case 'invalid_value':
      return `${subject} n’a pas une valeur autorisée.`;
    case 'unrecognized_keys':
      return `${subject} contient des champs inconnus.`;
    default:
      return `${subject} n’est pas valide.`;
  }
}

/**
 * The text the API gives as the error of a whole request, from its first refused field:
 * the short « Ce champ est obligatoire. » of the forms says which field it is.
 */
export function requestErrorMessage(path: readonly PropertyKey[], message: string): string {
  return message === COMMON.requiredField ? `${fieldSubject(path)} est obligatoire.` : message;
}

/**
 * A schema's own text for a value that is missing or of the wrong type, leaving its limits
 * (too long, too big…) to the texts above: « obligatoire » about a text too long misleads.
 */
export function whenMissing(message: string): (issue: { code?: string }) => string | undefined {
  return (issue) => (issue.code === 'invalid_type' ? message : undefined);
}

const french = (issue: unknown) => frenchIssueMessage(issue as RawIssue);

// Both hooks: `customError` ranks above any locale a later import might load.
z.config({ customError: french, localeError: french });
