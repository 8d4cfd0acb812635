/**
 * The auth calls of docs/architecture.md §10, one function each, typed with the payloads that
 * domain/ validates on both sides.
 */
import type { LoginInput, RegisterInput, SessionResults } from '@creadefi/domain';
import { api } from '../../api/client';

export const login = (body: LoginInput) => api.post<SessionResults>('/auth/login', body);

export const loginWithGoogle = (tokenId: string) => api.post<SessionResults>('/auth/login/google', { tokenId });

export const loginWithFacebook = (accessToken: string, userID: string) => api.post<SessionResults>('/auth/login/facebook', { accessToken, userID });

export const register = (body: RegisterInput) => api.post<{ userId: number }>('/auth/register', body);

export const confirmEmail = (emailToken: string) => api.get<{ alreadyVerified: boolean }>(`/auth/confirmation/${encodeURIComponent(emailToken)}`);

/** The old address's link: restores it and ends every session of the account. */
export const undoEmailChange = (emailToken: string) => api.post<never>(`/auth/email-change/undo/${encodeURIComponent(emailToken)}`, {});

export const resendVerification = (email: string) => api.post<never>('/auth/verification/resend', { email });

export const requestPasswordReset = (email: string) => api.post<never>('/auth/pswd/lost', { email });

export const recoverPassword = (emailToken: string, body: { newPassword: string; confirmPassword: string }) =>
  api.post<never>(`/auth/pswd/recover/${encodeURIComponent(emailToken)}`, body);
