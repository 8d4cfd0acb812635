import { useEffect, useState } from 'react';

/** True while the page is scrolled further than `offset` pixels; read at most once per frame. */
export function useScrolledPast(offset: number): boolean {
  const [past, setPast] = useState(() => typeof window !== 'undefined' && window.scrollY > offset);
  useEffect(() => {
    let frame = 0;
    const read = () => {
      frame = 0;
      setPast(window.scrollY > offset);
    };
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
