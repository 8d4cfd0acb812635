/** GET /user/finish/tutorial (docs/architecture.md §10): the first-visit tutorial is not shown again. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

const finishTutorial = () => api.get<never>('/user/finish/tutorial');

export function useFinishTutorial() {
  return useMutation({ mutationFn: finishTutorial });
}
