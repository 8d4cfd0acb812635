import { describe, expect, it } from 'vitest';
import { exclusiveFamily, isValidOptionSelection, minimumCostCents, toggleOption } from './options';

const opt = (id: number, nom: string, prixCents = 1000) => ({ id, nom, prixCents });

describe('step 3 options (docs/product.md §3)', () => {
  it('recognises the two exclusive families by name', () => {
    expect(exclusiveFamily('3 retouches supplémentaires')).toBe('retouche');
    expect(exclusiveFamily('Livraison express en 24 h')).toBe('livraison');
    expect(exclusiveFamily('Déclinaison noir et blanc')).toBeNull();
  });

  it('toggles an option on and off', () => {
    const a = opt(1, 'Déclinaison noir et blanc');
    expect(toggleOption([], a)).toEqual([a]);
    expect(toggleOption([a], a)).toEqual([]);
  });

  it('drops the previous retouche when another is chosen, and its price with it', () => {
    const one = opt(1, '1 retouche supplémentaire', 2400);
    const three = opt(2, '3 retouches supplémentaires', 4800);
    const express = opt(3, 'Livraison express en 24 h', 4800);
    let selected = toggleOption(toggleOption([], one), express);
    selected = toggleOption(selected, three);
    expect(selected.map((o) => o.id)).toEqual([3, 2]);
    expect(minimumCostCents(24000, selected)).toBe(24000 + 4800 + 4800);
    expect(isValidOptionSelection(selected)).toBe(true);
    expect(isValidOptionSelection([one, three])).toBe(false);
  });

  it('starts the running minimum at the sub-category price', () => {
    expect(minimumCostCents(24000, [])).toBe(24000);
  });
});
