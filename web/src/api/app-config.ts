import { useQuery } from '@tanstack/react-query';
import { api } from './client';

export interface AppConfig {
  googleClientId: string | null;
  facebookAppId: string | null;
  paymentProvider: 'sandbox' | 'mangopay';
  devOutbox: boolean;
}

/** What the server enables (sign-in providers, dev outbox); fetched once per page load. */
export function useAppConfig() {
  return useQuery({
    queryKey: ['app-config'],
    staleTime: Infinity,
    queryFn: async ({ signal }) => (await api.get<AppConfig>('/config', signal)).results!,
  });
}
