/**
 * Server-side normalisation of the news feed search (SPEC.md §2 "News feed search parameters",
 * §7 getHistoricalNews, §9 defaults). Same rules as web/lib/news-search.ts, plus what the server
 * must enforce: limit clamped to 1..1000, sortBy limited to known columns, symbols uppercased,
 * importance lowercased, list entries trimmed/de-duplicated/capped, the three exclusion flags.
 */

export const FEED_LIMIT_DEFAULT = 200;
export const FEED_LIMIT_MAX = 1000;
/** D1 binds at most 100 parameters per query; keep each IN list well below that. */
export const FEED_LIST_MAX = 50;
export const FEED_SEARCH_MAX = 200;
export const FEED_SORT_BY = ['timestamp', 'importance'] as const;

export type FeedSortBy = (typeof FEED_SORT_BY)[number];

export interface FeedSearch {
  limit: number;
  importance?: string[];
  symbols?: string[];
  sources?: string[];
  search?: string;
  sortBy: FeedSortBy;
  sortOrder: 'asc' | 'desc';
  onePctMovement?: true;
  excludeGarbage: boolean;
  excludeTestNews: boolean;
  includeMetadata: boolean;
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A lone value becomes a one-item list; empty entries go; undefined when nothing is left. */
function toList(value: unknown, transform: (s: string) => string = (s) => s): string[] | undefined {
  const out: string[] = [];
  for (const item of Array.isArray(value) ? value : [value]) {
    const text = typeof item === 'string' ? item : typeof item === 'number' && Number.isFinite(item) ? String(item) : '';
    const clean = transform(text.trim());
    if (clean && !out.includes(clean)) out.push(clean);
    if (out.length >= FEED_LIST_MAX) break;
  }
  return out.length ? out : undefined;
}

export function normaliseFeedSearch(input: Record<string, unknown>): FeedSearch {
  const limit = toNumber(input.limit);
  const rawSearch =
    typeof input.search === 'string' ? input.search : typeof input.search === 'number' ? String(input.search) : '';
  const search = rawSearch.trim().slice(0, FEED_SEARCH_MAX).trim();

  const result: FeedSearch = {
    limit: limit === undefined ? FEED_LIMIT_DEFAULT : Math.min(FEED_LIMIT_MAX, Math.max(1, Math.trunc(limit))),
    sortBy: FEED_SORT_BY.includes(input.sortBy as FeedSortBy) ? (input.sortBy as FeedSortBy) : 'timestamp',
    sortOrder: input.sortOrder === 'asc' || input.sortOrder === 'desc' ? input.sortOrder : 'desc',
    // Default true; only an explicit `false` turns them off.
    excludeGarbage: input.excludeGarbage !== false,
    excludeTestNews: input.excludeTestNews !== false,
    includeMetadata: input.includeMetadata !== false,
  };
  const importance = toList(input.importance, (s) => s.toLowerCase());
  const symbols = toList(input.symbols, (s) => s.toUpperCase());
  const sources = toList(input.sources);
  if (importance) result.importance = importance;
  if (symbols) result.symbols = symbols;
  if (sources) result.sources = sources;
  if (search) result.search = search;
  if (input.onePctMovement === true || input.onePctMovement === 'true') result.onePctMovement = true;
  return result;
}
