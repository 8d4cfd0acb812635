/**
 * « Rechercher un concours »: the search box of the listing's header and of the search page.
 * Sending it opens the search page with the words in the address, where they can be shared.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH } from '@creadefi/domain';
import { paths } from '../../app/paths';
import classes from './SearchBox.module.css';

const T = SEARCH.box;

export interface SearchBoxProps {
  /** The words already searched, shown in the box. */
  initialQuery?: string;
  /** What to do with the words; by default, open the search page with them. */
  onSearch?: (q: string) => void;
  /** For a page whose heading already says « Rechercher un concours »: the label is read, not shown. */
  hideLabel?: boolean;
}

export function SearchBox({ initialQuery = '', onSearch, hideLabel = false }: SearchBoxProps) {
  const navigate = useNavigate();
  const [q, setQ] = useState(initialQuery);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = q.trim();
    if (onSearch) onSearch(words);
    else void navigate(words === '' ? paths.search : `${paths.search}?${new URLSearchParams({ q: words })}`);
  };

  return (
    <form role="search" className={classes.form} onSubmit={submit} aria-label={T.label}>
      <TextInput
        className={classes.input}
        type="search"
        label={T.label}
        labelProps={{ className: hideLabel ? 'cd-sr-only' : classes.label }}
        placeholder={T.placeholder}
        value={q}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        onChange={(event) => setQ(event.currentTarget.value)}
        radius="xl"
        size="md"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSectionWidth={48}
        rightSection={
          <ActionIcon type="submit" variant="gradient" radius="xl" size={36} aria-label={T.submit}>
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        }
      />
    </form>
  );
}
