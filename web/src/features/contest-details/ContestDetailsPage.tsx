/**
 * Contest details for a talent (docs/product.md §11): the organiser's brief read-only, the facts that
 * decide whether to take part, the two actions (open only while the contest is, status 2)
 * and what the talent has already sent.
 */
import { lazy, Suspense, useDeferredValue, useState, type CSSProperties } from 'react';
import { Link, useParams } from 'react-router';
import { Anchor, Avatar, Badge, Button, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCalendarEvent, IconCircleCheckFilled, IconExternalLink, IconFileText, IconMessageCircle, IconPencil, IconTargetArrow, IconTrophy, IconUsers } from '@tabler/icons-react';
import {
  CONTEST_STATUS,
  CONTESTS,
  contestStatusLabel,
  findCategory,
  FORMAT,
  FORMAT_LABELS,
  formatDate,
  formatEuros,
  FORMATS,
  formatRelativeDay,
  isEditLocked,
  maxParticipationFiles,
  mayPropose,
  PARTICIPATIONS,
  proposalStage,
  takesProposals,
  type ContestDto,
  type Format,
  type ParticipationDto,
} from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { paths } from '../../app/paths';
import { notifyWarning } from '../../ui/feedback';
import { useSession } from '../../app/session';
import { BriefSliders } from '../../ui/BriefSliders';
import { categoryStyle } from '../../ui/category-style';
import { useContestDetails } from '../../api/contest';
import { ParticipateFlow, useMyParticipation, useParticipationGate } from '../participate';
import { MyParticipationCard } from './MyParticipationCard';
import { OpenGallery } from './OpenGallery';
import { FormatBadges } from './FormatBadges';
import { roundOf } from './contest-round';
import { GuaranteedPrize } from '../../ui/GuaranteedPrize';
import classes from './ContestDetailsPage.module.css';
import { PageHeroBand } from '../../ui/PageHero';
import { cardClass } from '../../ui/card';

const D = PARTICIPATIONS.detailsPage;

// Their code (dialogs, a field, a rating, a scrolling agreement) is not the brief's: it is
// fetched when they are first drawn, beside the participation's own request, and the brief
// is drawn without waiting for it.
const MyParticipation = lazy(() => import('./MyParticipation').then((m) => ({ default: m.MyParticipation })));
const NdaTeaser = lazy(() => import('./NdaTeaser').then((m) => ({ default: m.NdaTeaser })));

/** Only web addresses become links: a brief is typed by a person, not trusted. */
function siteHref(site: string): string | null {
  const trimmed = site.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  if (/^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(trimmed)) return `https://${trimmed}`;
  return null;
}

function BriefField({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={classes.field}>
      <Text component="h3" className={classes.fieldLabel}>
        {label}
      </Text>
      <div className={classes.fieldValue}>{children}</div>
    </div>
  );
}

function Fact({ icon, label, wide, children }: { icon: React.ReactNode; label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    // A list's group holds its term and description only: the icon goes inside the term.
    <div className={classes.fact} data-wide={wide || undefined}>
      <dt className={classes.factLabel}>
        <span className={classes.factIcon} aria-hidden>
          {icon}
        </span>
        {label}
      </dt>
      <dd className={classes.factValue}>{children}</dd>
    </div>
  );
}

function NotFound({ message }: { message: string }) {
  return (
    <Container size="sm" py={80}>
      <Paper radius="xl" p="xl" withBorder ta="center">
        <Title order={2} fz="xl" mb="sm">
          {message}
        </Title>
        <Button component={Link} to={paths.listing('all')} variant="light" leftSection={<IconArrowLeft size={16} />}>
          {D.seeOpenContests}
        </Button>
      </Paper>
    </Container>
  );
}

type FlowState = { key: number; startAt: 'commitment' | 'upload' } | null;

