/**
 * Mounted once by the layout. The dialog itself (forms, validation, provider buttons) is
 * fetched at the visitor's first gesture on the page (a move, a touch, a key) or when someone
 * opens it, whichever comes first: ready before a click on "Connexion" can land, yet never
 * competing with the page's own first load.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSignInModal } from '../../app/sign-in-modal-state';

const loadDialog = () => import('./SignInDialog');
const SignInDialog = lazy(loadDialog);

export function SignInModal() {
  const { opened } = useSignInModal();
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);

  useEffect(() => {
    const gestures = ['pointermove', 'pointerdown', 'touchstart', 'keydown'] as const;
    const stop = () => gestures.forEach((name) => window.removeEventListener(name, load));
    const load = () => {
      stop();
      void loadDialog();
    };
    gestures.forEach((name) => window.addEventListener(name, load, { passive: true }));
    return stop;
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}
