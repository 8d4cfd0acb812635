import { Suspense, useDeferredValue, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Box } from '@mantine/core';
import { PageLoader } from '../../ui/PageLoader';
import { SignInModal } from '../../features/auth/SignInModal';
import { useSession } from '../session';
import { usePageDrawnWhileSigningIn } from '../guards';
import { Header } from './Header';
import { Footer } from './Footer';

/** Scrolls to the top on every route change (docs/product.md §11), keeping in-page anchors working. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

export function AppLayout() {
  // The page behind the loader is drawn in an interruptible render once the profile is
  // there: the loader stays until it is ready, and the main thread is not held meanwhile.
  const status = useDeferredValue(useSession().status);
  const pageDrawnWhileSigningIn = usePageDrawnWhileSigningIn();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <ScrollToTop />
      <Header />
      {/* At least a screen high: while a page loads, the footer waits below the fold instead
          of showing and then jumping down when the content arrives (layout shift). */}
      <Box component="main" style={{ flex: 1, minHeight: '100vh' }}>
        {/* Pages wait for the profile before rendering (docs/product.md §11); some draw their frame meanwhile. */}
        {status === 'loading' && !pageDrawnWhileSigningIn ? (
          <PageLoader />
        ) : (
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        )}
      </Box>
      <Footer />
      <SignInModal />
    </Box>
  );
}
