/**
 * Step 1 (docs/product.md §11): choose the sub-category, by the search box or by the category tabs.
 * Choosing one loads its options from the server, then step 2 opens.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Autocomplete, Badge, Button, Group, Loader, SimpleGrid, Tabs, Text, UnstyledButton } from '@mantine/core';
import { IconArrowRight, IconSearch } from '@tabler/icons-react';
import { CATEGORIES, FORMAT_LABELS, formatEuros, subCategoriesOf, type SubCategory, MINUTE_MS, CONTESTS, WIZARD } from '@creadefi/domain';
import { notifyError } from '../../ui/feedback';
import { readSubCategory, subCategoryKey } from './api';
import { CategoryArt } from './CategoryArt';
import { stepPath, useWizardState, type WizardDraft, type WizardState } from './draft';
import { exactCategory, exactSubCategory, suggest } from './search';
import { StepFrame } from './StepFrame';
import classes from './parts.module.css';

const NOT_FOUND = `${CONTESTS.unknownSubCategory} ${WIZARD.category.notFoundHint}`;

export default function Step1CategoryPage() {
  const { draft, idCategory } = useWizardState();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState(String(draft?.subCategory.idCategory ?? idCategory ?? CATEGORIES[0]!.id));
  const [query, setQuery] = useState('');
  const [searchError, setSearchError] = useState<string | null>(null);
  const [loadingId, setLoadingId] = useState<number | null>(null);
  // A second click while the first sub-category loads must not start another navigation.
  const busy = useRef(false);
  const tabsRef = useRef<HTMLDivElement>(null);

  const suggestions = suggest(query);
  const data = [
    ...(suggestions.categories.length ? [{ group: WIZARD.category.categories, items: suggestions.categories }] : []),
    ...(suggestions.subCategories.length ? [{ group: WIZARD.category.subCategories, items: suggestions.subCategories }] : []),
  ];

  async function choose(sub: SubCategory) {
    if (busy.current) return;
    busy.current = true;
    setLoadingId(sub.id);
    try {
      const subCategory = await queryClient.fetchQuery({
        queryKey: subCategoryKey(sub.id),
        queryFn: ({ signal }) => readSubCategory(sub.id, signal),
        staleTime: 5 * MINUTE_MS,
      });
      // The brief describes the organiser, not the sub-category: it survives a change of mind.
      const next: WizardDraft = draft && draft.subCategory.id === subCategory.id ? { ...draft, subCategory } : { subCategory, brief: draft?.brief };
      navigate(stepPath(2), { state: { draft: next } satisfies WizardState });
    } catch (error) {
      notifyError(error);
      busy.current = false;
      setLoadingId(null);
    }
  }

  function showCategory(id: number) {
    setTab(String(id));
    tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  function pick(value: string) {
    const sub = exactSubCategory(value);
    if (sub) {
      setSearchError(null);
      setTab(String(sub.idCategory));
      void choose(sub);
      return;
    }
    const category = exactCategory(value);
    if (category) {
      setSearchError(null);
      showCategory(category.id);
      return;
    }
    setSearchError(NOT_FOUND);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    pick(query);
  };

  return (
    <StepFrame title={CONTESTS.step1Title} intro={WIZARD.category.intro} wide>
      <form onSubmit={onSubmit} role="search" className={classes.searchRow}>
        <Autocomplete
          className={classes.searchInput}
          label={WIZARD.category.search}
          placeholder={WIZARD.category.searchPlaceholder}
          size="md"
          leftSection={<IconSearch size={18} stroke={1.8} />}
          data={data}
          // The list above is already the prefix match of docs/product.md §11; Mantine's own filter would widen it.
          filter={({ options }) => options}
          limit={12}
          value={query}
          onChange={(value) => {
            setQuery(value);
            setSearchError(null);
          }}
          onOptionSubmit={pick}
          error={searchError}
          comboboxProps={{ shadow: 'md' }}
        />
        <Button type="submit" size="md" variant="gradient" className={classes.searchButton} disabled={loadingId !== null}>
          {WIZARD.category.searchButton}
        </Button>
      </form>

      <div ref={tabsRef} className={classes.tabsAnchor}>
        <Tabs value={tab} onChange={(v) => v && setTab(v)} keepMounted={false} color="orange" classNames={{ list: classes.tabList, tab: classes.tab }}>
          <Tabs.List aria-label={WIZARD.category.categories}>
            {CATEGORIES.map((c) => (
              <Tabs.Tab key={c.id} value={String(c.id)}>
                {c.title}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {CATEGORIES.map((c) => (
            <Tabs.Panel key={c.id} value={String(c.id)} pt="lg">
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 10, sm: 'md' }} verticalSpacing={{ base: 10, sm: 'md' }}>
                {subCategoriesOf(c.id).map((sub) => (
                  <SubCategoryCard
                    key={sub.id}
                    sub={sub}
                    current={draft?.subCategory.id === sub.id}
                    loading={loadingId === sub.id}
                    disabled={loadingId !== null && loadingId !== sub.id}
                    onChoose={() => void choose(sub)}
                  />
                ))}
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      </div>
    </StepFrame>
  );
}

interface SubCategoryCardProps {
  sub: SubCategory;
  current: boolean;
  loading: boolean;
  disabled: boolean;
  onChoose: () => void;
}

function SubCategoryCard({ sub, current, loading, disabled, onChoose }: SubCategoryCardProps) {
  return (
    <UnstyledButton className={classes.subCard} data-current={current || undefined} onClick={onChoose} disabled={disabled} aria-busy={loading || undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap={6}>
        <CategoryArt idCategory={sub.idCategory} size="sm" />
        {loading ? (
          <Loader size="sm" color="orange" aria-label={WIZARD.loading} />
        ) : (
          <IconArrowRight size={18} className={classes.subCardArrow} aria-hidden />
        )}
      </Group>
      <Text fw={600} mt="sm" lh={1.25} className={classes.subCardTitle}>
        {sub.title}
      </Text>
      <Text size="sm" mt={2} className={classes.subCardPrice}>
        {WIZARD.category.priceFrom(formatEuros(sub.priceCents))}
      </Text>
      <Badge variant="light" color="gray" radius="sm" size="sm" mt="sm" tt="none" fw={500} className={classes.subCardFormat}>
        {FORMAT_LABELS[sub.format]}
      </Badge>
    </UnstyledButton>
  );
}
