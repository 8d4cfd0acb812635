/**
 * A time of day (« 14:05 »), in the browser's time zone. A page the server drew shows the
 * server's (decision 0014): as React takes it over it keeps that text instead of treating the
 * difference as a page drawn otherwise, which would make it throw away and build again the
 * whole part around it (a conversation's thread: some 600 ms on a slowed phone). The browser's
 * text replaces it as the takeover commits, before the next paint.
 */
import { useLayoutEffect, useRef } from 'react';
import { formatTime } from '@creadefi/domain';

export function TimeOfDay({ value, className }: { value: string; className?: string }) {
  const element = useRef<HTMLTimeElement>(null);
  const text = formatTime(value);
  useLayoutEffect(() => {
    if (element.current && element.current.textContent !== text) element.current.textContent = text;
  }, [text]);
  return (
    <time ref={element} className={className} dateTime={value} suppressHydrationWarning>
      {text}
    </time>
  );
}
