import { lazy, Suspense, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cssVariablesResolver, theme } from './theme';
import { SessionProvider } from './session';
import { SignInModalProvider } from './sign-in-modal-state';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

const Toasts = lazy(() => import('./Toasts'));

/**
 * The app has one colour scheme, written on <html> by the page itself (index.html). Mantine
 * would write it there again as the app starts, twice, and the browser would then restyle and
 * lay out the whole page it has just drawn (some 100 ms on a slowed phone).
 */
const noRootElement = () => undefined;

/**
 * The banners' container is fetched when the first banner is asked for, so no page's first
 * load carries it. The banner waits in Mantine's store meanwhile and shows once it mounts.
 */
function DeferredToasts() {
  const asked = useNotifications().notifications.length > 0;
  const [wanted, setWanted] = useState(asked);
  if (asked && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}

/** `signingIn`, `drawnForMember`: see SessionProvider. */
export function Providers({ children, signingIn, drawnForMember }: { children: ReactNode; signingIn?: boolean; drawnForMember?: boolean }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" getRootElement={noRootElement}>
      <DeferredToasts />
      <QueryClientProvider client={queryClient}>
        <SessionProvider signingIn={signingIn} drawnForMember={drawnForMember}>
          <SignInModalProvider>{children}</SignInModalProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
