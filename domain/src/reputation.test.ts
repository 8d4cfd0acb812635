import { describe, expect, it } from 'vitest';
import { LEVEL_LABELS, averageStars, reputationLevel } from './reputation';

const record = (wins: number, stars: number[]) => ({ wins, rated: stars.length, starsSum: stars.reduce((a, b) => a + b, 0) });

describe('reputation levels', () => {
  it('starts every talent as Débutant', () => {
    expect(reputationLevel(record(0, []))).toBe('debutant');
    expect(reputationLevel(record(0, [5, 5, 5]))).toBe('debutant');
  });

  it('makes one win enough for Confirmé, whatever the stars', () => {
    expect(reputationLevel(record(1, []))).toBe('confirme');
    expect(reputationLevel(record(4, [1, 1]))).toBe('confirme');
  });

  it('asks Expert for 5 wins and an average of at least 3,5', () => {
    expect(reputationLevel(record(5, [4, 3]))).toBe('expert');
    expect(reputationLevel(record(5, [3, 4, 3]))).toBe('confirme');
    expect(reputationLevel(record(5, []))).toBe('confirme');
    expect(reputationLevel(record(14, [5]))).toBe('expert');
  });

  it('asks Élite for 15 wins and an average of at least 4,2; short of stars it stays Expert', () => {
    expect(reputationLevel(record(15, [4, 4, 4, 5, 5]))).toBe('elite');
    expect(reputationLevel(record(15, [4, 4, 4, 4, 5]))).toBe('elite');
    expect(reputationLevel(record(15, [4, 4, 4, 4, 4]))).toBe('expert');
    expect(reputationLevel(record(30, [3, 3]))).toBe('confirme');
  });

  it('averages rated proposals only, to one decimal', () => {
    expect(averageStars(record(0, []))).toBeNull();
    expect(averageStars(record(0, [4, 5, 5]))).toBe(4.7);
    expect(averageStars(record(0, [1, 2]))).toBe(1.5);
  });

  it('names each level in French', () => {
    expect(Object.values(LEVEL_LABELS)).toEqual(['Débutant', 'Confirmé', 'Expert', 'Élite']);
  });
});
