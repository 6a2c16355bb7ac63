/**
 * The shared date range (docs/PRODUCT-RULES.md §6): last 30 days by default (start of the day 29 days ago to the end
 * of today, local time). Presets 24h / 7d / 30d / 90d, or a custom span of whole local days.
 * Pages that draw history keep it in their URL (`?range=7d`, `?range=custom&from=…&to=…`; the
 * default is left out) and in the in-memory store of shared-range.ts, so the choice follows the user
 * across pages. This module stays free of React: route search validation imports it.
 */
import { parseDay, type RangePreset, type RangeSearch } from './range-search';

export type { RangePreset, RangeSearch } from './range-search';
export { parseRangeSearch } from './range-search';
export type DateRange = { preset: RangePreset } | { preset: 'custom'; from: string; to: string };

export const RANGE_PRESETS: { value: RangePreset; label: string; days?: number }[] = [
  { value: '24h', label: '24h' },
  { value: '7d', label: '7d', days: 7 },
  { value: '30d', label: '30d', days: 30 },
  { value: '90d', label: '90d', days: 90 },
];

export const DEFAULT_RANGE: DateRange = { preset: '30d' };
/** getAccountHistory refuses spans over 400 days. */
export const MAX_RANGE_DAYS = 400;

const DAY = 86_400_000;
const MINUTE = 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** A Date as local `YYYY-MM-DD` (what `<input type="date">` reads and writes). */
export function toDayString(date: Date) {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function startOfDay(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

function endOfDay(date: Date) {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime() - 1;
}

/** The range as epoch milliseconds `[from, to]` for getAccountHistory. */
export function resolveRange(range: DateRange, now: Date = new Date()): { from: number; to: number } {
  if (range.preset === '24h') {
    // Whole minutes, so the query key changes at most once a minute.
    const to = Math.ceil(now.getTime() / MINUTE) * MINUTE;
    return { from: to - DAY, to };
  }
  if (range.preset === 'custom') {
    let a = parseDay(range.from) ?? now;
    let b = parseDay(range.to) ?? now;
    if (a.getTime() > b.getTime()) [a, b] = [b, a];
    const to = endOfDay(b);
    const from = Math.max(startOfDay(a), to + 1 - MAX_RANGE_DAYS * DAY);
    return { from, to };
  }
  const days = RANGE_PRESETS.find((p) => p.value === range.preset)?.days ?? 30;
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1));
  return { from: startOfDay(first), to: endOfDay(now) };
}

export function rangeFromSearch(search: RangeSearch): DateRange | null {
  if (search.range === 'custom' && search.from && search.to) return { preset: 'custom', from: search.from, to: search.to };
  if (search.range && search.range !== 'custom') return { preset: search.range };
  return null;
}

/** The search params for a range; the default range leaves the URL clean. */
export function rangeToSearch(range: DateRange): RangeSearch {
  if (range.preset === 'custom') return { range: 'custom', from: range.from, to: range.to };
  return range.preset === DEFAULT_RANGE.preset
    ? { range: undefined, from: undefined, to: undefined }
    : { range: range.preset, from: undefined, to: undefined };
}

export function sameRange(a: DateRange, b: DateRange) {
  if (a.preset !== b.preset) return false;
  return a.preset !== 'custom' || (b.preset === 'custom' && a.from === b.from && a.to === b.to);
}

/** Human label: `Last 30 days`, `Nov 1 – Nov 22`. */
export function describeRange(range: DateRange) {
  if (range.preset === '24h') return 'Last 24 hours';
  if (range.preset !== 'custom') return `Last ${range.preset.replace('d', '')} days`;
  return `${range.from} → ${range.to}`;
}
