/**
 * The organiser's proposals page, "Mes propositions" (docs/product.md §11): the status banner, the
 * filters with their counts, the grid of proposals to rate, enlarge, message, report or
 * crown, and the winners panel with finalisation. The filter and page live in the address
 * so that the back button and a shared link land on the same view.
 */
import { memo, useDeferredValue, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert, Button, Container, Group, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconAlertCircle, IconArrowLeft, IconCircleCheck, IconClockHour4, IconFlag, IconInbox, IconLock, IconTrophy } from '@tabler/icons-react';
import { CONTEST_STATUS, CONTESTS, extraPrizes, PARTICIPATIONS, PROPOSAL_FILTERS, type ParticipationDto, type ProposalFilter, FEEDBACK } from '@creadefi/domain';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { ApiError } from '../../api/client';
import { isRetryable } from '../../api/retryable';
import { paths } from '../../app/paths';
import { notifySuccess } from '../../ui/feedback';
import { ReportDialog } from '../../ui/ReportDialog';
import { useStableHandlers } from '../../ui/use-stable-handlers';
import { useContestDetails } from '../../api/contest';
import { hasPolls, PROPOSALS_PAGE_SIZE, useProposals, useRateProposal, useReportProposal, useToggleWinner, useWinners } from './api';
import { FinaliseDialog } from './FinaliseDialog';
import { proposalActions, shownProposals, showsWinnersFilter } from './permissions';
import { ProposalCard } from './ProposalCard';
import { CardIconSprite } from './card-icons';
import { ProposalViewer } from './ProposalViewer';
import { WinnersPanel } from './WinnersPanel';
import { PollsPanel } from './PollsPanel';
import { WayOutBlock } from './WayOutBlock';
import { FinalistsPanel } from './FinalistsPanel';
import classes from './proposals.module.css';
import { PageHeroBand } from '../../ui/PageHero';
import { LazyModal } from '../../ui/LazyModal';
import { LazyCommentForm } from './LazyCommentForm';
import { afterNextFrame } from '../../ui/after-next-frame';
import { Pager } from '../../ui/Pager';

const J = PARTICIPATIONS.judging;

const BANNER_ICONS: Record<number, ReactNode> = {
  2: <IconClockHour4 size={20} />,
  3: <IconTrophy size={20} />,
  4: <IconCircleCheck size={20} />,
  5: <IconCircleCheck size={20} />,
};
const BANNER_COLORS: Record<number, string> = { [-1]: 'gray', 1: 'yellow', 2: 'orange', 3: 'yellow', 4: 'teal', 5: 'gray' };

function Restricted({ id, message }: { id: number; message: string }) {
  return (
    <Container size="sm" py={80}>
      <Paper radius="xl" p="xl" withBorder ta="center">
        <IconLock size={40} stroke={1.5} color="var(--cd-orange)" />
        <Title order={1} fz="xl" mt="sm" mb="xs">
          {PARTICIPATIONS.proposalsTitle}
        </Title>
        <Text c="dimmed" mb="lg">
          {message}
        </Text>
        <Button component={Link} to={paths.contestDetails(id)} variant="light" leftSection={<IconArrowLeft size={16} />}>
          {J.seeContest}
        </Button>
      </Paper>
    </Container>
  );
}

