/**
 * The wizard's draft travels in the navigation state from step to step (docs/product.md §11: steps 2
 * to 5 go back to step 1 when it is missing). Nothing is stored elsewhere, so the browser's
 * back button, a reload and the wizard's own Back buttons all see the same draft.
 */
import { useLocation } from 'react-router';
import { contestFormatOf, formatsPriceCents, minimumCostCents, type BriefInput, type ContestFormat, type CreateContestInput, type OptionDto, type PayInCreated, type PromoCheck, type SubCategoryDto } from '@creadefi/domain';
import { paths } from '../../app/paths';

export type WizardStep = 1 | 2 | 3 | 4 | 5;

export interface WizardDraft {
  subCategory: SubCategoryDto;
  brief?: BriefInput;
  /** Ids of the chosen paid options (step 3). */
  optionIds?: number[];
  /** The contest's formats (step 3): private, open, final round; public and blind when left out. */
  format?: Partial<ContestFormat>;
  /** Contest cost in cents (step 4). */
  cost?: number;
  cguAccepted?: boolean;
  cardType?: string;
  /** The promo code applied at step 5 (only an applied code is sent). */
  promoCode?: string;
  /** What the server said that code gives; good while `cost` is the one it was checked for. */
  promo?: PromoCheck;
  /**
   * The contest already created from this draft, with the payload it was created from: a
   * retry of the payment reuses it instead of creating a second contest, unless the draft
   * changed since.
   */
  created?: { id: number; key: string };
  /**
   * The creation sent for a payload, whose answer may never have come: sent again with the
   * same idempotency key, it gets the contest the first one made.
   */
  creating?: { key: string; idempotencyKey: string };
  /** The pay-in opened in another tab: the page shows the waiting panel after a reload too. */
  payment?: PayInCreated;
}

export interface WizardState {
  draft?: WizardDraft;
  /** Category tab to open on step 1 (a "Organiser un concours" link may preselect one). */
  idCategory?: number;
  /** Step 5: the browser refused to open the payment tab, so the page offers a link instead. */
  tabBlocked?: boolean;
}

export const stepPath = (step: WizardStep) => paths.createContest(step);

/** What a step needs from the previous ones before it can be shown. */
function isReadyFor(step: WizardStep, draft: WizardDraft | undefined): draft is WizardDraft {
  if (step === 1) return true;
  if (!draft?.subCategory) return false;
  if (step >= 3 && !draft.brief) return false;
  if (step >= 4 && !draft.optionIds) return false;
  if (step >= 5 && (draft.cost === undefined || !draft.cguAccepted)) return false;
  return true;
}

export function useWizardState(): WizardState {
  const { state } = useLocation();
  return (state as WizardState | null) ?? {};
}

/** The draft when this step may be shown, else null (the page then goes back to step 1). */
export function useDraftFor(step: WizardStep): WizardDraft | null {
  const { draft } = useWizardState();
  return isReadyFor(step, draft) ? draft : null;
}

export function paidOptions(sub: SubCategoryDto): OptionDto[] {
  return sub.options.filter((o) => o.isPayant);
}

export function chosenOptions(draft: WizardDraft): OptionDto[] {
  const ids = new Set(draft.optionIds ?? []);
  return paidOptions(draft.subCategory).filter((o) => ids.has(o.id));
}

/** Domain's running minimum over the DTO's options (whose price field is `prix`), with the paid formats. */
export function minimumFor(sub: SubCategoryDto, selected: readonly OptionDto[], format: Partial<ContestFormat> = {}): number {
  return (
    minimumCostCents(
      sub.price,
      selected.map((o) => ({ prixCents: o.prix })),
    ) + formatsPriceCents(contestFormatOf(format))
  );
}

export function createPayload(draft: WizardDraft): CreateContestInput {
  return {
    ...draft.brief!,
    idSubCategory: draft.subCategory.id,
    cost: draft.cost!,
    arrayOptions: draft.optionIds ?? [],
    step: 5,
    promoCode: draft.promoCode?.trim() || undefined,
    ...contestFormatOf(draft.format ?? {}),
  };
}

/** Identifies a creation payload, so a contest created from it is reused only while nothing changed. */
export function payloadKey(payload: CreateContestInput): string {
  return JSON.stringify(payload);
}
