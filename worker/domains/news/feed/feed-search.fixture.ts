import { newsItems, newsItemSymbols } from '../../../db/schema-news';
import { newsDb } from '../../../test/harness';
import { feedStatement, type FeedQuery, type Row } from './feed-query';

/** The feed search tests' items (feed-search.test.ts, feed-search-filters.test.ts). */
export const T0 = Date.UTC(2026, 10, 22, 9);
export const MIN = 60_000;
export const SYMBOLS = ['BTC', 'ETH', 'SOL', 'DOGE'];
export const IMPORTANCE = ['critical', 'high', 'medium', 'low'] as const;
export const WORDS = ['exploit', 'exploited', 'exploits', 'explorer', 'bridge', 'report', 'etf', 'rally', 'Café', 'U.S.'];

/** A seeded stream, so a failing case names data that stays the same. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Item = typeof newsItems.$inferInsert;

/**
 * Live ingestion: ids follow insertion; publication times mostly follow it too, with the cases that break it both
 * ways: late arrivals (low ids published last) and backfill (high ids published long ago). Words,
 * symbols, importance and the garbage/test flags vary, and 70 words share the prefix "zq" (more than
 * a prefix may expand to).
 */
const LIVE = (() => {
  const next = seeded(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  return Array.from({ length: 400 }, (_, i) => {
    const late = next() < 0.05;
    const backfill = next() < 0.05;
    const ts = late ? T0 + (500 + Math.floor(next() * 200)) * MIN : backfill ? T0 - Math.floor(next() * 500) * MIN : T0 + i * MIN;
    const words = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(WORDS));
    const symbols = SYMBOLS.filter(() => next() < 0.3);
    return {
      ts,
      receivedAt: ts + 1000,
      sourceId: pick(['s:a', 's:b', 's:c']),
      sourceKind: pick(['rss', 'twitter']),
      externalId: `fs${i}`,
      title: `${words.join(' ')} zq${String(i % 70).padStart(2, '0')}x`,
      body: next() < 0.3 ? `${pick(WORDS)} in the body` : null,
      author: next() < 0.2 ? 'Explorer Desk' : null,
      symbols,
      importance: pick(IMPORTANCE),
      isGarbage: next() < 0.08,
      isTest: next() < 0.05,
      onePctMovement: next() < 0.2,
      dedupKey: `fs-${i}`,
      metadata: {},
    } satisfies Item;
  });
})();

/**
 * A backfill of older history after go-live, as on the bench database: inserted after LIVE, far above
 * its ids, in runs of 40 ids with gaps wider than the search's id blocks between them, each run newest chunk first (a run's items
 * in id order, an earlier run later in time), over times that overlap LIVE's. Two items share each
 * even minute, tying with each other and with LIVE's items (id breaks the tie). The newest page of a
 * search then mixes high ids with lower ids published later, spread over several ranges of ids.
 */
const BACKFILL = (() => {
  const next = seeded(11);
  return Array.from({ length: 300 }, (_, j): Item => {
    const run = Math.floor(j / 40);
    const ts = T0 + (60 - run * 40 + Math.floor((j % 40) / 2) * 2) * MIN;
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    return {
      ...LIVE[j % LIVE.length]!,
      id: 5_000 + j * 10 + run * 70_000,
      ts,
      receivedAt: ts + 1000,
      externalId: `bf${j}`,
      dedupKey: `bf-${j}`,
      title: `${words.join(' ')} zq${String(j % 70).padStart(2, '0')}x`,
      symbols: SYMBOLS.filter(() => next() < 0.3),
      importance: IMPORTANCE[Math.floor(next() * IMPORTANCE.length)]!,
    };
  });
})();
export const ITEMS = [...LIVE, ...BACKFILL];

/** Stores ITEMS and their symbol rows (each test file has its own database). */
export async function insertItems() {
  for (let i = 0; i < ITEMS.length; i += 5) {
    const inserted = await newsDb
      .insert(newsItems)
      .values(ITEMS.slice(i, i + 5))
      .returning({ id: newsItems.id, ts: newsItems.ts, symbols: newsItems.symbols });
    const symbolRows = inserted.flatMap((r) => r.symbols.map((symbol) => ({ symbol, ts: r.ts, itemId: r.id })));
    if (symbolRows.length) await newsDb.insert(newsItemSymbols).values(symbolRows);
  }
}

export const base = (over: Partial<FeedQuery>): FeedQuery => ({
  limit: 10,
  sortBy: 'timestamp',
  sortOrder: 'desc',
  excludeGarbage: true,
  excludeTestNews: true,
  includeMetadata: false,
  ...over,
});
export const ids = (rows: Row[]) => rows.map((r) => r.id);

/** The reference: the plain statement, every match of the words filtered and sorted. */
export async function expected(q: FeedQuery) {
  return ids(await newsDb.all<Row>(feedStatement(q)));
}
