/** The contest formats' calls of the details page: accepting a private contest's agreement, an open contest's previews. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContestDto, GalleryDto } from '@creadefi/domain';
import { api } from '../../api/client';
import { contestDetailKey } from '../../api/contest';
import { notifyError, notifySuccess } from '../../ui/feedback';

/** POST /concours/{id}/nda: the answer is the contest with its brief, shown at once. */
export function useAcceptNda(idConcours: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ concours: ContestDto }>(`/concours/${idConcours}/nda`),
    onSuccess: (answer) => {
      queryClient.setQueryData(contestDetailKey(idConcours), answer.results!.concours);
      notifySuccess(answer.message);
    },
    onError: notifyError,
  });
}

export function useGallery(idConcours: number, enabled: boolean) {
  return useQuery({
    queryKey: ['gallery', idConcours] as const,
    queryFn: async ({ signal }) => (await api.get<GalleryDto>(`/concours/${idConcours}/galerie?pageSize=48`, signal)).results!,
    enabled,
    retry: false,
  });
}
