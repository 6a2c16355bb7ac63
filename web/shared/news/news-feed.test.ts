import { describe, expect, it } from 'vitest';
import { canPageOlder, compareItems, historicalInput, matchesFeed, matchesText, mergeFeed, type NewsItem } from './news-feed';
import { normalizeNewsSearch } from './news-search';

let nextId = 1;
function item(partial: Partial<NewsItem> = {}): NewsItem {
  const id = partial.id ?? nextId++;
  return {
    id,
    ts: 1_000_000 + id,
    receivedAt: 1_000_000 + id + 800,
    sourceId: 'manual',
    sourceKind: 'manual',
    author: null,
    title: `Headline ${id}`,
    body: null,
    url: null,
    symbols: [],
    importance: 'medium',
    isGarbage: false,
    isTest: false,
    onePctMovement: false,
    ...partial,
  };
}

describe('historicalInput', () => {
  it('sends the normalised search with the three flags on by default', () => {
    expect(historicalInput(normalizeNewsSearch({ importance: 'high', symbols: 'BTC', search: ' etf ' }))).toEqual({
      limit: 200,
      sortBy: 'timestamp',
      sortOrder: 'desc',
      importance: ['high'],
      symbols: ['BTC'],
      search: 'etf',
      excludeGarbage: true,
      excludeTestNews: true,
      includeMetadata: true,
    });
  });

  it('shows test and garbage items when asked', () => {
    const input = historicalInput(normalizeNewsSearch({}), { showTest: true, showGarbage: true });
    expect(input).toMatchObject({ excludeGarbage: false, excludeTestNews: false });
  });
});

describe('matchesFeed', () => {
  const search = (raw: Record<string, unknown>) => normalizeNewsSearch(raw);

  it('hides test and garbage items by default', () => {
    expect(matchesFeed(item({ isTest: true }), search({}))).toBe(false);
    expect(matchesFeed(item({ isGarbage: true }), search({}))).toBe(false);
    expect(matchesFeed(item({ isTest: true }), search({}), { showTest: true, showGarbage: false })).toBe(true);
  });

  it('applies importance, symbols (any, case-insensitive), sources (kind or id) and 1% movers', () => {
    const btc = item({ symbols: ['BTC', 'ETH'], importance: 'high', sourceKind: 'twitter', sourceId: 'tw-1' });
    expect(matchesFeed(btc, search({ importance: ['critical', 'high'] }))).toBe(true);
    expect(matchesFeed(btc, search({ importance: 'low' }))).toBe(false);
    expect(matchesFeed(btc, search({ symbols: 'eth' }))).toBe(true);
    expect(matchesFeed(btc, search({ symbols: ['SOL'] }))).toBe(false);
    expect(matchesFeed(btc, search({ sources: ['twitter'] }))).toBe(true);
    expect(matchesFeed(btc, search({ sources: ['tw-1'] }))).toBe(true);
    expect(matchesFeed(btc, search({ sources: ['rss'] }))).toBe(false);
    expect(matchesFeed(btc, search({ onePctMovement: true }))).toBe(false);
  });

  it('searches title, body and author: every word, the last as a prefix, diacritics folded', () => {
    const news = item({ title: 'U.S. spot Bitcoin ETF approved', body: 'Décision de la SEC', author: 'Desk' });
    expect(matchesText(news, 'bitc')).toBe(true);
    expect(matchesText(news, 'spot etf')).toBe(true);
    expect(matchesText(news, 'u.s.')).toBe(true);
    expect(matchesText(news, 'decision')).toBe(true);
    expect(matchesText(news, 'desk')).toBe(true);
    expect(matchesText(news, 'bitc etf')).toBe(false);
    expect(matchesText(news, 'ethereum')).toBe(false);
    expect(matchesText(news, 'ETF AND approved')).toBe(true);
    expect(matchesText(news, '  ')).toBe(true);
  });
});

describe('order, merge and paging', () => {
  it('sorts newest first, oldest first, or by importance', () => {
    const a = item({ ts: 10, importance: 'low' });
    const b = item({ ts: 20, importance: 'critical' });
    const c = item({ ts: 30, importance: 'low' });
    const sorted = (raw: Record<string, unknown>) => [a, b, c].sort(compareItems(normalizeNewsSearch(raw))).map((i) => i.ts);
    expect(sorted({})).toEqual([30, 20, 10]);
    expect(sorted({ sortOrder: 'asc' })).toEqual([10, 20, 30]);
    expect(sorted({ sortBy: 'importance' })).toEqual([20, 30, 10]);
    expect(sorted({ sortBy: 'importance', sortOrder: 'asc' })).toEqual([30, 10, 20]);
  });

  it('puts matching live items in place, drops duplicates and non-matching ones', () => {
    const fetched = [item({ id: 100, ts: 50 }), item({ id: 101, ts: 40 })];
    const live = [
      item({ id: 102, ts: 60 }),
      item({ id: 100, ts: 50, onePctMovement: true }),
      item({ id: 103, ts: 61, isTest: true }),
    ];
    const list = mergeFeed({ pages: [fetched], live, search: normalizeNewsSearch({}), complete: true });
    expect(list.map((i) => i.id)).toEqual([102, 100, 101]);
    expect(list[1]?.onePctMovement).toBe(true);
  });

  it('leaves out a live item that belongs past the loaded pages', () => {
    const fetched = [item({ id: 200, ts: 50 })];
    const search = normalizeNewsSearch({ sortOrder: 'asc' });
    const live = [item({ id: 201, ts: 90 })];
    expect(mergeFeed({ pages: [fetched], live, search, complete: false }).map((i) => i.id)).toEqual([200]);
    expect(mergeFeed({ pages: [fetched], live, search, complete: true }).map((i) => i.id)).toEqual([200, 201]);
  });

  it('pages older items in the default order only', () => {
    expect(canPageOlder(normalizeNewsSearch({}))).toBe(true);
    expect(canPageOlder(normalizeNewsSearch({ sortBy: 'importance' }))).toBe(false);
    expect(canPageOlder(normalizeNewsSearch({ sortOrder: 'asc' }))).toBe(false);
  });
});

describe('"My watchlists" (watchOnly)', () => {
  it('is a URL flag the server applies, an active filter, and narrows live items to known hits', async () => {
    const { addLiveHit, resetWatchStore, setWatchlists } = await import('~/shared/watchlists/watch-store');
    setWatchlists([{ id: 'w1', name: 'SOL' } as Parameters<typeof setWatchlists>[0][number]]);
    const search = normalizeNewsSearch({ watchOnly: 'true' });
    expect(search.watchOnly).toBe(true);
    expect(normalizeNewsSearch({ watchOnly: 'no' }).watchOnly).toBeUndefined();
    expect(historicalInput(search).watchOnly).toBe(true);
    expect(historicalInput(normalizeNewsSearch({})).watchOnly).toBeUndefined();
    const hit = item();
    const miss = item();
    addLiveHit({
      kind: 'watchHit',
      itemId: String(hit.id),
      ts: hit.ts,
      title: hit.title,
      importance: 'medium',
      symbols: [],
      watchlistIds: ['w1'],
    });
    try {
      expect(matchesFeed(hit, search)).toBe(true);
      expect(matchesFeed(miss, search)).toBe(false);
      expect(matchesFeed(miss, normalizeNewsSearch({}))).toBe(true);
      // A live item waits for its hit: the list is merged again when the hit arrives.
      const merged = mergeFeed({ pages: [[]], live: [hit, miss], search, complete: true });
      expect(merged.map((i) => i.id)).toEqual([hit.id]);
    } finally {
      resetWatchStore();
    }
  });
});
