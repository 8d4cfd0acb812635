/** Profile and wallet calls (docs/product.md §9 and §11; docs/architecture.md §10): profile update, reset link, wallet, bank details, pay-out. */
import { useQuery } from '@tanstack/react-query';
import type { PublicUser, WalletDto } from '@creadefi/domain';
import { api } from '../../api/client';

export const walletKey = ['wallet'] as const;

export interface ProfileInput {
  firstName?: string | null;
  lastName?: string | null;
  pseudo: string;
  email: string;
  phone?: string | null;
  socialReason?: string | null;
}

export const updateProfile = (input: ProfileInput) => api.post<{ user: PublicUser }>('/user/update', input);

/** The profile's "Réinitialiser" sends the usual reset link to the account's own address (docs/product.md §9). */
export const sendResetLink = (email: string) => api.post<never>('/auth/pswd/lost', { email });

async function readWallet(signal?: AbortSignal): Promise<WalletDto> {
  return (await api.get<WalletDto>('/wallet', signal)).results!;
}

export function useWallet() {
  return useQuery({ queryKey: walletKey, queryFn: ({ signal }) => readWallet(signal) });
}

export const saveBankDetails = (input: { name: string; iban: string }) => api.post<{ bankAccount: WalletDto['bankAccount'] }>('/user/bank-details', input);

/** The key makes a repeated confirmation one pay-out, whatever reaches the server. */
export const requestTransfer = (idempotencyKey: string) => api.post<{ payout: unknown }>('/wallet/transfer', { idempotencyKey });
