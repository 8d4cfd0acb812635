/**
 * Mantine's Modal, mounted the first time it opens and then kept, for its closing transition
 * and the next opening. A closed Modal still mounts a portal that draws itself again at once
 * after its first commit: the page of proposals, with eight closed dialogs, spent about a
 * third of its start-up renders on them. On its first opening the dialog is drawn closed
 * once, then opened, so that it plays its opening transition like the following ones.
 */
import { useEffect, useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

export function LazyModal({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(opened);
  if (opened && !mounted) setMounted(true);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!mounted) return;
    // Opened once the closed dialog has been committed, as Mantine's own transitions wait a frame.
    const frame = requestAnimationFrame(() => setReady(true));
    return () => cancelAnimationFrame(frame);
  }, [mounted]);
  if (!mounted) return null;
  return <Modal opened={opened && ready} {...props} />;
}
