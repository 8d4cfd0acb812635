import { useEffect, useState } from 'react';

/** True while the page is scrolled further than `offset` pixels; read at most once per frame. */
export function useScrolledPast(offset: number): boolean {
  // Not scrolled at the first render, as a page drawn at build time is; the browser's own
  // position (a reload keeps it) is read right after.
  const [past, setPast] = useState(false);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setPast(window.scrollY > offset);
    };
    read();
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [offset]);
  return past;
}
