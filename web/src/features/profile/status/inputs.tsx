import { useCallback, useEffect, useId, useState } from 'react';
import { Select, type ComboboxItem, type OptionsFilter, type SelectProps } from '@mantine/core';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { BIRTH_DATE_MIN, countryOptions, isoToday, latestAdultBirthDate, PROFILE_SCREENS } from '@creadefi/domain';
import { parseFrenchDate } from './form';

const COUNTRIES = countryOptions();

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** "etats" finds "États-Unis", and the ISO code works too ("DE"). */
const countryFilter: OptionsFilter = ({ options, search }) => {
  const q = fold(search);
  if (!q) return options;
  return (options as ComboboxItem[]).filter((o) => fold(o.label).includes(q) || o.value.toLowerCase() === q);
};

/**
 * Closed, the select holds only the chosen country; the full list of some 250 arrives when it
 * opens. The form has up to eleven of these, and every keystroke re-renders them all.
 */
export function CountrySelect({ value, ...props }: Omit<SelectProps, 'data' | 'onDropdownOpen' | 'onDropdownClose'>) {
  const [open, setOpen] = useState(false);
  const data = open ? COUNTRIES : COUNTRIES.filter((c) => c.value === value);
  return (
    <Select
      data={data}
      value={value}
      searchable
      // Picking the country already shown must keep it, not empty the field.
      allowDeselect={false}
      filter={countryFilter}
      nothingFoundMessage={PROFILE_SCREENS.noCountry}
      maxDropdownHeight={260}
      autoComplete="off"
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      {...props}
    />
  );
}

/** The picker's gap below its field, as Mantine draws it. */
const PICKER_GAP = 8;

/**
 * Birthdays are typed or picked dd/mm/yyyy, between 1900 and today (docs/product.md §8). For the
 * member's own (`adult`), the calendar offers no day after their 18th birthday; a later date
 * typed by hand is kept, so the form can say why it is refused rather than drop it.
 *
 * The refusal is written below the field, where the calendar opens: the form puts the focus
 * back in a refused field, which opens the calendar over the very sentence that says why. The
 * calendar then opens below the refusal instead.
 */
export function BirthdayInput({ adult = false, id, error, popoverProps, ...props }: Omit<DateInputProps, 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate' | 'excludeDate'> & { adult?: boolean }) {
  const [today] = useState(() => isoToday());
  const [latestAdult] = useState(() => latestAdultBirthDate());
  // The calendar opens on the 1990s rather than on this decade, where no adult was born.
  const [opening] = useState(() => `${new Date().getFullYear() - 35}-01-01`);
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const [errorDepth, setErrorDepth] = useState(0);
  // How far the refusal reaches below the field: it wraps on a phone, and its length varies.
  const measure = useCallback(() => {
    const field = document.getElementById(inputId);
    const refusal = document.getElementById(`${inputId}-error`);
    setErrorDepth(field && refusal ? Math.max(0, refusal.getBoundingClientRect().bottom - field.getBoundingClientRect().bottom) : 0);
  }, [inputId]);
  // Measured once the refusal is drawn, before the calendar that the focus opens is placed.
  useEffect(() => {
    const frame = requestAnimationFrame(measure);
    return () => cancelAnimationFrame(frame);
  }, [measure, error]);
  return (
    <DateInput
      id={inputId}
      error={error}
      valueFormat="DD/MM/YYYY"
      dateParser={parseFrenchDate}
      minDate={BIRTH_DATE_MIN}
      maxDate={today}
      excludeDate={adult ? (day) => day > latestAdult : undefined}
      placeholder={PROFILE_SCREENS.datePlaceholder}
      defaultLevel="decade"
      defaultDate={opening}
      {...props}
      popoverProps={{
        withinPortal: true,
        ...popoverProps,
        offset: PICKER_GAP + errorDepth,
        onOpen: () => {
          measure();
          popoverProps?.onOpen?.();
        },
      }}
    />
  );
}
