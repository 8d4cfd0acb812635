/**
 * Listing of one category or sub-category (docs/product.md §11): /concours/design,
 * /concours/design/logo; "all" lists every category. An unknown slug leads home.
 */
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '@mantine/core';
import { CATEGORIES, CONTESTS, subCategoriesOf } from '@creadefi/domain';
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
      { label: 'Toutes', to: paths.listing(category.slug) + sortKept, active: !subCategory },
      ...subCategoriesOf(category.id).map((s) => ({ label: s.title, to: paths.listing(category.slug, s.slug) + sortKept, active: s.id === subCategory?.id })),
    ];
  } else {
    links = [{ label: 'Toutes', to: paths.listing(ALL_CATEGORIES) + sortKept, active: true }, ...CATEGORIES.map((c) => ({ label: c.title, to: paths.listing(c.slug) + sortKept, active: false }))];
  }

  const name = subCategory?.title ?? category?.title;
  const heading = name ? `${CONTESTS.listingHeading} ${name}` : CONTESTS.listingHeading;

  return (
    <ListingShell
      eyebrow={
        category ? (
          <>
            <Link to={paths.listing(ALL_CATEGORIES)}>Toutes les catégories</Link>
            {' / '}
            {subCategory ? <Link to={paths.listing(category.slug)}>{category.title}</Link> : category.title}
            {subCategory && ` / ${subCategory.title}`}
          </>
        ) : (
          'Toutes les catégories'
        )
      }
      lead={name ? `Les concours ${name} qui attendent vos idées\u00a0: choisissez le vôtre et tentez de remporter le gain.` : 'Tous les concours ouverts, toutes catégories confondues.'}
    >
      <ContestListing
        // Another category is another list: skeletons rather than the previous category's cards.
        key={`${category?.id ?? ALL_CATEGORIES}/${subCategory?.id ?? ''}`}
        heading={heading}
        idCategory={category?.id}
        idSubCategory={subCategory?.id}
        emptyText={name ? CONTESTS.emptyInCategory(name) : CONTESTS.empty}
        errorTitle={name ? `Impossible d’afficher les concours de la catégorie ${name}` : 'Impossible d’afficher les concours ouverts'}
        emptyAction={
          <Button component={Link} to={paths.home} variant="gradient">
            Voir tous les concours
          </Button>
        }
        filters={<FilterLinks label={category ? `Sous-catégories de ${category.title}` : 'Catégories'} links={links} />}
      />
    </ListingShell>
  );
}
