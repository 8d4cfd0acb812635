/** GET /user/get/statut and POST /user/add/statut/ (docs/architecture.md §10). */
import type { PublicUser, StatutDto, StatutInput } from '@creadefi/domain';
import { api } from '../../../api/client';

export const statutKey = ['user', 'statut'] as const;

export async function readStatut(signal?: AbortSignal): Promise<StatutDto | null> {
  const answer = await api.get<{ statut: StatutDto | null }>('/user/get/statut', signal);
  return answer.results?.statut ?? null;
}

export async function saveStatut(payload: StatutInput): Promise<{ message?: string; user?: PublicUser }> {
  const answer = await api.post<{ user: PublicUser }>('/user/add/statut/', payload);
  return { message: answer.message, user: answer.results?.user };
}
