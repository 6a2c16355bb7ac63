import { FEED_SEARCH_DEFAULTS, normaliseFeedSearchParams, type FeedSearchParams } from '@contract/news-search';

/** The news feed's search parameters and their defaults (docs/PRODUCT-RULES.md §6: limit 200, timestamp descending). */
export const NEWS_SEARCH_DEFAULTS = FEED_SEARCH_DEFAULTS;

/** The feed's URL search as components read and change it (every key optional). */
export interface NewsSearch {
  limit?: number;
  importance?: string[];
  symbols?: string[];
  sources?: string[];
  search?: string;
  sortBy?: string;
  sortOrder?: 'asc' | 'desc';
  onePctMovement?: true;
  /** Only the headlines that hit the user's own watchlists. */
  watchOnly?: true;
}

/** Every filter of the feed left out (what "clear filters" sets); the defaults (limit, sort) stay. */
export const NO_FEED_FILTERS: Record<Exclude<keyof FeedSearchParams, keyof typeof FEED_SEARCH_DEFAULTS>, undefined> = {
  importance: undefined,
  symbols: undefined,
  sources: undefined,
  search: undefined,
  onePctMovement: undefined,
  watchOnly: undefined,
};

/**
 * The feed route's validateSearch: the same normalisation the server applies to getHistoricalNews
 * (worker/contract/news-search.ts), so the address bar never shows a value the server reads
 * differently. Every key is present (undefined when absent) so a dropped value also leaves the URL:
 * the router keeps raw parameters the validator does not mention.
 */
export function normalizeNewsSearch(raw: Record<string, unknown>): NewsSearch {
  return { ...NO_FEED_FILTERS, ...normaliseFeedSearchParams(raw) };
}
