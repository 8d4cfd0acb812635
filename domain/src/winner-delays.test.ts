import { describe, expect, it } from 'vitest';
import { acceptanceDueAt, deliveryDueAt, deliverySpeed, deliverySpeedOf, isAcceptanceOverdue } from './winner-delays';
import { OPTIONS } from './options';

const AT = new Date('2026-03-10T12:00:00Z');
const hoursAfter = (h: number) => new Date(AT.getTime() + h * 3_600_000).toISOString();

describe('a winner’s delays', () => {
  it('gives 48 hours to accept the mission', () => {
    expect(acceptanceDueAt(AT).toISOString()).toBe(hoursAfter(48));
  });

  it('delivers in 24 h with the express option, 48 h with the priority one, 7 days otherwise', () => {
    expect(deliveryDueAt(AT, [{ nom: 'Livraison express en 24 h' }]).toISOString()).toBe(hoursAfter(24));
    expect(deliveryDueAt(AT, [{ nom: '1 retouche supplémentaire' }, { nom: 'Livraison prioritaire en 48 h' }]).toISOString()).toBe(hoursAfter(48));
    expect(deliveryDueAt(AT, [{ nom: '3 retouches supplémentaires' }]).toISOString()).toBe(hoursAfter(7 * 24));
    expect(deliveryDueAt(AT, []).toISOString()).toBe(hoursAfter(7 * 24));
  });

  it('takes the fastest speed when both were stored', () => {
    expect(deliverySpeed([{ nom: 'Livraison prioritaire en 48 h' }, { nom: 'Livraison express en 24 h' }])).toBe('express');
  });

  it('recognises every sub-category’s delivery options and nothing else', () => {
    const speeds = OPTIONS.map((o) => deliverySpeedOf(o.nom)).filter((s) => s !== null);
    const subCategories = new Set(OPTIONS.map((o) => o.idSubCategory)).size;
    expect(speeds.filter((s) => s === 'express')).toHaveLength(subCategories);
    expect(speeds.filter((s) => s === 'priority')).toHaveLength(subCategories);
  });

  it('counts the acceptance as overdue from its due time on, never without one', () => {
    expect(isAcceptanceOverdue(hoursAfter(0), AT)).toBe(true);
    expect(isAcceptanceOverdue(hoursAfter(1), AT)).toBe(false);
    expect(isAcceptanceOverdue(null, AT)).toBe(false);
  });
});
