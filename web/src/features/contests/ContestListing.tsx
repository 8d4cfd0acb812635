/**
 * The open-contest listing shared by home and the category pages (docs/product.md §11):
 * sort menu, 6 cards a page, pagination from the server's total, and the loading, empty and
 * error states. The page and sort come from the address (see listing-search.ts).
 */
import { useDeferredValue, useEffect, useRef, type ReactNode } from 'react';
import { Alert, Badge, Box, Button, EmptyState, Group, NativeSelect, Pagination, SimpleGrid, Skeleton, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowsSort, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import { CONTEST_SORT_OPTIONS, LISTING_PAGE_SIZE, type ContestSortValue, CONTEST_SCREENS } from '@creadefi/domain';
import { useSession } from '../../app/session';
import { useContests } from './api/list-contests';
import { ContestCard } from './ContestCard';
import { useListingSearch } from './listing-search';
import { listingParams } from './listing-route';
import classes from './ContestListing.module.css';

export interface ContestListingProps {
  heading: ReactNode;
  idCategory?: number;
  idSubCategory?: number;
  emptyText: string;
  /** Named in the error so that the reader knows which list failed (docs/product.md §11). */
  errorTitle: string;
  /** Shown between the heading and the cards: links to narrow the list. */
  filters?: ReactNode;
  /** Where to go from an empty list. */
  emptyAction?: ReactNode;
}

function CardSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden>
      <Group gap="sm" wrap="nowrap">
        <Skeleton h={44} w={44} radius={14} />
        <Box style={{ flex: 1 }}>
          <Skeleton h={16} w="60%" mb={8} />
          <Skeleton h={10} w="35%" />
        </Box>
      </Group>
      <Skeleton h={12} w="45%" mt="lg" />
      <Skeleton h={12} mt="md" />
      <Skeleton h={12} mt={8} />
      <Skeleton h={12} w="70%" mt={8} />
      <Group justify="space-between" mt="xl">
        <Skeleton h={30} w={90} />
        <Skeleton h={30} w={100} />
      </Group>
      <Group justify="space-between" mt="lg">
        <Skeleton h={14} w={110} />
        <Skeleton h={36} w={130} radius="xl" />
      </Group>
    </div>
  );
}

export function ContestListing({ heading, idCategory, idSubCategory, emptyText, errorTitle, filters, emptyAction }: ContestListingProps) {
  const { user } = useSession();
  const { sort, page, setPage, setSort } = useListingSearch();
  const top = useRef<HTMLDivElement>(null);
  const query = useContests(listingParams(idCategory, idSubCategory, { sort, page }));
  // The cards are drawn in an interruptible render after the answer arrives, so that a
  // phone's main thread is not held for the whole grid at once; skeletons stay meanwhile.
  const data = useDeferredValue(query.data);
  const loading = data === undefined && !query.isError;
  const total = data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / LISTING_PAGE_SIZE));

  // An old link or a list that shrank may point past the last page: show the last one instead.
  useEffect(() => {
    if (data && !query.isPlaceholderData && total > 0 && page > totalPages) setPage(totalPages, true);
  }, [data, query.isPlaceholderData, total, page, totalPages, setPage]);

  const changePage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  let content: ReactNode;
  if (loading) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="lg" role="status" aria-label={CONTEST_SCREENS.listing.loading}>
        {Array.from({ length: LISTING_PAGE_SIZE }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </SimpleGrid>
    );
  } else if (query.isError) {
    content = (
      <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={22} aria-hidden />} title={errorTitle} className={classes.error}>
        {query.error.message}
        <Group mt="md">
          <Button size="xs" variant="white" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void query.refetch()} loading={query.isFetching}>
            {CONTEST_SCREENS.listing.retry}
          </Button>
        </Group>
      </Alert>
    );
  } else if (data && data.concours.length === 0) {
    content = (
      <EmptyState className={classes.empty} variant="light" size="lg" icon={<IconMoodEmpty size={34} stroke={1.6} />} title={emptyText} description={CONTEST_SCREENS.listing.emptyHint}>
        {emptyAction && <EmptyState.Actions>{emptyAction}</EmptyState.Actions>}
      </EmptyState>
    );
  } else if (data) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="lg" className={classes.grid} data-stale={query.isPlaceholderData || undefined} aria-busy={query.isFetching}>
        {data.concours.map((contest) => (
          <ContestCard key={contest.id} contest={contest} viewerId={user?.id} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <section aria-labelledby="contests-heading">
      <div ref={top} className={classes.anchor} />
      <Group justify="space-between" align="flex-end" gap="md" mb="lg" className={classes.toolbar}>
        <Group gap="sm" align="baseline" wrap="nowrap" className={classes.headingGroup}>
          <Title order={2} id="contests-heading" className={classes.heading}>
            {heading}
          </Title>
          {/* The count's place is kept while it loads: its arrival would otherwise push the
              heading onto a second line on a phone and move the cards down. */}
          {/* Aligned to the top: without text, its baseline would be its bottom edge, and
              lining that up with the heading's would push the heading down. */}
          {loading && <Skeleton h={26} w={56} radius="xl" className={classes.count} style={{ alignSelf: 'flex-start' }} aria-hidden />}
          {data && !query.isError && total > 0 && (
            <Badge variant="light" color="orange" size="lg" radius="xl" className={classes.count}>
              {total}
            </Badge>
          )}
        </Group>
        {/* The system's own list: a phone opens its native picker, and the page loads and
            builds no drop-down of its own (positioning, focus trap, scroll area). */}
        <NativeSelect
          className={classes.sort}
          aria-label={CONTEST_SCREENS.listing.sort}
          data={CONTEST_SORT_OPTIONS as unknown as { value: string; label: string }[]}
          value={sort}
          onChange={(event) => setSort(event.currentTarget.value as ContestSortValue)}
          leftSection={<IconArrowsSort size={16} aria-hidden />}
          radius="xl"
        />
      </Group>
      {filters}
      {content}
      {data && !query.isError && totalPages > 1 && (
        <Group justify="center" mt={40}>
          <Pagination total={totalPages} value={Math.min(page, totalPages)} onChange={changePage} radius="xl" siblings={1} getControlProps={(control) => ({ 'aria-label': PAGE_CONTROLS[control] })} getItemProps={(n) => ({ 'aria-label': CONTEST_SCREENS.listing.page(n) })} />
        </Group>
      )}
    </section>
  );
}

const PAGE_CONTROLS = CONTEST_SCREENS.listing.pageControls;
