/**
 * The one normalisation of the news feed search (docs/PRODUCT-RULES.md §3 "News feed search parameters", §9
 * defaults), shared by the feed's URL (web/lib/news-search.ts) and getHistoricalNews
 * (worker/domains/news/feed/search-params.ts), so the address bar shows what the server applies. Beyond
 * the SPEC rows it enforces the server's bounds: limit clamped to 1..1000, sortBy limited to known
 * orders, symbols uppercased, importance lowercased, list entries trimmed/de-duplicated/capped,
 * search trimmed and capped. Pure: no worker or browser APIs (both tsconfigs include this folder).
 */

export const FEED_LIMIT_DEFAULT = 200;
export const FEED_LIMIT_MAX = 1000;
/** D1 binds at most 100 parameters per query; keep each IN list well below that. */
export const FEED_LIST_MAX = 50;
export const FEED_SEARCH_MAX = 200;
export const FEED_SORT_BY = ['timestamp', 'importance'] as const;

export type FeedSortBy = (typeof FEED_SORT_BY)[number];

/** docs/PRODUCT-RULES.md §3/§6 defaults: limit 200, timestamp descending (the URL leaves them out). */
export const FEED_SEARCH_DEFAULTS = { limit: FEED_LIMIT_DEFAULT, sortBy: 'timestamp', sortOrder: 'desc' } as const;

/** The docs/PRODUCT-RULES.md §3 parameters, normalised; list and text keys only when they hold something. */
export interface FeedSearchParams {
  limit: number;
  importance?: string[];
  symbols?: string[];
  sources?: string[];
  search?: string;
  sortBy: FeedSortBy;
  sortOrder: 'asc' | 'desc';
  onePctMovement?: true;
  /** Only the headlines that hit the caller's own watchlists. */
  watchOnly?: true;
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

export function normaliseFeedSearchParams(input: Record<string, unknown>): FeedSearchParams {
  const limit = toNumber(input.limit);
  const rawSearch =
    typeof input.search === 'string' ? input.search : typeof input.search === 'number' ? String(input.search) : '';
  const search = rawSearch.trim().slice(0, FEED_SEARCH_MAX).trim();

  const result: FeedSearchParams = {
    limit: limit === undefined ? FEED_LIMIT_DEFAULT : Math.min(FEED_LIMIT_MAX, Math.max(1, Math.trunc(limit))),
    sortBy: FEED_SORT_BY.includes(input.sortBy as FeedSortBy) ? (input.sortBy as FeedSortBy) : FEED_SEARCH_DEFAULTS.sortBy,
    sortOrder: input.sortOrder === 'asc' || input.sortOrder === 'desc' ? input.sortOrder : FEED_SEARCH_DEFAULTS.sortOrder,
  };
  const importance = toList(input.importance, (s) => s.toLowerCase());
  const symbols = toList(input.symbols, (s) => s.toUpperCase());
  const sources = toList(input.sources);
  if (importance) result.importance = importance;
  if (symbols) result.symbols = symbols;
  if (sources) result.sources = sources;
  if (search) result.search = search;
  if (input.onePctMovement === true || input.onePctMovement === 'true') result.onePctMovement = true;
  if (input.watchOnly === true || input.watchOnly === 'true') result.watchOnly = true;
  return result;
}
