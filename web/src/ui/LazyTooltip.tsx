/**
 * A tooltip that costs nothing until it is wanted. Mantine's tooltip sets up its positioning
 * (floating-ui), its hooks and its listeners for every button it wraps, shown or not; the
 * proposals page carries some sixty of them, and drawing them took a large part of the page's
 * main-thread work on a phone, where no pointer ever hovers. Here the button is drawn alone, and
 * the tooltip is mounted beside it, anchored to it, the first time a mouse reaches it or the
 * keyboard focuses it; Escape closes it (WCAG 1.4.13). Its code, positioning included, is
 * fetched when the browser is first idle, or at that first hover if it comes sooner.
 */
import type { TooltipProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactElement, type Ref } from 'react';
import { loadWhenIdle } from './load-when-idle';

const loadTooltip = () => import('./tooltip-code');
const Tooltip = lazy(loadTooltip);

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
}

export type LazyTooltipProps = Omit<TooltipProps, 'children' | 'target' | 'opened' | 'defaultOpened'> & { children: ReactElement<TargetProps> };

/** A focus the keyboard gave, the only one a tooltip shows on (as Mantine's does). */
function focusedByKeyboard(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

export function LazyTooltip({ children, disabled, ...tooltip }: LazyTooltipProps) {
  const target = useRef<HTMLElement>(null);
  // null until first wanted: no tooltip is mounted before.
  const [opened, setOpened] = useState<boolean | null>(null);
  const own = children.props;
  const ref = useMergedRef(target, own.ref);
  const close = () => setOpened((was) => (was === null ? null : false));
  useEffect(() => loadWhenIdle(loadTooltip), []);
  const child = cloneElement(children, {
    ref,
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'mouse') setOpened(true);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      close();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (focusedByKeyboard(event.currentTarget)) setOpened(true);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      close();
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (event.key === 'Escape') close();
    },
  });
  return (
    <>
      {child}
      {opened !== null && !disabled && (
        <Suspense fallback={null}>
          <Tooltip {...tooltip} target={target} opened={opened} />
        </Suspense>
      )}
    </>
  );
}
