/**
 * Mounted once by the layout. The dialog itself (forms, validation, provider buttons) is
 * fetched at the visitor's first gesture on the page (a move, a touch, a key) or when someone
 * opens it, whichever comes first: ready before a click on "Connexion" can land, yet never
 * competing with the page's own first load.
 */
import { useEffect } from 'react';
import { useSignInModal } from '../../app/sign-in-modal-state';
import { onDemand, useOpenedOnce } from '../../ui/on-demand';

const SignInDialog = onDemand(() => import('./SignInDialog'));

export function SignInModal() {
  const { opened } = useSignInModal();
  const wanted = useOpenedOnce(opened);

  useEffect(() => {
    const gestures = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
    const stop = () => gestures.forEach((name) => window.removeEventListener(name, load));
    const load = () => {
      stop();
      void SignInDialog.preload().catch(() => undefined);
    };
    gestures.forEach((name) => window.addEventListener(name, load, { passive: true }));
    return stop;
  }, []);

  if (!wanted) return null;
  return <SignInDialog />;
}
