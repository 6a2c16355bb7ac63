import type { DayPerformance } from '@contract/performance';

/**
 * The daily PnL calendar's arithmetic, all in UTC days (the performance procedure's days): the
 * month's grid (weeks from Monday), the keyboard moves and each day's shade.
 */
const DAY = 86_400_000;

/** The first UTC day (ms) of the month that holds `ts`. */
export function monthOf(ts: number): number {
  const d = new Date(ts);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The first day of the month `n` months after `month`'s (n may be negative). */
export function addMonths(month: number, n: number): number {
  const d = new Date(month);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** The month's days, in weeks from Monday; days of the neighbouring months are null. */
export function monthGrid(month: number): (number | null)[][] {
  const first = monthOf(month);
  const next = addMonths(first, 1);
  const lead = (new Date(first).getUTCDay() + 6) % 7;
  const cells: (number | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day < next; day += DAY) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/**
 * Where a key moves the focused day (null: not a calendar key): arrows by a day or a week, Home and
 * End to the week's Monday and Sunday, PageUp and PageDown by a month (the same date, or the
 * month's last if shorter). The result may lie in another month: the calendar then shows that one.
 */
export function moveDay(day: number, key: string): number | null {
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return day - DAY;
    case 'ArrowRight':
      return day + DAY;
    case 'ArrowUp':
      return day - 7 * DAY;
    case 'ArrowDown':
      return day + 7 * DAY;
    case 'Home':
      return day - weekday * DAY;
    case 'End':
      return day + (6 - weekday) * DAY;
    case 'PageUp':
    case 'PageDown': {
      const target = addMonths(monthOf(day), key === 'PageUp' ? -1 : 1);
      const last = addMonths(target, 1) - DAY;
      return Math.min(target + (new Date(day).getUTCDate() - 1) * DAY, last);
    }
    default:
      return null;
  }
}

/** The days by their start (ms), for the grid's look-ups. */
export const daysByStart = (days: DayPerformance[]) => new Map(days.map((d) => [d.day, d]));

/**
 * A day's tint strength, 0–60 (% of the success or loss colour mixed into the cell): by |net|
 * against the month's largest |net|, with a floor so a small day still shows its sign.
 */
export function shade(net: number, maxAbs: number): number {
  if (net === 0 || maxAbs === 0) return 0;
  return Math.round(12 + (48 * Math.min(Math.abs(net), maxAbs)) / maxAbs);
}

/** The largest |net| of the days (the month's scale). */
export const largestNet = (days: Iterable<DayPerformance>) => {
  let max = 0;
  for (const d of days) max = Math.max(max, Math.abs(d.net));
  return max;
};
