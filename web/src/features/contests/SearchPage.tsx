/**
 * The search over open contests (docs/product.md §11): /recherche?q=… for everyone, and
 * /concours/categorie/:slug, a category's public page, which the server first writes in HTML
 * and this page then takes over. The words and filters live in the address; the server ranks
 * and pages the results.
 */
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Alert, Badge, Button, Checkbox, EmptyState, Group, NativeSelect, Pagination, SimpleGrid, Skeleton, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import { CATEGORIES, findCategoryBySlug, FORMAT_LABELS, SEARCH_PAGE_SIZE, CONTEST_SCREENS, SEARCH } from '@creadefi/domain';
import { useSession } from '../../app/session';
import { paths } from '../../app/paths';
import { useContestSearch } from './api/search-contests';
import { ContestCard } from './ContestCard';
import { ListingShell } from './ListingShell';
import { SearchBox } from './SearchBox';
import { badRange, readSearch, writeSearch, type SearchFilters } from './search-address';
import classes from './SearchPage.module.css';

const T = SEARCH;

const euros = (value: string) => (/^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : undefined);

/** A bound of the prize in whole euros, applied when the reader leaves the field or presses Enter. */
function PrizeInput({ label, value, onChange }: { label: string; value: number | undefined; onChange: (euros: number | undefined) => void }) {
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      // Another address (back button, cleared filters) shows its own value.
      key={value ?? ''}
      defaultValue={value ?? ''}
      onBlur={(event) => onChange(euros(event.currentTarget.value))}
      onKeyDown={(event) => event.key === 'Enter' && onChange(euros(event.currentTarget.value))}
      radius="xl"
      className={classes.prize}
    />
  );
}

export default function SearchPage() {
  const { slug } = useParams();
  const pageCategory = slug === undefined ? undefined : findCategoryBySlug(slug);
  const [search, setSearch] = useSearchParams();
  const filters = readSearch(search, pageCategory);
  const { user } = useSession();
  const invalid = badRange(filters);
  const query = useContestSearch(filters, !invalid && (slug === undefined || pageCategory !== undefined));

  useEffect(() => {
    // The server's page is replaced by this one: its title follows.
    document.title = pageCategory ? T.category.title(pageCategory.title) : T.page.title;
  }, [pageCategory]);

  if (slug !== undefined && !pageCategory) return <Navigate to={paths.home} replace />;

  /** Any change but the page's own starts again from the first page. */
  const update = (change: Partial<SearchFilters>) => setSearch(writeSearch({ ...filters, page: 1, ...change }, !pageCategory), { replace: change.page === undefined });

  const data = query.data;
  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE));
  const heading = filters.q ? T.page.resultsFor(filters.q) : T.page.allOpen;

  let content: ReactNode;
  if (invalid) {
    content = (
      <Alert color="orange" variant="light" radius="lg" icon={<IconAlertTriangle size={22} aria-hidden />}>
        {T.page.badRange}
      </Alert>
    );
  } else if (query.isError) {
    content = (
      <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={22} aria-hidden />} title={T.page.error}>
        {query.error.message}
        <Group mt="md">
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {T.page.retry}
          </Button>
        </Group>
      </Alert>
    );
  } else if (!data) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" role="status" aria-label={T.page.loading}>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} h={300} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (data.concours.length === 0) {
    content = (
      <EmptyState variant="light" size="lg" icon={<IconMoodEmpty size={34} stroke={1.6} />} title={T.page.empty} description={T.page.emptyHint}>
        <EmptyState.Actions>
          <Button variant="gradient" onClick={() => setSearch(new URLSearchParams())}>
            {T.filters.reset}
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="lg" aria-busy={query.isFetching} data-stale={query.isPlaceholderData || undefined} className={classes.grid}>
        {data.concours.map((contest) => (
          <ContestCard key={contest.id} contest={contest} viewerId={user?.id} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <ListingShell
      eyebrow={pageCategory && <Link to={paths.search}>{T.page.title}</Link>}
      title={pageCategory ? T.category.heading(pageCategory.title) : T.page.title}
      // A new search is a new box: the words shown follow the address.
      search={<SearchBox key={filters.q} initialQuery={filters.q} onSearch={(q) => update({ q })} hideLabel={!pageCategory} />}
    >
        <section aria-label={T.filters.title} className={classes.filters}>
          {!pageCategory && (
            <NativeSelect
              label={T.filters.category}
              value={filters.category?.slug ?? ''}
              onChange={(event) => update({ category: findCategoryBySlug(event.currentTarget.value) })}
              data={[{ value: '', label: T.filters.allCategories }, ...CATEGORIES.map((c) => ({ value: c.slug, label: c.title }))]}
              radius="xl"
            />
          )}
          <NativeSelect
            label={T.filters.format}
            value={filters.format === undefined ? '' : String(filters.format)}
            onChange={(event) => update({ format: event.currentTarget.value === '' ? undefined : Number(event.currentTarget.value) })}
            data={[{ value: '', label: T.filters.allFormats }, ...Object.entries(FORMAT_LABELS).map(([value, label]) => ({ value, label }))]}
            radius="xl"
          />
          <PrizeInput label={T.filters.minPrize} value={filters.min} onChange={(min) => update({ min })} />
          <PrizeInput label={T.filters.maxPrize} value={filters.max} onChange={(max) => update({ max })} />
          <Checkbox label={T.filters.endingSoon} checked={filters.endingSoon} onChange={(event) => update({ endingSoon: event.currentTarget.checked })} className={classes.soon} />
        </section>
        <Group gap="sm" align="baseline" mb="lg" mt="xl">
          <Title order={2} className={classes.heading}>
            {heading}
          </Title>
          {data && !invalid && (
            <Badge variant="light" color="orange" size="lg" radius="xl">
              {data.totalCapped ? T.page.countMore(total) : T.page.count(total)}
            </Badge>
          )}
        </Group>
        {content}
        {data && !invalid && pages > 1 && (
          <Group justify="center" mt={40}>
            <Pagination
              total={pages}
              value={Math.min(filters.page, pages)}
              onChange={(page) => update({ page })}
              radius="xl"
              siblings={1}
              getItemProps={(n) => ({ 'aria-label': CONTEST_SCREENS.listing.page(n) })}
              getControlProps={(control) => ({ 'aria-label': CONTROLS[control] })}
            />
          </Group>
        )}
    </ListingShell>
  );
}

const CONTROLS = {
  first: CONTEST_SCREENS.listing.pageControls.first,
  previous: CONTEST_SCREENS.listing.pageControls.previous,
  next: CONTEST_SCREENS.listing.pageControls.next,
  last: CONTEST_SCREENS.listing.pageControls.last,
} as const;
