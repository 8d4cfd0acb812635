/** GET /user/finish/tutorial (spec 1 §7): the first-visit tutorial is not shown again. */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../api/client';

const finishTutorial = () => api.get<never>('/user/finish/tutorial');

export function useFinishTutorial() {
  return useMutation({ mutationFn: finishTutorial });
}
