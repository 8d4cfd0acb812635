/** POST /payment/create/web/payin (docs/architecture.md §10): a new pay-in after a declined one. */
import { useMutation } from '@tanstack/react-query';
import type { PayInCreated } from '@creadefi/domain';
import { api } from '../../../api/client';

const createPayIn = (body: { idConcours: number; cardType: string }) => api.post<PayInCreated>('/payment/create/web/payin', body);

export function useCreatePayIn() {
  return useMutation({ mutationFn: createPayIn });
}
