/**
 * One colour and one pictogram per category, so that a card's family reads at a glance
 * in a grid of mixed contests. Colours are theme keys; the brand pair stays for actions.
 */
import { IconBriefcase, IconDeviceDesktop, IconHash, IconHeadphones, IconMovie, IconPalette, IconPencil, type Icon } from '@tabler/icons-react';

export interface CategoryStyle {
  color: string;
  /** Solid tone of the accent, for borders and text. */
  accent: string;
  /** Pale tone, for the header band. */
  tint: string;
  icon: Icon;
}

const STYLES: Record<number, CategoryStyle> = {
  1: { color: 'orange', accent: '#fd7f55', tint: '#fff1ec', icon: IconPalette },
  2: { color: 'indigo', accent: '#4c6ef5', tint: '#edf2ff', icon: IconDeviceDesktop },
  3: { color: 'pink', accent: '#fc5165', tint: '#ffeef0', icon: IconHash },
  4: { color: 'teal', accent: '#12b886', tint: '#e6fcf5', icon: IconBriefcase },
  5: { color: 'grape', accent: '#be4bdb', tint: '#f8f0fc', icon: IconPencil },
  6: { color: 'violet', accent: '#7950f2', tint: '#f3f0ff', icon: IconMovie },
  7: { color: 'cyan', accent: '#15aabf', tint: '#e3fafc', icon: IconHeadphones },
};

export function categoryStyle(idCategory: number): CategoryStyle {
  return STYLES[idCategory] ?? STYLES[1]!;
}
