import { describe, expect, it } from 'vitest';
import * as domain from '../index';
import { LEGAL } from './legal';

/**
 * Every text the domain exports, walked through its objects and lists; functions are called
 * with a word, a singular and a plural count, so that their every form is read too.
 */
function allTexts(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' && typeof value !== 'function') return [];
  if (seen.has(value)) return [];
  seen.add(value);
  if (typeof value === 'function') {
    if (/^class\b/.test(Function.prototype.toString.call(value))) return [];
    return ['Exemple', 1, 2, 5].flatMap((arg) => {
      try {
        return allTexts((value as (a: unknown) => unknown)(arg), seen);
      } catch {
        return [];
      }
    });
  }
  return Object.values(value).flatMap((v) => allTexts(v, seen));
}

// The legal texts travel apart (`@creadefi/domain/legal`), with the pages that show them.
const texts = allTexts([domain, LEGAL]);

describe('the catalogue’s wording', () => {
  it('is read whole: the walk reaches texts of every area', () => {
    expect(texts.length).toBeGreaterThan(500);
    for (const sample of [domain.MESSAGES.common.serverError, domain.FAQ[1]!.entries[4]!.details, domain.NOTIFICATION_TEXTS.unreadBadge(5), domain.BRIEF_FIELDS.companySkills.label]) {
      expect(texts).toContain(sample);
    }
  });

  it.each([
    ['« Aucun messages »', /\bAucun messages\b/i],
    ['« Envoie des fichiers » for the sending of files', /\bEnvoie des fichiers\b/i],
    ['« concoureur », which is not French', /concoureur/i],
    ['« portefeuille » or « porte monnaie » for the one « porte-monnaie »', /portefeuille|porte monnaie/i],
    ['a price « supérieur à » its minimum, which is accepted', /supérieur à/i],
    ['notifications « non lus » (a notification is feminine)', /notifications?\b[^.]*\bnon lus?\b/i],
  ])('never says %s', (_rule, pattern) => {
    expect(texts.filter((text) => pattern.test(text))).toEqual([]);
  });

  it('says « porte-monnaie » for the wallet, in its title, the FAQ and the winner’s notice', () => {
    expect(domain.WALLET.title).toBe('Mon porte-monnaie');
    expect(domain.FAQ[1]!.entries.find((e) => e.id === 11)!.details).toContain('porte-monnaie');
    expect(domain.PARTICIPATIONS.youWon.finished).toContain('porte-monnaie');
  });

  it('counts unread messages in the masculine and notifications in the feminine', () => {
    expect(domain.MESSAGING_TEXTS.unreadBadge(5)).toBe('Messages, 5 non lus');
    expect(domain.MESSAGING_TEXTS.unreadBadge(1)).toBe('Messages, 1 non lu');
    expect(domain.NOTIFICATION_TEXTS.unreadBadge(5)).toBe('Notifications, 5 non lues');
    expect(domain.NOTIFICATION_TEXTS.unreadBadge(1)).toBe('Notifications, 1 non lue');
    expect(domain.NOTIFICATION_TEXTS.unreadBadge(0)).toBe('Notifications');
  });
});
