/**
 * Code fetched on demand (a dialog, the menu drawer, a dialog's form), loaded one way across
 * the app. Whether a dialog is open is state its page sets at the click; it never waits on the
 * code: the part is drawn in Suspense and appears once its code is there, however late it
 * arrives, and clicks made meanwhile only set that state again. A fetch that fails (a dropped
 * connection, a server too busy to answer) is tried again a few times; if it still fails, a
 * notice says so in French and offers to try again, rather than a button that does nothing.
 */
import { Component, lazy, Suspense, useState, type ComponentProps, type ComponentType, type JSX, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from '@mantine/core';
import { LAYOUT } from '@creadefi/domain';
import classes from './on-demand.module.css';

/** Pauses before each new try: a dropped request usually goes through a moment later. */
const RETRY_DELAYS_MS = [500, 2_000];

/** The code could not be fetched, after its tries. */
export class CodeLoadError extends Error {
  constructor(cause: unknown) {
    super('code not loaded', { cause });
    this.name = 'CodeLoadError';
  }
}

export interface OnDemandOptions {
  /** Shown while the code arrives; nothing by default (a dialog simply appears once ready). */
  fallback?: ReactNode;
  retryDelaysMs?: readonly number[];
}

export interface OnDemandComponent<P> {
  (props: P): ReactNode;
  /** Starts fetching the code, once; a failed fetch is started afresh on the next call. */
  preload(): Promise<unknown>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function withRetries<M>(load: () => Promise<M | undefined>, delays: readonly number[]): Promise<M> {
  for (let attempt = 0; ; attempt++) {
    try {
      // Vite gives nothing when a failed fetch made the page reload for a newer build (app/stale-build.ts).
      const module = await load();
      if (module) return module;
      throw new Error('empty module');
    } catch (error) {
      if (attempt >= delays.length) throw new CodeLoadError(error);
      await wait(delays[attempt]!);
    }
  }
}

/** A component drawn from code fetched the first time it is drawn (or preloaded). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props inferred
export function onDemand<C extends ComponentType<any>>(load: () => Promise<{ default: C }>, options: OnDemandOptions = {}): OnDemandComponent<ComponentProps<C> & JSX.IntrinsicAttributes> {
  type P = ComponentProps<C> & JSX.IntrinsicAttributes;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= withRetries(load, options.retryDelaysMs ?? RETRY_DELAYS_MS).then(
      (module) => module.default as ComponentType<P>,
      (error: unknown) => {
        // Not kept: the next drawing or preload fetches again (React.lazy keeps a failure for good).
        pending = null;
        Code = codeOf();
        throw error;
      },
    );
    return pending;
  };
  const codeOf = () => lazy(async () => ({ default: await preload() }));
  let Code = codeOf();
  function OnDemand(props: P) {
    // Drawn by the notice, so that trying again draws the loader made after the failure.
    return (
      <LoadFailureNotice
        draw={() => (
          <Suspense fallback={options.fallback ?? null}>
            <Code {...props} />
          </Suspense>
        )}
      />
    );
  }
  OnDemand.preload = preload;
  return OnDemand;
}

/** True from the first time `opened` is: a part drawn on demand then stays, for its closing transition and the next opening. */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

interface NoticeState {
  error: unknown;
}

/** Catches a fetch that failed for good; any other error goes on to the page's own boundary. */
class LoadFailureNotice extends Component<{ draw: () => ReactNode }, NoticeState> {
  override state: NoticeState = { error: null };

  static getDerivedStateFromError(error: unknown): NoticeState {
    return { error };
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.draw();
    if (!(error instanceof CodeLoadError)) throw error;
    // Above the page, wherever the part sits in it: the click that wanted it gets an answer.
    return createPortal(
      <div role="alert" className={classes.notice}>
        <p className={classes.text}>{LAYOUT.codeFailed}</p>
        <Button size="xs" color="orange" onClick={() => this.setState({ error: null })}>
          {LAYOUT.codeRetry}
        </Button>
      </div>,
      document.body,
    );
  }
}
