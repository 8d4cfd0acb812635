/**
 * The talent's side of a contest (docs/architecture.md §10): their own participation, creating it, and
 * sending its proposal files one by one with progress.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ParticipationDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { FRESH_MS } from '../../api/contest';
import { uploadForm, type UploadProgress } from '../../api/upload';

export const participationKeys = {
  all: ['participations'] as const,
  mine: (idConcours: number) => ['participations', 'mine', idConcours] as const,
};

async function readMyParticipation(idConcours: number, signal?: AbortSignal): Promise<ParticipationDto | null> {
  const answer = await api.get<{ participation: ParticipationDto | null }>(`/concours/${idConcours}/ma-participation`, signal);
  return answer.results?.participation ?? null;
}

export const myParticipationQuery = (idConcours: number) =>
  queryOptions({
    queryKey: participationKeys.mine(idConcours),
    queryFn: ({ signal }) => readMyParticipation(idConcours, signal),
    retry: false,
    // The page that mounts just after its route read it takes it as it is; every change invalidates it.
    staleTime: FRESH_MS,
  });

export function useMyParticipation(idConcours: number, enabled = true) {
  return useQuery({ ...myParticipationQuery(idConcours), enabled: enabled && Number.isInteger(idConcours) && idConcours > 0 });
}

/** POST /concours/add/participation: `commitment` is the ticked box of the first dialog. */
export async function addParticipation(idConcours: number, inputText?: string): Promise<{ message?: string; id: number }> {
  const body: Record<string, unknown> = { idConcours, commitment: true };
  if (inputText !== undefined) body.inputText = inputText;
  const answer = await api.post<{ participation: { id: number } }>('/concours/add/participation', body);
  return { message: answer.message, id: answer.results!.participation.id };
}

/** POST /participation/addFile/{id}: the contest id goes first so the server knows the rules before the bytes. */
export async function uploadProposalFile(idParticipation: number, idConcours: number, file: File, options: { onProgress?: (p: UploadProgress) => void; signal?: AbortSignal }) {
  const form = new FormData();
  form.append('idConcours', String(idConcours));
  form.append('fileParticipation', file, file.name);
  const answer = await uploadForm(`/participation/addFile/${idParticipation}`, form, options);
  return answer.message;
}
