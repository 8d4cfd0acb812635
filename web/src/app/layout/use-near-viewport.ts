import { useEffect, useState, type RefObject } from 'react';

/**
 * True from the moment the element comes within `margin` of the viewport, and then for good.
 * Widgets below the fold load their code only then, which keeps the landing's first load small.
 * Without IntersectionObserver the answer is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
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
  return near;
}
