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

  it('keeps the particles of a name in lower case, wherever they stand', () => {
    expect(capitaliseName('De La Fontaine')).toBe('de La Fontaine');
    expect(capitaliseName('  jean-pierre DE la fontaine ')).toBe('Jean-Pierre de La Fontaine');
    expect(capitaliseName("jean-pierre d'artagnan")).toBe("Jean-Pierre d'Artagnan");
    expect(capitaliseName('JEANNE D’ARC')).toBe('Jeanne d’Arc');
    expect(capitaliseName('marie du  pont')).toBe('Marie du Pont');
    expect(capitaliseName('DES ESSARTS')).toBe('des Essarts');
    expect(capitaliseName('jean-de-dieu')).toBe('Jean-de-Dieu');
  });

  it('capitalises every other part of a name, and a particle that is the whole name', () => {
    expect(capitaliseName('du')).toBe('Du');
    expect(capitaliseName('DESCHAMPS')).toBe('Deschamps');
    expect(capitaliseName("o'brien")).toBe("O'Brien");
    expect(capitaliseName('élodie le pen-dupont')).toBe('Élodie Le Pen-Dupont');
  });

  it('truncates, capitalises and counts', () => {
    expect(truncate('Bonjour tout le monde', 7)).toBe('Bonjour…');
    expect(plural(1, 'participation')).toBe('1 participation');
    expect(plural(3, 'participation')).toBe('3 participations');
    expect(withoutAccents('Créadéfi à l’été, Œuvre')).toBe('Creadefi a l’ete, Œuvre');
  });
});
