import { useEffect, useState, type RefObject } from 'react';
import { useHydrated } from '../hydration';

/**
 * True from the moment the element comes within `margin` of the viewport, and then for good.
 * Widgets below the fold load their code only then, which keeps the landing's first load small.
 * Without IntersectionObserver the answer is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  // Never near at the first render: a page drawn at build time (no observer there) shows the
  // same placeholders as the browser's first render, which takes that page over.
  const [near, setNear] = useState(false);
  const hydrated = useHydrated();
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near || (hydrated && typeof IntersectionObserver === 'undefined');
}
