/**
 * Mounted once by the layout. The dialog itself (forms, validation, provider buttons) is
 * fetched when the browser is idle or when someone opens it, whichever comes first, so the
 * landing page's first load does not carry it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSignInModal } from './sign-in-modal-state';

const loadDialog = () => import('./SignInDialog');
const SignInDialog = lazy(loadDialog);

export function SignInModal() {
  const { opened } = useSignInModal();
  const [wanted, setWanted] = useState(opened);
  if (opened && !wanted) setWanted(true);

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void loadDialog());
    return () => cancel(handle);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog />
    </Suspense>
  );
}
