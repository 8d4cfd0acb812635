/** GET /user/concours/{organisateur|participant} (docs/product.md §11): the two tables of My contests, 5 rows a page, paged on the server. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CONTEST_STATUS, type MyContestsPage, type PaymentDue } from '@creadefi/domain';
import { api } from '../../api/client';
import { paymentWatch } from '../../api/payment-watch';

export type MyContestsRole = 'organisateur' | 'participant';
export const MY_CONTESTS_PAGE_SIZE = 5;

export const myContestsKeys = {
  all: ['my-contests'] as const,
  page: (role: MyContestsRole, page: number) => ['my-contests', role, page] as const,
};

async function readMyContests(role: MyContestsRole, page: number, signal?: AbortSignal): Promise<MyContestsPage> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(MY_CONTESTS_PAGE_SIZE) });
  const answer = await api.get<MyContestsPage>(`/user/concours/${role}?${query}`, signal);
  return answer.results ?? { rows: [], page, pageSize: MY_CONTESTS_PAGE_SIZE, total: 0 };
}

/**
 * `awaitingPayment`: a contest whose payment was opened from this page; its row is asked for
 * again until the payment made in the provider's tab shows.
 */
export function useMyContests(role: MyContestsRole, page: number, awaitingPayment: number | null = null) {
  const paid = (data: MyContestsPage | undefined) => awaitingPayment === null || data?.rows.find((row) => row.id === awaitingPayment)?.status !== CONTEST_STATUS.awaitingPayment;
  return useQuery({
    queryKey: myContestsKeys.page(role, page),
    queryFn: ({ signal }) => readMyContests(role, page, signal),
    ...(awaitingPayment === null ? {} : paymentWatch(paid)),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === role ? keepPreviousData(previous) : undefined),
  });
}

export const paymentDueKey = (idConcours: number) => ['payment-due', idConcours] as const;

/** What paying this contest asks now, discount included, as the server computes it. */
export async function readPaymentDue(idConcours: number, signal?: AbortSignal): Promise<PaymentDue> {
  const answer = await api.get<{ due: PaymentDue }>(`/payment/due?idConcours=${idConcours}`, signal);
  return answer.results!.due;
}
