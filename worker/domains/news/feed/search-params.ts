import { normaliseFeedSearchParams, type FeedSearchParams } from '../../../contract/news-search';

/** getHistoricalNews input, normalised: the shared docs/PRODUCT-RULES.md §3 rules plus §7's three flags. */
export interface FeedSearch extends FeedSearchParams {
  excludeGarbage: boolean;
  excludeTestNews: boolean;
  includeMetadata: boolean;
}

/**
 * Server side of the feed search (docs/PRODUCT-RULES.md §3 "News feed search parameters", §7 getHistoricalNews):
 * the URL parameters exactly as the web feed normalises them (contract/news-search.ts), then
 * the exclusion flags, which default to true (only an explicit `false` turns one off).
 */
export function normaliseFeedSearch(input: Record<string, unknown>): FeedSearch {
  return {
    ...normaliseFeedSearchParams(input),
    excludeGarbage: input.excludeGarbage !== false,
    excludeTestNews: input.excludeTestNews !== false,
    includeMetadata: input.includeMetadata !== false,
  };
}
