/** Who opens the sign-in modal: the header, the landing page's link, guarded pages. */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export type SignInMode = 'login' | 'forgot';

interface SignInModalState {
  opened: boolean;
  mode: SignInMode;
  open(mode?: SignInMode): void;
  setMode(mode: SignInMode): void;
  close(): void;
}

const Ctx = createContext<SignInModalState | null>(null);

export function SignInModalProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<SignInMode>('login');
  const value = useMemo<SignInModalState>(
    () => ({
      opened,
      mode,
      open: (m = 'login') => {
        setMode(m);
        setOpened(true);
      },
      setMode,
      // Closing returns the modal to its normal mode (spec 1 §2, "return on close"): the
      // modal resets it once its closing animation ends, so the form does not flicker.
      close: () => setOpened(false),
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
