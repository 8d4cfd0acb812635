/**
 * A talent's public profile (docs/product.md « Talents »): level, wins, average stars,
 * proposals, member since, presentation, categories and the portfolio of won works their
 * organisers allowed, shown by their reduced previews. A signed-in organiser invites the
 * talent to one of their open contests from here.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Avatar, Badge, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconUserPlus } from '@tabler/icons-react';
import { formatMonthYear, formatNumber, type TalentProfileDto, TALENTS } from '@creadefi/domain';
import { ApiError } from '../../api/client';
import { useSession } from '../../app/session';
import { PageHeroBand } from '../../ui/PageHero';
import { LevelBadge } from '../../ui/LevelBadge';
import { cardClass } from '../../ui/card';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { useTalentProfile } from './api';
import { InviteDialog } from './InviteDialog';
import classes from './talents.module.css';

const T = TALENTS;

function Stats({ talent }: { talent: TalentProfileDto }) {
  const average = talent.averageStars === null ? T.noRating : T.averageOf(formatNumber(talent.averageStars), talent.ratedContests);
  return (
    <section className={cardClass(classes.card)} aria-label={T.level}>
      <div className={classes.stats}>
        <div className={classes.stat}>
          <span className={classes.statValue}>{talent.wins}</span>
          <Text c="dimmed" fz="sm">
            {T.winsLabel(talent.wins)}
          </Text>
        </div>
        <div className={classes.stat}>
          <span className={classes.statValue}>{talent.proposals}</span>
          <Text c="dimmed" fz="sm">
            {T.proposalsLabel(talent.proposals)}
          </Text>
        </div>
        <div className={classes.stat} style={{ gridColumn: '1 / -1' }}>
          <span className={classes.statValue}>{average}</span>
          <Text c="dimmed" fz="sm">
            {T.averageStars}
          </Text>
        </div>
      </div>
      <Text fz="sm" mt="md" c="dimmed">
        {T.memberSince(formatMonthYear(talent.memberSince))}
      </Text>
    </section>
  );
}

export function TalentProfile({ talent, canInvite }: { talent: TalentProfileDto; canInvite: boolean }) {
  const [inviting, setInviting] = useState(false);
  return (
    <div>
      <PageHeroBand>
        <Container size="lg" className={classes.heroInner}>
          <div className={classes.heroRow}>
            <div className={classes.identity}>
              {/* Beside the pseudo's heading, the photo adds no words: its text is empty. */}
              <Avatar src={talent.avatarUrl} size={72} radius="xl" color="orange" variant="white" name={talent.pseudo} alt="" />
              <div>
                <Title order={1} className={classes.pseudo}>
                  {talent.pseudo}
                </Title>
                <Group gap="xs" mt={6}>
                  <LevelBadge level={talent.level} size="md" />
                </Group>
              </div>
            </div>
            {canInvite && (
              <Button variant="white" color="ink.8" leftSection={<IconUserPlus size={18} />} onClick={() => setInviting(true)}>
                {T.invite}
              </Button>
            )}
          </div>
        </Container>
      </PageHeroBand>
      <Container size="lg" className={classes.page}>
        <div className={classes.layout}>
          <Stack gap="lg">
            <Stats talent={talent} />
            <section className={cardClass(classes.card)} aria-labelledby="talent-categories">
              <h2 id="talent-categories" className={classes.cardTitle}>
                {T.categories}
              </h2>
              {talent.categories.length === 0 ? (
                <Text c="dimmed" fz="sm">
                  {T.noCategories}
                </Text>
              ) : (
                <Group gap={6}>
                  {talent.categories.map((c) => (
                    <Badge key={c.id} variant="outline" color="ink.6" radius="sm">
                      {c.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </section>
          </Stack>
          <Stack gap="lg">
            <section className={cardClass(classes.card)} aria-labelledby="talent-bio">
              <h2 id="talent-bio" className={classes.cardTitle}>
                {T.bio}
              </h2>
              <Text className={classes.bio} c={talent.bio ? undefined : 'dimmed'}>
                {talent.bio || T.noBio}
              </Text>
            </section>
            <section aria-labelledby="talent-portfolio">
              <h2 id="talent-portfolio" className={classes.cardTitle}>
                {T.portfolio}
              </h2>
              {talent.portfolio.length === 0 ? (
                <EmptyPanel title={T.portfolioEmpty} />
              ) : (
                <ul className={classes.portfolio}>
                  {talent.portfolio.map((work) => (
                    <li key={work.idParticipation}>
                      <figure className={classes.work}>
                        <img src={work.previewUrl} alt={T.portfolioItem(work.companyName)} loading="lazy" />
                        <figcaption>{work.companyName}</figcaption>
                      </figure>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </Stack>
        </div>
      </Container>
      {canInvite && <InviteDialog pseudo={talent.pseudo} opened={inviting} onClose={() => setInviting(false)} />}
    </div>
  );
}

export default function TalentProfilePage() {
  const { pseudo = '' } = useParams();
  const query = useTalentProfile(pseudo);
  const { user } = useSession();
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Container size="sm" py={60}>
        <Alert color={missing ? 'gray' : 'red'} variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {missing ? T.notFound : T.loadFailed}
        </Alert>
      </Container>
    );
  }
  if (!query.data) {
    return (
      <Container size="lg" py={40} aria-hidden>
        <Skeleton h={120} radius="md" mb="lg" />
        <Skeleton h={240} radius="md" />
      </Container>
    );
  }
  return <TalentProfile talent={query.data} canInvite={Boolean(user) && user?.pseudo !== query.data.pseudo} />;
}
