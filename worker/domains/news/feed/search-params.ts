import { normaliseFeedSearchParams, type FeedSearchParams } from '../../../contract/news-search';

/** getHistoricalNews input, normalised: the shared SPEC §2 rules plus §7's three flags. */
export interface FeedSearch extends FeedSearchParams {
  excludeGarbage: boolean;
  excludeTestNews: boolean;
  includeMetadata: boolean;
}

/**
 * Server side of the feed search (SPEC.md §2 "News feed search parameters", §7 getHistoricalNews):
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
