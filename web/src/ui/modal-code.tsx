// Mantine's dialog, with its scroll lock and focus trap: fetched when a page first needs a dialog.
import { useEffect, useState } from 'react';
import { Modal, type ModalProps } from '@mantine/core';

/** How long a dialog waits for a frame before opening without one. */
const FRAME_WAIT_MS = 100;

/**
 * Drawn closed once, then opened, so that its first opening plays the transition like the
 * following ones. It opens at the next frame, as Mantine's transitions wait one, or after a
 * short wait in a tab that draws no frame (hidden, or too busy to paint): it never stays shut.
 */
export default function ModalOpenedOnceDrawn({ opened, ...props }: ModalProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const open = () => setReady(true);
    const frame = requestAnimationFrame(open);
    const timer = setTimeout(open, FRAME_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return <Modal opened={opened && ready} {...props} />;
}
