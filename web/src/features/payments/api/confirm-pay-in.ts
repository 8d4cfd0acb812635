/**
 * GET /payment/confirmation/web/payin (docs/architecture.md §10): the provider sends the organiser back with
 * the contest and transaction ids; the server asks the provider for the outcome (docs/architecture.md §3)
 * and answers 200, or 402 declined, 409 still pending, 403, 404, 400.
 */
import { useQuery } from '@tanstack/react-query';
import type { PayInConfirmed } from '@creadefi/domain';
import { api } from '../../../api/client';

export interface PayInConfirmation extends PayInConfirmed {
  message: string | undefined;
}

async function confirmPayIn(idConcours: number, transactionId: string): Promise<PayInConfirmation> {
  const query = new URLSearchParams({ idConcours: String(idConcours), transactionId });
  const answer = await api.get<PayInConfirmed>(`/payment/confirmation/web/payin?${query}`);
  return { message: answer.message, idConcours: answer.results?.idConcours ?? idConcours, purpose: answer.results?.purpose ?? 'contest', finalised: answer.results?.finalised ?? false };
}

export function usePayInConfirmation(idConcours: number, transactionId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'confirmation', idConcours, transactionId],
    // No abort signal on purpose: StrictMode unmounts and remounts at once, and an aborted
    // first call would be sent again. One call per page load; "Réessayer" asks explicitly.
    queryFn: () => confirmPayIn(idConcours, transactionId),
    enabled,
    retry: false,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}
