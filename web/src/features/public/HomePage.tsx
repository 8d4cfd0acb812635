/** Home (spec 1 §2): the landing page for visitors, the open contests for signed-in users. */
import { lazy, Suspense } from 'react';
import { useSession } from '../auth/session';
import { PageLoader } from '../../ui/PageLoader';
import { LandingPage } from './landing/LandingPage';

// Visitors never download the signed-in home.
const ContestsHome = lazy(() => import('../contests/ContestsHome'));

export default function HomePage() {
  const { status } = useSession();
  if (status === 'user') {
    return (
      <Suspense fallback={<PageLoader />}>
        <ContestsHome />
      </Suspense>
    );
  }
  return <LandingPage />;
}
