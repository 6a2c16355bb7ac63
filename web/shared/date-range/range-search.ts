/**
 * The URL side of the shared date range (`?range=7d`, `?range=custom&from=…&to=…`), kept apart from
 * lib/date-range.ts because route search validation is part of every page's first load.
 */
export type RangePreset = '24h' | '7d' | '30d' | '90d';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A local `YYYY-MM-DD` as a Date at local midnight, or null when it is not a real day. */
export function parseDay(value: string): Date | null {
  if (!ISO_DAY.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export interface RangeSearch {
  range?: RangePreset | 'custom';
  from?: string;
  to?: string;
}

/** Reads `?range=&from=&to=`; anything invalid falls back to "not set". */
export function parseRangeSearch(raw: Record<string, unknown>): RangeSearch {
  const range = raw.range;
  if (range === 'custom') {
    const from = typeof raw.from === 'string' && parseDay(raw.from) ? raw.from : undefined;
    const to = typeof raw.to === 'string' && parseDay(raw.to) ? raw.to : undefined;
    return from && to ? { range, from, to } : {};
  }
  if (range === '24h' || range === '7d' || range === '90d') return { range };
  return {};
}