function GridSkeleton() {
  return (
    <div className={classes.grid} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className={classes.card}>
          <Skeleton className={classes.media} radius={0} />
          <div className={classes.cardBody}>
            <Skeleton h={14} w="50%" />
            <Skeleton h={18} w={110} mt={10} />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * The page before its contest has arrived: the band with its title, and skeletons where the
 * contest's name, its status and the proposals will be. It is also the frame the build draws
 * for this address (web/scripts/prerender.ts), shown before any script has run.
 */
function ProposalsFrame() {
  return (
    <div className={classes.page} role="status" aria-label={PARTICIPATIONS.loadingProposals}>
      <PageHeroBand>
        <Container className={classes.heroInner}>
          <Skeleton h={22} w={240} mb={10} aria-hidden />
          <Title order={1} className={classes.title}>
            {PARTICIPATIONS.proposalsTitle}
          </Title>
          <Skeleton h={52} className={classes.banner} aria-hidden />
        </Container>
      </PageHeroBand>
      <Container className={classes.body}>
        <div className={classes.layout} aria-hidden>
          <div className={classes.main}>
            <div className={classes.toolbar}>
              <Skeleton h={36} w={320} radius="xl" />
            </div>
            <GridSkeleton />
          </div>
          <aside className={classes.side}>
            <Skeleton h={210} radius="lg" />
          </aside>
        </div>
      </Container>
    </div>
  );
}

/** What the organiser can do with a proposal of the grid. */
interface ProposalHandlers {
  open(proposal: ParticipationDto): void;
  rate(proposal: ParticipationDto, stars: number): void;
  crown(proposal: ParticipationDto): void;
  report(proposal: ParticipationDto): void;
  comment(proposal: ParticipationDto): void;
}

/**
 * One page of proposals. Memoised: the page draws again at once on each state of its queries
 * (TanStack Query delivers them outside transitions), and a page of cards with their stars and
 * actions is the costliest part to draw; it is drawn again only when its proposals, format or
 * status changed.
 */
const ProposalGrid = memo(function ProposalGrid({ proposals, format, status, fetching, on }: { proposals: ParticipationDto[]; format: number; status: number; fetching: boolean; on: ProposalHandlers }) {
  return (
    <div className={classes.grid} data-fetching={fetching || undefined}>
      <CardIconSprite />
      {proposals.map((proposal) => (
        <ProposalCard
          key={proposal.id}
          proposal={proposal}
          format={format}
          actions={proposalActions(status, proposal)}
          onOpen={() => on.open(proposal)}
          onRate={(stars) => on.rate(proposal, stars)}
          onToggleWinner={() => on.crown(proposal)}
          onReport={() => on.report(proposal)}
          onComment={() => on.comment(proposal)}
        />
      ))}
    </div>
  );
});

function FilterBar({ filters, active, counts, onChange }: { filters: readonly { value: ProposalFilter; label: string }[]; active: ProposalFilter; counts: Record<ProposalFilter, number> | undefined; onChange: (value: ProposalFilter) => void }) {
  const nav = useRef<HTMLElement>(null);
  const drawn = useRef(false);
  const firstFilter = filters[0]?.value;
  // On a phone the pills scroll sideways: the chosen one (the winners, at status 4) must be in sight.
  useEffect(() => {
    const bringInSight = () => {
      const bar = nav.current;
      const pill = bar?.querySelector<HTMLElement>('[aria-pressed="true"]');
      if (bar && pill && bar.scrollWidth > bar.clientWidth) bar.scrollLeft = pill.offsetLeft - bar.offsetLeft - (bar.clientWidth - pill.offsetWidth) / 2;
    };
    if (drawn.current) return bringInSight();
    drawn.current = true;
    // The first pill is in sight already; another waits for the page's first frame (afterNextFrame).
    if (active !== firstFilter) return afterNextFrame(bringInSight);
  }, [active, firstFilter]);
  return (
    <nav ref={nav} aria-label={J.filterLabel} className={classes.filters}>
      {filters.map((f) => (
        <button key={f.value} type="button" className={classes.filter} aria-pressed={active === f.value} onClick={() => onChange(f.value)}>
          {f.label}
          <span className={classes.filterCount}>{counts ? counts[f.value] : '·'}</span>
        </button>
      ))}
    </nav>
  );
}

export default function ProposalsPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const contestQuery = useContestDetails(id);
  // Each answer is drawn in an interruptible render (a query's answer alone would be drawn in
  // one block): the page, then its grid, are built in slices between which the phone can
  // handle a tap or draw a frame.
  const contest = useDeferredValue(contestQuery.data);
  // The page's other requests start from the answer as soon as it is there, not once it is drawn.
  const isOwner = Boolean(contestQuery.data?.isOwner);

  const status = contestQuery.data?.status ?? CONTEST_STATUS.open;
  const { filter, page } = shownProposals(status, search);

  const proposals = useProposals(id, filter, page, valid && isOwner);
  const winners = useWinners(id, valid && isOwner);
  const data = useDeferredValue(proposals.data);
  const winnerList = useDeferredValue(winners.data);
  const rate = useRateProposal(id);
  const toggleWinner = useToggleWinner(id);
  const report = useReportProposal(id);

  const [viewing, setViewing] = useState<number | null>(null);
  const [reporting, setReporting] = useState<ParticipationDto | null>(null);
  const [commenting, setCommenting] = useState<ParticipationDto | null>(null);
  const [finalising, setFinalising] = useState(false);
  const [crowningReported, setCrowningReported] = useState<ParticipationDto | null>(null);

  const rateProposal = (proposal: ParticipationDto, stars: number) => rate.mutate({ id: proposal.id, stars });
  const crown = (proposal: ParticipationDto) => {
    // A proposal the organiser reported is crowned only once they say so again.
    if (!proposal.isWinner && proposal.reported) setCrowningReported(proposal);
    else toggleWinner.mutate({ participation: proposal, winner: !proposal.isWinner });
  };
  // Stable: the grid is drawn again only when its proposals change (ProposalGrid).
  const onProposal = useStableHandlers({
    open: (proposal: ParticipationDto) => setViewing(proposal.id),
    rate: rateProposal,
    crown,
    report: setReporting,
    comment: setCommenting,
  });

  if (!valid) return <Restricted id={id} message={CONTESTS.notFound} />;
  if (contestQuery.isPending || (contestQuery.data && !contest)) return <ProposalsFrame />;
  if (contestQuery.isError || !contest) {
    const error = contestQuery.error;
    return <Restricted id={id} message={error instanceof ApiError && error.status < 500 ? error.message : CONTESTS.notFound} />;
  }
  if (!contest.isOwner) return <Restricted id={id} message={J.ownerOnly} />;
  if (proposals.error instanceof ApiError && proposals.error.status === 403) return <Restricted id={id} message={J.ownerOnly} />;

  const format = data?.concours.subCategory.format ?? contest.subCategory.format;
  const list = data?.participations ?? [];
  const counts = data?.counts;
  const total = counts?.all ?? contest.participations;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PROPOSALS_PAGE_SIZE));
  const filters = PROPOSAL_FILTERS.filter((f) => f.value !== 'winners' || showsWinnersFilter(status));
  // The viewer follows the cached data, so a note or a winner changed inside it shows at once.
  const viewed = viewing === null ? null : (list.find((p) => p.id === viewing) ?? winnerList?.find((p) => p.id === viewing) ?? null);

  const go = (next: { filtre?: ProposalFilter; page?: number }) => {
    const params = new URLSearchParams(search);
    if (next.filtre !== undefined) {
      params.set('filtre', next.filtre);
      params.delete('page');
    }
    if (next.page !== undefined) {
      if (next.page > 1) params.set('page', String(next.page));
      else params.delete('page');
    }
    setSearch(params, { replace: next.page === undefined });
  };

  const winnerCount = winnerList?.length ?? 0;
  const extra = extraPrizes(winnerCount, contest.prizesPaid);

  return (
    // Proposals are the talents' work: right-click (save image as…) is turned off here (docs/product.md §11).
    <div className={classes.page} onContextMenu={(event) => event.preventDefault()} data-testid="proposals-page">
      <PageHeroBand>
        <Container className={classes.heroInner}>
          <Link to={paths.contestDetails(contest.id)} className={classes.back}>
            <IconArrowLeft size={16} aria-hidden />
            {contest.subCategory.name} · {contest.companyName}
          </Link>
          <Title order={1} className={classes.title}>
            {PARTICIPATIONS.proposalsTitle}
          </Title>
          {PARTICIPATIONS.banner[status] && (
            <Alert color={BANNER_COLORS[status] ?? 'gray'} variant="light" icon={BANNER_ICONS[status] ?? <IconAlertCircle size={20} />} className={classes.banner} role="status">
              {PARTICIPATIONS.banner[status]}
            </Alert>
          )}
        </Container>
      </PageHeroBand>

      <Container className={classes.body}>
        {data && <FinalistsPanel concours={data.concours} proposals={list} />}
        <WayOutBlock idConcours={contest.id} status={status} />
        <div className={classes.layout}>
          <div className={classes.main}>
            <div className={classes.toolbar}>
              <FilterBar filters={filters} active={filter} counts={counts} onChange={(value) => go({ filtre: value })} />
              <Text className={classes.total} aria-live="polite">
                {CONTESTS.proposals(total)}
              </Text>
            </div>

            {proposals.isError ? (
              <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
                {proposals.error instanceof ApiError ? proposals.error.message : PARTICIPATIONS.notFound}
                {isRetryable(proposals.error) && (
                  <Button variant="subtle" size="compact-sm" ml="sm" onClick={() => void proposals.refetch()}>
                    {J.retry}
                  </Button>
                )}
              </Alert>
            ) : !data ? (
              <GridSkeleton />
            ) : list.length === 0 ? (
              <EmptyPanel icon={<IconInbox size={36} stroke={1.5} />} title={filter === 'winners' ? PARTICIPATIONS.noWinnerYet : PARTICIPATIONS.empty}>
                {filter !== 'all' && total > 0 ? (
                  <Button variant="subtle" onClick={() => go({ filtre: 'all' })}>
                    {J.seeAll}
                  </Button>
                ) : null}
              </EmptyPanel>
            ) : (
              <ProposalGrid proposals={list} format={format} status={status} fetching={proposals.isPlaceholderData} on={onProposal} />
            )}

            {pages > 1 && (
              <Group justify="center" mt="xl">
                <Pager
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={(next) => {
                    go({ page: next });
                    window.scrollTo({ top: 0, behavior: 'smooth' });
                  }}
                />
              </Group>
            )}
          </div>

          <aside className={classes.side}>
            <WinnersPanel
              status={status}
              format={format}
              gain={contest.gain}
              cost={contest.cost}
              prizesPaid={contest.prizesPaid}
              winners={winnerList}
              loading={!winnerList && !winners.isError}
              onOpen={(proposal) => setViewing(proposal.id)}
              onRemove={(proposal) => toggleWinner.mutate({ participation: proposal, winner: false })}
              onFinalise={() => setFinalising(true)}
            />
            {hasPolls(status) && <PollsPanel idConcours={contest.id} proposals={list} />}
          </aside>
        </div>
      </Container>

      <ProposalViewer
        proposal={viewed}
        format={format}
        actions={viewed ? proposalActions(status, viewed) : null}
        onClose={() => setViewing(null)}
        onRate={(stars) => viewed && rateProposal(viewed, stars)}
        onToggleWinner={() => viewed && crown(viewed)}
      />

      <LazyModal opened={Boolean(commenting)} onClose={() => setCommenting(null)} title={commenting ? FEEDBACK.openLabel(commenting.number) : ''} centered radius="lg" size="md">
        {commenting && <LazyCommentForm key={commenting.id} proposal={commenting} onSaved={() => setCommenting(null)} />}
      </LazyModal>

      <ReportDialog
        opened={Boolean(reporting)}
        busy={report.isPending}
        onClose={() => setReporting(null)}
        onSubmit={(input) => {
          if (!reporting) return;
          report.mutate({ id: reporting.id, input }, { onSuccess: () => setReporting(null) });
        }}
      />

      <LazyModal opened={Boolean(crowningReported)} onClose={() => setCrowningReported(null)} title={PARTICIPATIONS.reportedWinnerTitle} centered radius="lg" size="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconFlag size={20} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="sm">{PARTICIPATIONS.reportedWinnerConfirm}</Text>
        </Group>
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="subtle" color="ink.7" onClick={() => setCrowningReported(null)} data-autofocus>
            {J.cancel}
          </Button>
          <Button
            variant="gradient"
            leftSection={<IconTrophy size={16} />}
            onClick={() => {
              if (crowningReported) toggleWinner.mutate({ participation: crowningReported, winner: true });
              setCrowningReported(null);
            }}
          >
            {PARTICIPATIONS.addReportedWinner}
          </Button>
        </Group>
      </LazyModal>

      <FinaliseDialog
        opened={finalising}
        idConcours={contest.id}
        winners={winnerCount}
        prizesPaid={contest.prizesPaid}
        due={extra > 0 ? { prizes: extra, amount: extra * contest.cost } : null}
        onClose={() => setFinalising(false)}
        onFinalised={(message) => {
          setFinalising(false);
          notifySuccess(message ?? PARTICIPATIONS.finalised);
          go({ filtre: 'winners' });
          void queryClient.invalidateQueries({ queryKey: ['proposals', contest.id] });
          void queryClient.invalidateQueries({ queryKey: ['contests'] });
          void queryClient.invalidateQueries({ queryKey: ['my-contests'] });
        }}
      />
    </div>
  );
}
