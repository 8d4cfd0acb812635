import { useEffect, useState } from 'react';
import { afterNextFrame } from '../../ui/after-next-frame';

/** True while the page is scrolled further than `offset` pixels; read at most once per frame. */
export function useScrolledPast(offset: number): boolean {
  // Not scrolled at the first render, as a page drawn at build time is. The browser's own
  // position (a reload keeps it) is read once the next frame is drawn (afterNextFrame).
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setPast(window.scrollY > offset);
    };
    const cancelFirstRead = afterNextFrame(read);
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelFirstRead();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [offset]);
  return past;
}
