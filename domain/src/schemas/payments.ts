import { z } from 'zod';
import '../validation';
import { PAYMENTS } from '../messages/contests';
import { promoValidUntilSchema } from './dates';

/** POST /payment/create/web/payin. The server decides what is due (creation or extra prizes). */
export const createPayInSchema = z.object({
  idConcours: z.coerce.number().int().positive().max(2_147_483_647),
  cardType: z.string().trim().min(1).max(40),
});

/** GET /payment/confirmation/web/payin?idConcours=&transactionId= */
export const confirmPayInQuery = z.object({
  idConcours: z.coerce.number().int().positive().max(2_147_483_647),
  transactionId: z.string().trim().min(1).max(100),
});

export interface PayInCreated {
  redirectUrl: string;
  idConcours: number;
  transactionId: string;
  /** cents */
  amount: number;
  purpose: PayInPurpose;
  /** Number of prizes the pay-in covers. */
  prizes: number;
  /** Promo discount taken off this pay-in, cents (0 when none). */
  discount: number;
}

/** What a pay-in covers: the creation payment (one prize) or extra prizes before finalising (docs/product.md §3). */
export type PayInPurpose = 'contest' | 'extra_prizes';

/** GET /payment/confirmation/web/payin → results */
export interface PayInConfirmed {
  idConcours: number;
  purpose: PayInPurpose;
  /** Extra prizes: the contest is finalised (every winner's prize is paid). */
  finalised: boolean;
}

const contestId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * POST /concours/promo/check: a code tried against a price, either the wizard's (`cost`,
 * before the contest exists) or that of an unpaid contest (`idConcours`). A preview: it
 * reserves nothing.
 */
export const checkPromoCodeSchema = z
  .object({
    code: z.string().trim().min(1).max(40),
    cost: z.coerce.number().int().positive().max(100_000_000).optional(),
    idConcours: contestId.optional(),
  })
  .refine((v) => (v.cost === undefined) !== (v.idConcours === undefined), { message: PAYMENTS.promoCheckTarget, path: ['cost'] });
export type CheckPromoCodeInput = z.infer<typeof checkPromoCodeSchema>;

/** POST /concours/promo/check → results.promo. Cents. */
export interface PromoCheck {
  code: string;
  /** The price before the discount. */
  cost: number;
  discount: number;
  /** What the creation payment will ask: `cost - discount`. */
  amount: number;
}

/** GET /payment/due?idConcours= */
export const paymentDueQuery = z.object({ idConcours: contestId });

/** GET /payment/due → results.due: what opening a pay-in would ask now. Cents. */
export interface PaymentDue {
  idConcours: number;
  purpose: PayInPurpose;
  prizes: number;
  /** The prizes' price before any discount. */
  fullAmount: number;
  discount: number;
  amount: number;
  /** The code the contest carries, if any. */
  promoCode: string | null;
  /** The contest carries a code that no longer applies: the full price is asked. */
  promoLapsed: boolean;
}

/** The smallest card payment taken: a promo code never brings a payment below it. */
export const MIN_CARD_PAYMENT_CENTS = 100;

/** Promo codes (docs/decisions/0006): what one takes off a prize of `costCents`. */
export function promoDiscountCents(costCents: number, promo: { percentOff: number | null; amountOffCents: number | null }): number {
  const raw = promo.percentOff ? Math.floor((costCents * promo.percentOff) / 100) : (promo.amountOffCents ?? 0);
  return Math.max(0, Math.min(raw, costCents - MIN_CARD_PAYMENT_CENTS));
}

export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{3,40}$/;

/** Codes are compared in capitals: "bienvenue" and "BIENVENUE" are the same code. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

/** POST /admin/promo-codes: exactly one of percentOff and amountOffCents. */
export const createPromoCodeSchema = z
  .object({
    code: z.string({ error: PAYMENTS.promoCodeFormat }).transform(normalisePromoCode).pipe(z.string().regex(PROMO_CODE_PATTERN, PAYMENTS.promoCodeFormat)),
    percentOff: z.coerce.number().int().min(1).max(100).optional().nullable(),
    amountOffCents: z.coerce.number().int().min(1).max(100_000_000).optional().nullable(),
    validUntil: promoValidUntilSchema.optional().nullable(),
    maxUses: z.coerce.number().int().min(1).max(1_000_000).optional().nullable(),
  })
  .refine((v) => Boolean(v.percentOff) !== Boolean(v.amountOffCents), { message: PAYMENTS.promoDiscountRequired, path: ['percentOff'] });
export type CreatePromoCodeInput = z.infer<typeof createPromoCodeSchema>;

export interface PromoCodeDto {
  id: number;
  code: string;
  percentOff: number | null;
  /** cents */
  amountOffCents: number | null;
  validUntil: string | null;
  maxUses: number | null;
  /** Successful payments that used the code. */
  uses: number;
  createdAt: string;
  /** Set when an admin disabled the code. */
  disabledAt: string | null;
  state: PromoCodeState;
}

/** Whether a code can be typed now, and why not. */
export type PromoCodeState = 'usable' | 'notYet' | 'expired' | 'usedUp' | 'disabled';
