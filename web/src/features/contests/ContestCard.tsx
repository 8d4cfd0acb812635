/**
 * A card of the open-contest listing (docs/product.md §11): what is asked, by whom, for how much and
 * until when. The whole card opens the contest; its one link is the button, stretched over
 * the card so that keyboard and screen-reader users meet a single, named target.
 */
import { lazy, Suspense, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Button, Text } from '@mantine/core';
import { IconArrowRight, IconCalendarEvent, IconCircleCheckFilled, IconUsers } from '@tabler/icons-react';
import { GuaranteedPrize } from '../../ui/GuaranteedPrize';
import { CARD_DESCRIPTION_LIMIT, cardExcerpt, CONTESTS, findCategory, formatDate, formatEuros, formatRelativeDay, type ContestCardDto, CONTEST_SCREENS } from '@creadefi/domain';
import { paths } from '../../app/paths';
import { categoryStyle } from '../../ui/category-style';
import band from '../../ui/category-band.module.css';
import classes from './ContestCard.module.css';

const ParticipatedTooltip = lazy(() => import('./ParticipatedTooltip'));

/** On a phone the card is as wide as the screen but short: a shorter excerpt keeps cards even (docs/product.md §11). */
const NARROW_CARD_DESCRIPTION_LIMIT = 90;
export const ALREADY_PARTICIPATED = CONTEST_SCREENS.card.alreadyParticipated;

/**
 * The mark shows at once; its tooltip (and the positioning code behind it, ≈ 20 Ko gzip)
 * follows, so that the cards do not wait for it.
 */
function ParticipatedMark() {
  const mark = (
    <span className={classes.check} role="img" aria-label={ALREADY_PARTICIPATED} tabIndex={0}>
      <IconCircleCheckFilled size={26} aria-hidden />
    </span>
  );
  return (
    <Suspense fallback={mark}>
      <ParticipatedTooltip label={ALREADY_PARTICIPATED}>{mark}</ParticipatedTooltip>
    </Suspense>
  );
}

export function ContestCard({ contest, viewerId }: { contest: ContestCardDto; viewerId: number | undefined }) {
  const style = categoryStyle(contest.idCategory);
  const Icon = style.icon;
  const category = findCategory(contest.idCategory)?.title ?? '';
  const isOwner = viewerId !== undefined && contest.idConcoureur === viewerId;
  // Both excerpts, the stylesheet showing the one for the screen's width: the card reads the
  // same on the server that draws it and in the browser that takes it over, and a phone shows the
  // short one from the first paint.
  const description = cardExcerpt(contest.message, CARD_DESCRIPTION_LIMIT);
  const shortDescription = cardExcerpt(contest.message, NARROW_CARD_DESCRIPTION_LIMIT);

  return (
    <article className={classes.card} style={{ '--cat-accent': style.accent, '--cat-tint': style.tint } as CSSProperties} aria-label={`${contest.subCategory.name} — ${contest.companyName}`}>
      <header className={`${band.band} ${classes.band}`}>
        <span className={band.icon} aria-hidden>
          <Icon size={22} stroke={1.7} />
        </span>
        <div className={classes.kind}>
          <Text component="p" className={classes.subCategory} lineClamp={1}>
            {contest.subCategory.name}
          </Text>
          <Text component="p" className={classes.category}>
            {category}
          </Text>
        </div>
        {contest.hasParticipated && <ParticipatedMark />}
      </header>

      <div className={classes.body}>
        <Text component="h3" className={classes.company} lineClamp={1} title={contest.companyName}>
          {contest.companyName}
        </Text>
        {shortDescription === description ? (
          <Text className={classes.description}>{description}</Text>
        ) : (
          <>
            <Text className={`${classes.description} ${classes.wideOnly}`}>{description}</Text>
            <Text className={`${classes.description} ${classes.narrowOnly}`}>{shortDescription}</Text>
          </>
        )}
      </div>

      <dl className={classes.facts}>
        <div className={classes.gain}>
          <dt className={classes.label}>{CONTEST_SCREENS.card.gain}</dt>
          <dd className={classes.gainValue}>{formatEuros(contest.gain)}</dd>
          {contest.guaranteed && (
            <dd>
              <GuaranteedPrize />
            </dd>
          )}
        </div>
        <div className={classes.end}>
          <dt className={classes.label}>
            <IconCalendarEvent size={14} aria-hidden /> {CONTEST_SCREENS.card.end}
          </dt>
          <dd className={classes.endValue}>
            {contest.endDate ? (
              <>
                <time dateTime={contest.endDate}>{formatDate(contest.endDate)}</time>
                <span className={classes.relative}>{formatRelativeDay(contest.endDate)}</span>
              </>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>

      <footer className={classes.footer}>
        <span className={classes.proposals}>
          <IconUsers size={16} aria-hidden />
          {CONTESTS.proposals(contest.participations)}
        </span>
        {isOwner ? (
          <Button component={Link} to={paths.proposals(contest.id)} variant="light" color="orange" className={classes.action} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {CONTESTS.seeProposals}
          </Button>
        ) : (
          <Button component={Link} to={paths.contestDetails(contest.id)} variant="gradient" className={classes.action} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {CONTESTS.participate}
          </Button>
        )}
      </footer>
    </article>
  );
}
