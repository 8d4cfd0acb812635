/**
 * Mantine's Modal, mounted the first time it opens and then kept, for its closing transition
 * and the next opening. A closed Modal still mounts a portal that draws itself again at once
 * after its first commit: the page of proposals, with eight closed dialogs, spent about a
 * third of its start-up renders on them. On its first opening the dialog is drawn closed
 * once, then opened, so that it plays its opening transition like the following ones
 * (modal-code.tsx).
 *
 * Its code (the dialog, its scroll lock, its focus trap and the positioning they share with
 * menus: some 25 KB gzip) is not part of the page's first load either: it is fetched when the
 * browser is first idle, or at the first opening if that comes sooner (ui/on-demand.tsx: a
 * click before it arrives opens the dialog when it does).
 */
import { useEffect } from 'react';
import type { ModalProps } from '@mantine/core';
import { loadWhenIdle } from './load-when-idle';
import { onDemand, useOpenedOnce } from './on-demand';

const Modal = onDemand(() => import('./modal-code'));

export function LazyModal({ opened, ...props }: ModalProps) {
  const mounted = useOpenedOnce(opened);
  useEffect(() => loadWhenIdle(Modal.preload), []);
  if (!mounted) return null;
  return <Modal opened={opened} {...props} />;
}
