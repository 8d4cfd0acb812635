/**
 * A page drawn before its code (at build time, or by the server for a member) shows its buttons
 * at once, but they answer only once the app has taken the page over, a second later on a slow
 * phone. A tap in that second would be lost, and a form sent then would reload the page with its
 * fields in the address. So the entry holds, from its first instant, the last tap on a control of
 * the drawn page and keeps the browser from acting on it; the app gives that tap to the same
 * control once its handlers are attached. One tap only: two taps on « Valider » while the page
 * was waiting mean one validation.
 *
 * Links are left alone: they work without the app.
 */

const CONTROLS = 'button, [role="button"], label, input[type="checkbox"], input[type="radio"], input[type="submit"]';

export interface EarlyClicks {
  /** Stops holding taps and, if one was held, gives it to its control, if the page still shows it. */
  release(): void;
}

let current: EarlyClicks | null = null;

/** Holds the drawn page's taps until {@link releaseEarlyClicks} (the entry calls it). */
export function holdEarlyClicksOn(root: HTMLElement): void {
  current?.release();
  current = holdEarlyClicks(root);
}

/** The app is on the page: the held tap, if any, goes to its control. */
export function releaseEarlyClicks(): void {
  current?.release();
  current = null;
}

export function holdEarlyClicks(root: HTMLElement): EarlyClicks {
  let held: HTMLElement | null = null;
  let released = false;
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('a[href]')) return;
    const control = target.closest<HTMLElement>(CONTROLS);
    if (!control || !root.contains(control)) return;
    // The browser's own answer (sending a form, ticking a box) would run ahead of the app's.
    event.preventDefault();
    held = control;
  };
  const onSubmit = (event: SubmitEvent) => event.preventDefault();
  root.addEventListener('click', onClick, true);
  root.addEventListener('submit', onSubmit, true);
  return {
    release() {
      if (released) return;
      released = true;
      root.removeEventListener('click', onClick, true);
      root.removeEventListener('submit', onSubmit, true);
      const control = held;
      held = null;
      if (control) giveWhenAnswered(control, Date.now() + GIVE_UP_MS);
    },
  };
}

/** How long a held tap waits for its control to be taken over. */
const GIVE_UP_MS = 10_000;

/**
 * The app's first commit does not mean every control answers yet: the parts of the page under a
 * Suspense boundary (the route's own content) are taken over just after, in a pass of their own.
 * React marks each element it has taken over with its props; until the control bears them, the
 * tap waits a frame more.
 */
function giveWhenAnswered(control: HTMLElement, giveUpAt: number): void {
  if (!control.isConnected || control.matches(':disabled')) return;
  if (takenOverByReact(control) || Date.now() > giveUpAt) {
    control.click();
    return;
  }
  requestAnimationFrame(() => giveWhenAnswered(control, giveUpAt));
}

function takenOverByReact(element: Element): boolean {
  return Object.keys(element).some((key) => key.startsWith('__reactProps$'));
}