function Actions({ contest, participation, onParticipate }: { contest: ContestDto; participation: ParticipationDto | null; onParticipate: () => void }) {
  if (contest.isOwner) {
    return (
      <Stack gap="sm">
        <Button component={Link} to={paths.proposals(contest.id)} variant="gradient" size="md" fullWidth rightSection={<IconArrowRight size={18} />}>
          {CONTESTS.seeProposals}
        </Button>
        {!isEditLocked(contest.status) && (
          <Button component={Link} to={paths.editContest(contest.id)} variant="subtle" color="ink.7" fullWidth leftSection={<IconPencil size={16} />}>
            {D.editContest}
          </Button>
        )}
      </Stack>
    );
  }
  const open = contest.status === CONTEST_STATUS.open;
  // A winner keeps talking with the organiser after the contest closes (docs/product.md §2).
  const canMessage = open || Boolean(participation?.isWinner);
  // In a final round only its finalists send or add (the server's `mayPropose`).
  const canPropose = mayPropose(roundOf(contest), participation?.isFinalist ?? false, new Date());
  const sentFiles = (participation?.fileParticipants ?? []).filter((f) => !f.isFinalFile).length;
  const resumable = canPropose && Boolean(participation?.isParticipating) && contest.subCategory.format !== FORMAT.text && sentFiles < maxParticipationFiles(contest.subCategory.format);
  // Starting a conversation before taking part belongs to the messaging area: until it
  // exists the button opens the messages with the contest in hand.
  const messageTarget = participation ? paths.conversation(participation.id) : paths.messages;
  const messageButton = canMessage ? (
    <Button component={Link} to={messageTarget} state={participation ? undefined : { idConcours: contest.id }} variant="default" size="md" fullWidth leftSection={<IconMessageCircle size={18} />}>
      {D.sendMessage}
    </Button>
  ) : (
    <Button variant="default" size="md" fullWidth leftSection={<IconMessageCircle size={18} />} disabled>
      {D.sendMessage}
    </Button>
  );
  return (
    <Stack gap="sm">
      <Button variant="gradient" size="md" fullWidth disabled={!canPropose} onClick={onParticipate} rightSection={<IconArrowRight size={18} />}>
        {resumable ? D.addFiles : CONTESTS.participate}
      </Button>
      {messageButton}
      {!canPropose && (
        <Text fz="sm" c="dimmed" ta="center">
          {takesProposals(contest, new Date()) ? FORMATS.finalistsOnly : PARTICIPATIONS.notOpen}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The page as it is drawn before its contest arrives, and at build time for any contest
 * (web/src/app/prerender.tsx): the band with its title and its line, the organiser's name
 * left out, and the cards in outline. Nothing of any contest is in it.
 */
function ContestDetailsFrame() {
  return (
    <div className={classes.page} role="status" aria-label={PARTICIPATIONS.loadingContest}>
      <PageHeroBand ring>
        <Container className={classes.heroInner}>
          <Skeleton h={30} w={220} mb={12} aria-hidden />
          <Title order={1} className={classes.title}>
            {PARTICIPATIONS.detailsTitle.open}
          </Title>
          <Text className={classes.lead}>
            <span className={classes.namePlaceholder} aria-hidden /> {PARTICIPATIONS.detailsLead.open}
          </Text>
        </Container>
      </PageHeroBand>
      <Container className={classes.body}>
        <div className={classes.grid} aria-hidden>
          <aside className={classes.aside}>
            <Skeleton h={420} radius="lg" />
          </aside>
          <div className={classes.main}>
            <Skeleton h={520} radius="lg" />
            <Skeleton h={220} radius="lg" />
          </div>
        </div>
      </Container>
    </div>
  );
}

export default function ContestDetailsPage() {
  const id = Number(useParams().id);
  const { user } = useSession();
  const contestQuery = useContestDetails(id);
  const answer = contestQuery.data;
  // The brief is drawn in an interruptible render once it arrives: the loader stays until
  // then, and a phone's main thread is not held for the whole page at once.
  const contest = useDeferredValue(answer);
  const mine = useMyParticipation(id, Boolean(answer && !answer.isOwner));
  // The same for the member's own participation, which arrives after the brief.
  const mineShown = useDeferredValue(mine.data);
  const participation = mineShown ?? null;
  const mineLoading = (mine.isPending && mine.fetchStatus !== 'idle') || (mine.data !== undefined && mineShown === undefined);
  const gate = useParticipationGate(user);
  const [flow, setFlow] = useState<FlowState>(null);
  const [flowOpen, setFlowOpen] = useState(false);

  if (!Number.isInteger(id) || id <= 0) return <NotFound message={CONTESTS.notFound} />;
  if (!contest && !contestQuery.isError) return <ContestDetailsFrame />;
  if (contestQuery.isError || !contest) {
    const error = contestQuery.error;
    return <NotFound message={error instanceof ApiError && error.status !== 500 ? error.message : CONTESTS.notFound} />;
  }

  if (contest.formats.teaser) {
    return (
      <Suspense fallback={<ContestDetailsFrame />}>
        <NdaTeaser contest={contest} />
      </Suspense>
    );
  }

  const format = contest.subCategory.format as Format;
  const style = categoryStyle(contest.idCategory);
  const CategoryIcon = style.icon;
  const category = findCategory(contest.idCategory)?.title;
  const stage = proposalStage(roundOf(contest), participation?.isFinalist ?? false, new Date());
  const site = contest.site?.trim() ? contest.site.trim() : null;
  const href = site ? siteHref(site) : null;
  const sentFiles = (participation?.fileParticipants ?? []).filter((f) => !f.isFinalFile).length;

  function openFlow(startAt: 'commitment' | 'upload') {
    setFlow((current) => ({ key: (current?.key ?? 0) + 1, startAt }));
    setFlowOpen(true);
  }

  function participate() {
    if (!gate()) return;
    const filesFormat = format !== FORMAT.text;
    if (participation?.isParticipating && filesFormat && sentFiles < maxParticipationFiles(format)) return openFlow('upload');
    // A participation with content is complete: the server would refuse a second one with this text.
    if (participation?.isParticipating) return notifyWarning(PARTICIPATIONS.alreadyParticipated);
    openFlow('commitment');
  }

  return (
    <div className={classes.page} style={{ '--cat-accent': style.accent, '--cat-tint': style.tint } as CSSProperties}>
      <PageHeroBand ring>
        <Container className={classes.heroInner}>
          <div className={classes.eyebrow}>
            <span className={classes.eyebrowIcon} aria-hidden>
              <CategoryIcon size={18} stroke={1.8} />
            </span>
            {contest.subCategory.name}
            {category && <span className={classes.eyebrowMuted}> · {category}</span>}
          </div>
          <Title order={1} className={classes.title}>
            {PARTICIPATIONS.detailsTitle[stage]}
          </Title>
          <Text className={classes.lead}>
            <strong>{contest.companyName}</strong> {PARTICIPATIONS.detailsLead[stage]}
          </Text>
        </Container>
      </PageHeroBand>

      <Container className={classes.body}>
        <div className={classes.grid}>
          <aside className={classes.aside}>
            <Paper className={cardClass(classes.infoCard)}>
              <div className={classes.infoHead}>
                <Badge variant="light" color={contest.status === CONTEST_STATUS.open ? 'teal' : 'gray'} radius="sm" className={classes.badge}>
                  {contestStatusLabel(contest.status)}
                </Badge>
                {(contest.hasParticipated || participation?.isParticipating) && (
                  <Badge variant="light" color="green" radius="sm" leftSection={<IconCircleCheckFilled size={14} />} className={classes.badge}>
                    {D.participating}
                  </Badge>
                )}
              </div>
              <div className={classes.gain}>
                <Text className={classes.gainLabel}>{D.gain}</Text>
                <Text className={classes.gainValue}>{formatEuros(contest.gain)}</Text>
                {contest.guaranteed && <GuaranteedPrize explained />}
              </div>
              <FormatBadges formats={contest.formats} />
              <dl className={classes.facts}>
                <Fact icon={<CategoryIcon size={18} stroke={1.7} />} label={D.category}>
                  {category ? `${category} · ${contest.subCategory.name}` : contest.subCategory.name}
                </Fact>
                <Fact icon={<IconCalendarEvent size={18} stroke={1.7} />} label={D.endDate}>
                  {contest.endDate ? (
                    <>
                      <time dateTime={contest.endDate}>{formatDate(contest.endDate)}</time>
                      {contest.status === CONTEST_STATUS.open && <span className={classes.factHint}> · {formatRelativeDay(contest.endDate)}</span>}
                    </>
                  ) : (
                    '—'
                  )}
                </Fact>
                <Fact icon={<IconFileText size={18} stroke={1.7} />} label={D.format} wide>
                  {PARTICIPATIONS.formatThenSource(FORMAT_LABELS[format] ?? FORMAT_LABELS[5])}
                </Fact>
                <Fact icon={<IconTargetArrow size={18} stroke={1.7} />} label={D.expectedResult}>
                  {PARTICIPATIONS.finished}
                </Fact>
                <Fact icon={<IconUsers size={18} stroke={1.7} />} label={D.participations}>
                  {CONTESTS.proposals(contest.participations)}
                </Fact>
                {contest.winners > 0 && (
                  <Fact icon={<IconTrophy size={18} stroke={1.7} />} label={D.winners}>
                    {contest.winners}
                  </Fact>
                )}
              </dl>
              <Actions contest={contest} participation={participation} onParticipate={participate} />
            </Paper>
          </aside>

          <div className={classes.main}>
            <Paper className={cardClass(classes.card)} component="section" aria-labelledby="brief-title">
              <Text className={classes.kicker}>{D.brief}</Text>
              <Title order={2} id="brief-title" className={classes.company}>
                {contest.companyName}
              </Title>
              <div className={classes.fields}>
                <BriefField label={D.companySkills}>
                  <Text className={classes.prose}>{contest.companySkills}</Text>
                </BriefField>
                <BriefField label={D.target}>
                  <Text className={classes.prose}>{contest.target}</Text>
                </BriefField>
                {site && (
                  <BriefField label={D.site}>
                    {href ? (
                      <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" className={classes.site}>
                        {site}
                        <IconExternalLink size={14} aria-hidden />
                      </Anchor>
                    ) : (
                      <Text>{site}</Text>
                    )}
                  </BriefField>
                )}
              </div>
              <div className={classes.sliders}>
                <Text component="h3" className={classes.fieldLabel} mb="md">
                  {D.universe}
                </Text>
                <BriefSliders readOnly value={{ cursorModern: contest.cursorModern, cursorYoung: contest.cursorYoung, cursorFun: contest.cursorFun, cursorLuxury: contest.cursorLuxury }} />
              </div>
            </Paper>

            <Paper className={cardClass(classes.card)} component="section" aria-labelledby="organiser-word">
              <div className={classes.organiser}>
                <Avatar radius="xl" size={48} variant="gradient" gradient={{ from: 'orange.5', to: 'pink.5', deg: 135 }}>
                  {(contest.User.pseudo ?? 'A').slice(0, 1).toUpperCase()}
                </Avatar>
                <div>
                  <Text fw={600}>{contest.User.pseudo ?? PARTICIPATIONS.anonymous}</Text>
                  <Text fz="sm" c="dimmed">
                    {D.createdOn} <time dateTime={contest.createdAt}>{formatDate(contest.createdAt)}</time>
                  </Text>
                </div>
              </div>
              <Title order={2} id="organiser-word" className={classes.sectionTitle}>
                {PARTICIPATIONS.organiserWord}
              </Title>
              <blockquote className={classes.quote}>{contest.message}</blockquote>
            </Paper>

            {!contest.isOwner && contest.formats.proposalsOpen && contest.status >= CONTEST_STATUS.open && <OpenGallery idConcours={contest.id} />}

            {!contest.isOwner && (
              <Suspense
                fallback={
                  <MyParticipationCard>
                    <Skeleton height={80} radius="md" mt="md" />
                  </MyParticipationCard>
                }
              >
                <MyParticipation contest={contest} participation={participation} loading={mineLoading} onAddFiles={() => participate()} />
              </Suspense>
            )}
          </div>
        </div>
      </Container>

      {flow && (
        <ParticipateFlow key={flow.key} contest={contest} participation={participation} opened={flowOpen} onClose={() => setFlowOpen(false)} startAt={flow.startAt} />
      )}
    </div>
  );
}
