import { describe, expect, it } from 'vitest';
import { formatDate, formatDayMonth, formatParisDate, formatRelativeDay, formatTime } from './dates';
import { capitaliseName, plural, truncate } from './text';

describe('dates and texts', () => {
  it('shows dates as dd/mm/yyyy and times as HH:MM', () => {
    const d = new Date(2026, 0, 5, 9, 7);
    expect(formatDate(d)).toBe('05/01/2026');
    expect(formatTime(d)).toBe('09:07');
  });

  it('names the day and month as Intl’s fr-FR does, with « 1er » for the first', () => {
    const dayMonth = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long' });
    for (let month = 0; month < 12; month++) {
      for (const day of [2, 9, 28]) expect(formatDayMonth(new Date(2026, month, day, 12))).toBe(dayMonth.format(new Date(2026, month, day, 12)));
      expect(formatDayMonth(new Date(2026, month, 1, 0, 5))).toBe(`1er ${dayMonth.formatToParts(new Date(2026, month, 1)).find((p) => p.type === 'month')!.value}`);
    }
  });

  it('writes the day in French time for texts the server composes', () => {
    expect(formatParisDate('2026-12-08T23:30:00.000Z')).toBe('09/12/2026');
    expect(formatParisDate('2026-07-01T21:59:00.000Z')).toBe('01/07/2026');
  });

  it('says today, in N days and N days ago with the right plural', () => {
    const now = new Date(2026, 10, 22, 12);
    expect(formatRelativeDay(new Date(2026, 10, 22, 23), now)).toBe("Aujourd'hui");
    expect(formatRelativeDay(new Date(2026, 10, 23), now)).toBe('dans 1 jour');
    expect(formatRelativeDay(new Date(2026, 10, 29), now)).toBe('dans 7 jours');
    expect(formatRelativeDay(new Date(2026, 10, 20), now)).toBe('Il y a 2 jours');
  });

  it('capitalises names on save', () => {
    expect(capitaliseName('  jean-pierre dupont ')).toBe('Jean-Pierre Dupont');
    expect(capitaliseName("élodie d'arc")).toBe("Élodie d'Arc");
  });

  it('truncates with an ellipsis and pluralises', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
    expect(plural(1, 'participation')).toBe('1 participation');
    expect(plural(2, 'participation')).toBe('2 participations');
  });
});
