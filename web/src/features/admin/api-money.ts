/** The « Argent » tab's calls: the ledger check and balances, pay-outs to follow, promo codes. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminMoneyDto, AdminPayoutsPage, AdminPayoutStatus, CreatePromoCodeInput, PromoCodeDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { ADMIN_PAGE_SIZE } from './api';

const moneyKeys = {
  overview: ['admin', 'money'] as const,
  payouts: (status: AdminPayoutStatus, page: number) => ['admin', 'payouts', status, page] as const,
  promoCodes: ['admin', 'promo-codes'] as const,
};

export function useAdminMoney() {
  return useQuery({
    queryKey: moneyKeys.overview,
    queryFn: async ({ signal }) => (await api.get<AdminMoneyDto>('/admin/money', signal)).results!,
  });
}

export function useAdminPayouts(status: AdminPayoutStatus, page: number) {
  const query = new URLSearchParams({ status, page: String(page), pageSize: String(ADMIN_PAGE_SIZE) });
  return useQuery({
    queryKey: moneyKeys.payouts(status, page),
    queryFn: async ({ signal }) => (await api.get<AdminPayoutsPage>(`/admin/payouts?${query}`, signal)).results!,
    placeholderData: keepPreviousData,
  });
}

export function useRetryPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<never>(`/admin/payouts/${id}/retry`, { reason }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyError,
    // Paid, pending or refused again, the list, the balances and the journal have changed.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useAdminPromoCodes() {
  return useQuery({
    queryKey: moneyKeys.promoCodes,
    queryFn: async ({ signal }) => (await api.get<{ promoCodes: PromoCodeDto[] }>('/admin/promo-codes', signal)).results!.promoCodes,
  });
}

/** The form shows the server's refusals itself (code taken, date past): no banner for them. */
export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreatePromoCodeInput) => api.post<{ promoCode: PromoCodeDto }>('/admin/promo-codes', input),
    onSuccess: (answer) => notifySuccess(answer.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

export function useDisablePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api.post<{ promoCode: PromoCodeDto }>(`/admin/promo-codes/${id}/disable`, { reason }),
    onSuccess: (answer) => notifySuccess(answer.message),
    onError: notifyError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
