import { describe, expect, it } from 'vitest';
import { capitaliseName, elidedDe, plural, truncate, withoutAccents } from './text';

describe('text helpers', () => {
  it('elides « de » before a vowel, accented or capital, and not before a consonant or h', () => {
    expect(elidedDe('Organisateur')).toBe('d’Organisateur');
    expect(elidedDe('élodie_design')).toBe('d’élodie_design');
    expect(elidedDe('Ysé')).toBe('d’Ysé');
    expect(elidedDe('Talent2')).toBe('de Talent2');
    expect(elidedDe('Hugo')).toBe('de Hugo');
    expect(elidedDe('42studio')).toBe('de 42studio');
  });

  it('truncates, capitalises and counts', () => {
    expect(truncate('Bonjour tout le monde', 7)).toBe('Bonjour…');
    expect(capitaliseName("jean-pierre d'artagnan")).toBe("Jean-Pierre D'Artagnan");
    expect(plural(1, 'participation')).toBe('1 participation');
    expect(plural(3, 'participation')).toBe('3 participations');
    expect(withoutAccents('Créadéfi à l’été, Œuvre')).toBe('Creadefi a l’ete, Œuvre');
  });
});
