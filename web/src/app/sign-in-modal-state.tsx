/** Who opens the sign-in modal: the header, the landing page's link, guarded pages. */
import { createContext, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type SignInMode = 'login' | 'forgot';

interface SignInModalState {
  opened: boolean;
  mode: SignInMode;
  open(mode?: SignInMode): void;
  setMode(mode: SignInMode): void;
  close(): void;
  /** Gives the focus back to what opened the dialog, once it has closed. */
  restoreFocus(): void;
}

const Ctx = createContext<SignInModalState | null>(null);

export function SignInModalProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<SignInMode>('login');
  // The dialog is mounted at its first opening, too late to note what had the focus before it:
  // it is noted here, so that a keyboard user is taken back there on closing (WCAG 2.4.3).
  const opener = useRef<HTMLElement | null>(null);
  const value = useMemo<SignInModalState>(
    () => ({
      opened,
      mode,
      open: (m = 'login') => {
        if (!opened) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setMode(m);
        setOpened(true);
      },
      setMode,
      // Closing returns the modal to its normal mode (docs/product.md §11, "return on close"): the
      // modal resets it once its closing animation ends, so the form does not flicker.
      close: () => setOpened(false),
      restoreFocus: () => {
        const target = opener.current;
        opener.current = null;
        // After a sign-in the header has changed: the button that opened the dialog may be gone.
        if (target?.isConnected) target.focus();
      },
    }),
    [opened, mode],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useSignInModal(): SignInModalState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useSignInModal must be used inside SignInModalProvider');
  return v;
}
