import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as domain from './index';
import { COMMON } from './messages/common';
import { FIELD_LABELS, hasFieldLabel } from './messages/fields';
import { frenchIssueMessage, requestErrorMessage } from './validation';

/** Every key of every object inside a schema, through optional, nullable, pipes, arrays… */
function keysOf(schema: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def || seen.has(schema)) return found;
  seen.add(schema);
  if (def.type === 'object') {
    for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
      found.add(key);
      keysOf(value, found, seen);
    }
  }
  for (const inner of ['innerType', 'in', 'out', 'element', 'valueType', 'keyType']) keysOf(def[inner], found, seen);
  for (const option of (def.options as unknown[] | undefined) ?? []) keysOf(option, found, seen);
  return found;
}

/** Words of zod's English texts, and pieces of patterns, that must never reach a member. */
const ENGLISH_OR_INTERNAL = /\b(Invalid|expected|Too (big|small)|must|Required|received|string|number|pattern|input)\b|\/\^|\$\/|\{\d+,\d+\}|\[A-Z/;

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.message);
};

describe('French validation texts', () => {
  it('name every field of every schema the API and the forms share', () => {
    const unnamed: string[] = [];
    for (const [name, value] of Object.entries(domain)) {
      if (!(value instanceof z.ZodType) || /^(publicUser|sessionResults)Schema$/.test(name)) continue;
      for (const key of keysOf(value)) if (!hasFieldLabel(key)) unnamed.push(`${name}.${key}`);
    }
    expect(unnamed).toEqual([]);
  });

  it('say which field is wrong and what it needs, never in English nor with a pattern', () => {
    const pageSize = messagesOf(domain.listContestsSchema, { pageSize: 51 });
    expect(pageSize).toEqual(['Le champ «\u00a0Nombre de résultats par page\u00a0» doit être au plus 50.']);
    const token = messagesOf(domain.eventsQuery, { token: 'abc' });
    expect(token).toEqual(['Le champ «\u00a0Jeton de session\u00a0» doit être écrit dans le format attendu.']);
    expect(messagesOf(domain.createContestSchema.pick({ cost: true }), { cost: 100_000_001 })).toEqual(['Le champ «\u00a0Prix du concours\u00a0» doit être au plus 100\u202f000\u202f000.']);
    expect(messagesOf(domain.starsSchema, { idParticipation: 'abc', stars: 2 })).toEqual(['Le champ «\u00a0Participation\u00a0» doit être un nombre.']);
    expect(messagesOf(domain.contactSchema.pick({ objet: true }), { objet: 'x'.repeat(201) })).toEqual(['Le champ «\u00a0Objet\u00a0» ne peut pas dépasser 200 caractères.']);
    expect(messagesOf(domain.proposalsQuery, { filtre: 'tout' })).toEqual(['Le champ «\u00a0Filtre\u00a0» n’a pas une valeur autorisée.']);
    expect(messagesOf(domain.markReadSchema, { ids: Array.from({ length: 201 }, (_, i) => i + 1) })).toEqual(['Le champ «\u00a0Notifications\u00a0» ne peut pas contenir plus de 200 éléments.']);
    expect(messagesOf(domain.loginSchema, 'texte')).toEqual(['La requête doit être un objet JSON.']);
    for (const message of [...pageSize, ...token]) expect(message).not.toMatch(ENGLISH_OR_INTERNAL);
  });

  it('word every kind of refusal in French', () => {
    const issues = [
      { code: 'invalid_type', expected: 'number', input: 'a', path: ['page'] },
      { code: 'invalid_type', expected: 'string', input: undefined, path: ['pseudo'] },
      { code: 'too_small', origin: 'number', minimum: 1, inclusive: true, path: ['page'] },
      { code: 'too_small', origin: 'number', minimum: 0, inclusive: false, path: ['cost'] },
      { code: 'too_small', origin: 'string', minimum: 8, path: ['password'] },
      { code: 'too_big', origin: 'number', maximum: 2_147_483_647, inclusive: true, path: ['id'] },
      { code: 'invalid_format', format: 'regex', pattern: '/^[A-Z]+$/', path: ['code'] },
      { code: 'invalid_format', format: 'date', path: ['birthDate'] },
      { code: 'not_multiple_of', divisor: 5, path: ['stars'] },
      { code: 'invalid_union', path: ['beneficiaires', 0, 'zip'] },
      { code: 'custom', path: ['zz_unknown'] },
      { code: 'invalid_type', expected: 'number', input: 'abc', path: ['PORT'] },
    ];
    const texts = issues.map((issue) => frenchIssueMessage(issue));
    expect(texts).toEqual([
      'Le champ «\u00a0Page\u00a0» doit être un nombre.',
      'Le champ «\u00a0Pseudo\u00a0» est obligatoire.',
      'Le champ «\u00a0Page\u00a0» doit être au moins 1.',
      'Le champ «\u00a0Prix du concours\u00a0» doit être supérieur à 0.',
      'Le champ «\u00a0Mot de passe\u00a0» doit contenir au moins 8 caractères.',
      'Le champ «\u00a0Identifiant\u00a0» doit être au plus 2\u202f147\u202f483\u202f647.',
      'Le champ «\u00a0Code promo\u00a0» doit être écrit dans le format attendu.',
      'Le champ «\u00a0Date de naissance\u00a0» doit être une date valide.',
      'Le champ «\u00a0Note\u00a0» doit être un multiple de 5.',
      'Le champ «\u00a0Code postal\u00a0» n’est pas valide.',
      'Une des valeurs envoyées n’est pas valide.',
      'La variable PORT doit être un nombre.',
    ]);
    for (const text of texts) expect(text).not.toMatch(ENGLISH_OR_INTERNAL);
  });

  it('keep the texts a schema chose, and name the field of the short « obligatoire » for the API', () => {
    expect(messagesOf(domain.beneficiarySchema.pick({ firstName: true }), { firstName: ' ' })).toEqual([COMMON.requiredField]);
    expect(requestErrorMessage(['firstName'], COMMON.requiredField)).toBe('Le champ «\u00a0Prénom\u00a0» est obligatoire.');
    expect(requestErrorMessage(['numSiret'], domain.PROFILE.siretInvalid)).toBe(domain.PROFILE.siretInvalid);
  });

  it('have no label in English', () => {
    for (const label of Object.values(FIELD_LABELS)) expect(label).toMatch(/^[A-ZÉÈ]/);
  });
});
