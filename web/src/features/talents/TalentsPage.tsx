/** « Trouver des talents »: public talents by wins, filtered by category and level, paged by the server. */
import { Link, useSearchParams } from 'react-router';
import { Alert, Avatar, Container, Group, Pagination, Select, Skeleton, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { CATEGORIES, formatNumber, LEVEL_LABELS, REPUTATION_LEVELS, webPaths, type ReputationLevel, COMMON, TALENTS } from '@creadefi/domain';
import { PageHeroBand, PageHeroIcon, PageHeroLead } from '../../ui/PageHero';
import { LevelBadge } from '../../ui/LevelBadge';
import { EmptyPanel } from '../../ui/EmptyPanel';
import { cardClass } from '../../ui/card';
import { useTalents } from './api';
import classes from './talents.module.css';

const T = TALENTS;
const PAGE_SIZE = 12;

export default function TalentsPage() {
  const [search, setSearch] = useSearchParams();
  const category = Number(search.get('categorie')) || undefined;
  const levelParam = search.get('niveau');
  const level = REPUTATION_LEVELS.includes(levelParam as ReputationLevel) ? (levelParam as ReputationLevel) : undefined;
  const page = Math.max(1, Number(search.get('page')) || 1);
  const query = useTalents({ category, level, page, pageSize: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setSearch(next);
  };

  return (
    <div>
      <PageHeroBand>
        <Container size="lg" className={classes.heroInner}>
          <Group gap="sm" wrap="nowrap">
            <PageHeroIcon>
              <IconUsers size={24} stroke={1.6} />
            </PageHeroIcon>
            <Title order={1}>{T.listTitle}</Title>
          </Group>
          <PageHeroLead>{T.listLead}</PageHeroLead>
        </Container>
      </PageHeroBand>
      <Container size="lg" className={classes.page}>
        <Group mb="lg" gap="md" align="end">
          <Select
            label={T.categoryFilter}
            data={[{ value: '', label: T.allCategories }, ...CATEGORIES.map((c) => ({ value: String(c.id), label: c.title }))]}
            value={category ? String(category) : ''}
            onChange={(v) => update({ categorie: v || null, page: null })}
            allowDeselect={false}
            w={240}
          />
          <Select
            label={T.levelFilter}
            data={[{ value: '', label: T.allLevels }, ...REPUTATION_LEVELS.map((l) => ({ value: l, label: LEVEL_LABELS[l] }))]}
            value={level ?? ''}
            onChange={(v) => update({ niveau: v || null, page: null })}
            allowDeselect={false}
            w={200}
          />
        </Group>
        {query.isError ? (
          <Alert color="red" variant="light">
            {COMMON.serverError}
          </Alert>
        ) : !query.data ? (
          <Skeleton h={160} radius="md" aria-hidden />
        ) : query.data.talents.length === 0 ? (
          <EmptyPanel icon={<IconUsers size={34} stroke={1.5} />} title={T.listEmpty} />
        ) : (
          <>
            <ul className={classes.talentGrid}>
              {query.data.talents.map((talent) => (
                <li key={talent.pseudo}>
                  <Link to={webPaths.talent(talent.pseudo)} className={cardClass(classes.talentCard)}>
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap" miw={0}>
                        {/* Beside the pseudo, the photo adds no words: its text is empty. */}
                        <Avatar src={talent.avatarUrl} name={talent.pseudo} alt="" size={40} radius="xl" color="orange" />
                        <Text fw={600} truncate>
                          {talent.pseudo}
                        </Text>
                      </Group>
                      <LevelBadge level={talent.level} />
                    </Group>
                    <Text fz="sm" c="dimmed">
                      {T.wins(talent.wins)} · {T.proposals(talent.proposals)}
                    </Text>
                    <Text fz="sm">{talent.averageStars === null ? T.noRating : T.averageLine(formatNumber(talent.averageStars), talent.ratedContests)}</Text>
                    {talent.categories.length > 0 && (
                      <Text fz="xs" c="dimmed">
                        {talent.categories.map((c) => c.name).join(' · ')}
                      </Text>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <Group justify="center" mt="xl">
                <Pagination total={pages} value={Math.min(page, pages)} onChange={(n) => update({ page: n > 1 ? String(n) : null })} color="orange" radius="xl" />
              </Group>
            )}
          </>
        )}
      </Container>
    </div>
  );
}
