import { IMPORTANCE_RANK } from '@contract/enums';
import type { NewsItemDto } from '@contract/news';
import type { RpcInputs } from '@contract/types';
import { isWatchHit } from '~/shared/watchlists/watch-store';
import { NEWS_SEARCH_DEFAULTS, type NewsSearch } from './news-search';

/**
 * Pure helpers of the news feed (docs/PRODUCT-RULES.md §7): the request built from the URL search, the same
 * filters applied to items that arrive live, the order of the list and paging.
 */
export type NewsItem = NewsItemDto;
export type HistoricalNewsInput = NonNullable<RpcInputs['getHistoricalNews']>;

/** Display choices that are not part of the shared URL: test and garbage items are hidden by default. */
export interface FeedView {
  showTest: boolean;
  showGarbage: boolean;
}

export const DEFAULT_FEED_VIEW: FeedView = { showTest: false, showGarbage: false };

/** The getHistoricalNews input for a normalised search (the three flags default to true). */
export function historicalInput(search: NewsSearch, view: FeedView = DEFAULT_FEED_VIEW): HistoricalNewsInput {
  const input: HistoricalNewsInput = {
    limit: search.limit ?? NEWS_SEARCH_DEFAULTS.limit,
    sortBy: search.sortBy ?? NEWS_SEARCH_DEFAULTS.sortBy,
    sortOrder: search.sortOrder ?? NEWS_SEARCH_DEFAULTS.sortOrder,
    excludeGarbage: !view.showGarbage,
    excludeTestNews: !view.showTest,
    includeMetadata: true,
  };
  if (search.importance?.length) input.importance = search.importance;
  if (search.symbols?.length) input.symbols = search.symbols;
  if (search.sources?.length) input.sources = search.sources;
  if (search.search?.trim()) input.search = search.search.trim();
  if (search.onePctMovement) input.onePctMovement = true;
  if (search.watchOnly) input.watchOnly = true;
  return input;
}

/** Whether any filter narrows the feed (the sort and the limit do not count). */
export function hasActiveFilters(search: NewsSearch) {
  return Boolean(
    search.importance?.length ||
    search.symbols?.length ||
    search.sources?.length ||
    search.search?.trim() ||
    search.onePctMovement ||
    search.watchOnly,
  );
}

/**
 * Older pages are loaded only in the default order (newest first): the server's cursor follows the
 * timestamp order, and the list's "load older" is about time.
 */
export function canPageOlder(search: NewsSearch) {
  return (search.sortBy ?? 'timestamp') === 'timestamp' && (search.sortOrder ?? 'desc') === 'desc';
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Words as the FTS5 unicode61 tokenizer sees them: lowercased, diacritics removed. */
export function searchTokens(text: string): string[] {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().match(WORD) ?? [];
}

const FTS_OPERATORS = new Set(['AND', 'OR', 'NOT', 'NEAR']);

/**
 * Each typed word is a phrase of its pieces ("U.S." → u s); bare operators typed in capitals are
 * dropped, like the server's fts-query.ts does.
 */
function queryPhrases(query: string): string[][] {
  return query
    .normalize('NFKC')
    .split(/\s+/u)
    .map((word) => (word.match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).filter((piece) => !FTS_OPERATORS.has(piece)).flatMap(searchTokens))
    .filter((phrase) => phrase.length > 0)
    .slice(0, 16);
}

function hasPhrase(haystack: string[], phrase: string[], prefixLast: boolean) {
  outer: for (let i = 0; i + phrase.length <= haystack.length; i++) {
    for (let j = 0; j < phrase.length; j++) {
      const word = haystack[i + j] ?? '';
      const wanted = phrase[j] ?? '';
      const last = prefixLast && j === phrase.length - 1;
      if (last ? !word.startsWith(wanted) : word !== wanted) continue outer;
    }
    return true;
  }
  return false;
}

/** The feed's full-text search applied in the browser (title, body, author; every word; last one as a prefix). */
export function matchesText(item: Pick<NewsItem, 'title' | 'body' | 'author'>, query: string | undefined) {
  if (!query?.trim()) return true;
  const phrases = queryPhrases(query);
  if (!phrases.length) return true;
  const fields = [item.title, item.body ?? '', item.author ?? ''].map(searchTokens);
  return phrases.every((phrase, index) => fields.some((field) => hasPhrase(field, phrase, index === phrases.length - 1)));
}

/** Whether an item that arrived live belongs in the current view (the server's filters, in the browser). */
export function matchesFeed(item: NewsItem, search: NewsSearch, view: FeedView = DEFAULT_FEED_VIEW) {
  if (item.isGarbage && !view.showGarbage) return false;
  if (item.isTest && !view.showTest) return false;
  if (search.onePctMovement && !item.onePctMovement) return false;
  // The server's hit table on the page; live, the hits the alert stream brought (watch-store).
  if (search.watchOnly && !isWatchHit(item.id)) return false;
  if (search.importance?.length && !search.importance.some((i) => i.trim().toLowerCase() === item.importance)) return false;
  if (search.symbols?.length) {
    const wanted = search.symbols.map((s) => s.trim().toUpperCase());
    if (!item.symbols.some((s) => wanted.includes(s.toUpperCase()))) return false;
  }
  if (search.sources?.length) {
    const sources = search.sources.map((s) => s.trim());
    if (!sources.includes(item.sourceKind) && !sources.includes(item.sourceId)) return false;
  }
  return matchesText(item, search.search);
}

/**
 * The list order: newest first by default; by importance (most important first for `desc`), newest
 * first within one importance.
 */
export function compareItems(search: NewsSearch): (a: NewsItem, b: NewsItem) => number {
  const direction = (search.sortOrder ?? 'desc') === 'asc' ? -1 : 1;
  if (search.sortBy === 'importance') {
    return (a, b) => direction * (IMPORTANCE_RANK[b.importance] - IMPORTANCE_RANK[a.importance]) || b.ts - a.ts || b.id - a.id;
  }
  return (a, b) => direction * (b.ts - a.ts || b.id - a.id);
}

/**
 * One list from the fetched pages and the items that arrived live: de-duplicated by id, filtered,
 * in order. A live item that sorts after the last fetched one is left out while older pages are
 * still to come (it belongs to a page not loaded yet).
 */
export function mergeFeed({
  pages,
  live,
  search,
  view = DEFAULT_FEED_VIEW,
  complete,
}: {
  pages: readonly (readonly NewsItem[])[];
  live: readonly NewsItem[];
  search: NewsSearch;
  view?: FeedView;
  complete: boolean;
}): NewsItem[] {
  const byId = new Map<number, NewsItem>();
  for (const page of pages) for (const item of page) if (!byId.has(item.id)) byId.set(item.id, item);
  const compare = compareItems(search);
  const fetched = [...byId.values()];
  const last = fetched.reduce<NewsItem | undefined>(
    (worst, item) => (!worst || compare(item, worst) > 0 ? item : worst),
    undefined,
  );
  for (const item of live) {
    const known = byId.get(item.id);
    if (known) {
      // A newer copy (e.g. onePctMovement set later) replaces the fetched one.
      byId.set(item.id, item);
      continue;
    }
    if (!matchesFeed(item, search, view)) continue;
    if (!complete && last && compare(item, last) > 0) continue;
    byId.set(item.id, item);
  }
  return [...byId.values()].sort(compare);
}
