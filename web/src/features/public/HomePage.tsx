/** Home (docs/product.md §11): the landing page for visitors, the open contests for signed-in users. */
import { Suspense } from 'react';
import { useSession } from '../../app/session';
import { PageLoader } from '../../ui/PageLoader';
import { ContestsHome } from '../contests';
import { LandingPage } from './landing/LandingPage';

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
