/** The calls of the creation flow (docs/architecture.md §10); money travels as integer cents. */
import type { ContestDto, CreateContestInput, PayInCreated, PromoCheck, SubCategoryDto } from '@creadefi/domain';
import { api } from '../../api/client';

export const subCategoryKey = (id: number) => ['subcategory', id] as const;

export async function readSubCategory(id: number, signal?: AbortSignal): Promise<SubCategoryDto> {
  const answer = await api.get<{ subCategories: SubCategoryDto }>(`/subcategory/read/${id}`, signal);
  return answer.results!.subCategories;
}

export async function createContest(payload: CreateContestInput): Promise<{ message?: string; contest: ContestDto }> {
  const answer = await api.post<{ newConcours: ContestDto }>('/concours/create', payload);
  return { message: answer.message, contest: answer.results!.newConcours };
}

export async function createPayIn(idConcours: number, cardType: string): Promise<{ message?: string; payIn: PayInCreated }> {
  const answer = await api.post<PayInCreated>('/payment/create/web/payin', { idConcours, cardType });
  return { message: answer.message, payIn: answer.results! };
}

/** The price a promo code gives this draft's cost; reserves nothing. */
export async function checkPromoCode(code: string, cost: number): Promise<PromoCheck> {
  const answer = await api.post<{ promo: PromoCheck }>('/concours/promo/check', { code, cost });
  return answer.results!.promo;
}
