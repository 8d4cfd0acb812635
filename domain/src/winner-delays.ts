/**
 * A finalised winner's two delays (docs/product.md §4): 48 hours to accept the mission, then
 * the delivery delay the organiser paid for — 24 hours with the express option, 48 hours with
 * the priority one, a week otherwise — to send the final files.
 */
import { MISSION_ACCEPTANCE_DELAY_MS } from './contest-status';
import { DAY_MS, HOUR_MS } from './durations';

export type DeliverySpeed = 'express' | 'priority' | 'standard';

export const DELIVERY_DELAY_MS: Readonly<Record<DeliverySpeed, number>> = {
  express: 24 * HOUR_MS,
  priority: 48 * HOUR_MS,
  standard: 7 * DAY_MS,
};

/**
 * The speed an option buys, read from its name as the exclusive families are
 * (`exclusiveFamily`): « Livraison express en 24 h », « Livraison prioritaire en 48 h ».
 */
export function deliverySpeedOf(nom: string): DeliverySpeed | null {
  const n = nom.toLowerCase();
  if (!n.includes('livr')) return null;
  if (n.includes('express')) return 'express';
  if (n.includes('priorit')) return 'priority';
  return null;
}

/** The contest's delivery speed from its options: the fastest one chosen (only one may be, but a faster one wins). */
export function deliverySpeed(options: readonly { nom: string }[]): DeliverySpeed {
  const speeds = options.map((o) => deliverySpeedOf(o.nom));
  if (speeds.includes('express')) return 'express';
  if (speeds.includes('priority')) return 'priority';
  return 'standard';
}

/** Until when a winner chosen (or finalised) at `from` may accept the mission. */
export function acceptanceDueAt(from: Date): Date {
  return new Date(from.getTime() + MISSION_ACCEPTANCE_DELAY_MS);
}

/** Until when a winner who accepted at `acceptedAt` delivers the final files. */
export function deliveryDueAt(acceptedAt: Date, options: readonly { nom: string }[]): Date {
  return new Date(acceptedAt.getTime() + DELIVERY_DELAY_MS[deliverySpeed(options)]);
}

/** The acceptance delay has passed (a winner finalised before these delays existed has none, so never). */
export function isAcceptanceOverdue(due: Date | string | null, now: Date): boolean {
  return due !== null && new Date(due).getTime() <= now.getTime();
}
