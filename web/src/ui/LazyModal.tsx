/**
 * Mantine's Modal, mounted the first time it opens and then kept, for its closing transition
 * and the next opening. A closed Modal still mounts a portal that draws itself again at once
 * after its first commit: the page of proposals, with eight closed dialogs, spent about a
 * third of its start-up renders on them. On its first opening the dialog is drawn closed
 * once, then opened, so that it plays its opening transition like the following ones.
 *
 * Its code (the dialog, its scroll lock, its focus trap and the positioning they share with
 * menus: some 25 KB gzip) is not part of the page's first load either: it is fetched when the
 * browser is first idle, or at the first opening if that comes sooner.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ModalProps } from '@mantine/core';
import { loadWhenIdle } from './load-when-idle';

const loadModal = () => import('./modal-code');
const Modal = lazy(loadModal);

export function LazyModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  useEffect(() => loadWhenIdle(loadModal), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <OpenedOnceDrawn opened={opened} {...props} />
    </Suspense>
  );
}

/** Its effect runs once the dialog's code is there and the closed dialog is committed. */
function OpenedOnceDrawn({ opened, ...props }: ModalProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // Opened once the closed dialog has been committed, as Mantine's own transitions wait a frame.
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return <Modal opened={opened && ready} {...props} />;
}
