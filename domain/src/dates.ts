/** Dates shown dd/mm/yyyy, relative "Aujourd'hui", "dans N jour(s)", "Il y a N jour(s)" (docs/product.md §11). */

import { DAY_MS, MINUTE_MS } from './durations';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDate(value: Date | string | number): string {
  const d = new Date(value);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

// Built on first use: building an Intl format loads the locale's data (numbers.ts).
let parisDay: Intl.DateTimeFormat | undefined;

/** dd/mm/yyyy in French time, for texts the server writes whatever its own time zone. */
export function formatParisDate(value: Date | string | number): string {
  parisDay ??= new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: 'numeric' });
  return parisDay.format(new Date(value));
}

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** "12 novembre", "1er mars" (local time), without Intl's start-up cost (numbers.ts). */
export function formatDayMonth(value: Date | string | number): string {
  const d = new Date(value);
  return `${d.getDate() === 1 ? '1er' : d.getDate()} ${MONTHS[d.getMonth()]}`;
}

export function formatTime(value: Date | string | number): string {
  const d = new Date(value);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function formatRelativeDay(value: Date | string | number, now: Date = new Date()): string {
  const days = Math.round((startOfDay(new Date(value)) - startOfDay(now)) / DAY_MS);
  if (days === 0) return "Aujourd'hui";
  const n = Math.abs(days);
  const unit = n > 1 ? 'jours' : 'jour';
  return days > 0 ? `dans ${n} ${unit}` : `Il y a ${n} ${unit}`;
}

/** "2 j 4 h", "3 h 12 min", "12 min": time left until a date, for the conversation status button. */
export function formatTimeLeft(until: Date | string | number, now: Date = new Date()): string {
  const ms = Math.max(0, new Date(until).getTime() - now.getTime());
  const minutes = Math.floor(ms / MINUTE_MS);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} j ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes % 60} min`;
  return `${minutes} min`;
}
