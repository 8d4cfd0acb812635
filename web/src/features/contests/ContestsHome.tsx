/**
 * Home for a signed-in member (docs/product.md §11): "Prêt à relever le défi ?", every open contest,
 * paged and sorted, and the tutorial on the first visit.
 */
import { CATEGORIES, CONTESTS, CONTEST_SCREENS } from '@creadefi/domain';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@mantine/core';
import { paths } from '../../app/paths';
import { useSession } from '../../app/session';
import { ContestListing } from './ContestListing';
import { FilterLinks } from './FilterLinks';
import { ListingShell } from './ListingShell';
import { keepSort } from './listing-search';
import { Tutorial } from './Tutorial';
// Mantine's stylesheets beyond the landing's (this part is loaded lazily).
import '../../ui/mantine-pages.css';

export function ContestsHome() {
  const { user } = useSession();
  const [search] = useSearchParams();
  const sortKept = keepSort(search);
  const links = [{ label: CONTEST_SCREENS.listing.all, to: paths.home + sortKept, active: true }, ...CATEGORIES.map((c) => ({ label: c.title, to: paths.listing(c.slug) + sortKept, active: false }))];
  return (
    <ListingShell eyebrow={user ? CONTEST_SCREENS.home.hello(user.pseudo) : undefined} lead={CONTEST_SCREENS.home.lead}>
      <ContestListing
        heading={CONTESTS.listingHeading}
        emptyText={CONTESTS.empty}
        errorTitle={CONTEST_SCREENS.listing.error}
        filters={<FilterLinks label={CONTEST_SCREENS.listing.categories} links={links} />}
        emptyAction={
          <Button component={Link} to={paths.createContest(1)} variant="gradient">
            {CONTEST_SCREENS.home.createContest}
          </Button>
        }
      />
      {user?.isFirstTime && <Tutorial />}
    </ListingShell>
  );
}

export default ContestsHome;
