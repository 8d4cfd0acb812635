/**
 * Listing of one category or sub-category (docs/product.md §11): /concours/design,
 * /concours/design/logo; "all" lists every category. An unknown slug leads home.
 */
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@mantine/core';
import { CATEGORIES, CONTESTS, subCategoriesOf, CONTEST_SCREENS } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { ContestListing } from './ContestListing';
import { FilterLinks, type FilterLink } from './FilterLinks';
import { ListingShell } from './ListingShell';
import { keepSort } from './listing-search';
import { ALL_CATEGORIES, resolveListing } from './listing-route';

export default function ContestListingPage() {
  const { category: categorySlug = '', subCategory: subSlug } = useParams();
  const [search] = useSearchParams();
  const sortKept = keepSort(search);
  const listing = resolveListing(categorySlug, subSlug);

  if (!listing) return <Navigate to={paths.home} replace />;
  const { category, subCategory } = listing;

  let links: FilterLink[];
  if (category) {
    links = [
      { label: CONTEST_SCREENS.listing.all, to: paths.listing(category.slug) + sortKept, active: !subCategory },
      ...subCategoriesOf(category.id).map((s) => ({ label: s.title, to: paths.listing(category.slug, s.slug) + sortKept, active: s.id === subCategory?.id })),
    ];
  } else {
    links = [{ label: CONTEST_SCREENS.listing.all, to: paths.listing(ALL_CATEGORIES) + sortKept, active: true }, ...CATEGORIES.map((c) => ({ label: c.title, to: paths.listing(c.slug) + sortKept, active: false }))];
  }

  const name = subCategory?.title ?? category?.title;
  const heading = name ? `${CONTESTS.listingHeading} ${name}` : CONTESTS.listingHeading;

  return (
    <ListingShell
      eyebrow={
        category ? (
          <>
            <Link to={paths.listing(ALL_CATEGORIES)}>{CONTEST_SCREENS.listing.allCategories}</Link>
            {' / '}
            {subCategory ? <Link to={paths.listing(category.slug)}>{category.title}</Link> : category.title}
            {subCategory && ` / ${subCategory.title}`}
          </>
        ) : (
          CONTEST_SCREENS.listing.allCategories
        )
      }
      lead={name ? CONTEST_SCREENS.listing.lead(name) : CONTEST_SCREENS.listing.leadAll}
    >
      <ContestListing
        // Another category is another list: skeletons rather than the previous category's cards.
        key={`${category?.id ?? ALL_CATEGORIES}/${subCategory?.id ?? ''}`}
        heading={heading}
        idCategory={category?.id}
        idSubCategory={subCategory?.id}
        emptyText={name ? CONTESTS.emptyInCategory(name) : CONTESTS.empty}
        errorTitle={name ? CONTEST_SCREENS.listing.errorIn(name) : CONTEST_SCREENS.listing.error}
        emptyAction={
          <Button component={Link} to={paths.home} variant="gradient">
            {CONTEST_SCREENS.listing.seeAll}
          </Button>
        }
        filters={<FilterLinks label={category ? CONTEST_SCREENS.listing.subCategoriesOf(category.title) : CONTEST_SCREENS.listing.categories} links={links} />}
      />
    </ListingShell>
  );
}
