import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems, newsItemSymbols } from '../../../db/schema-news';
import { FEED_LIST_MAX } from '../../../contract/news-search';
import { newsDb, insertUser, rpcClient, signedInJar } from '../../../test/harness';
import { decodeFeedCursor } from './feed-cursor';
import type { FeedQuery } from './feed-query';
import { queryFeed } from './feed-page';

const T0 = Date.UTC(2026, 10, 23, 9);
const SYMBOLS = ['BTC', 'ETH', 'SOL', 'DOGE'];
const IMPORTANCE = ['critical', 'high', 'medium', 'low'] as const;

/** 160 items: 0–3 symbols each, groups sharing a millisecond, some garbage and test items. */
const ITEMS = Array.from({ length: 160 }, (_, i) => ({
  id: i + 1,
  ts: T0 + Math.floor(i / 4) * 1000, // four items per second: page edges fall inside groups
  symbols: SYMBOLS.filter((_, k) => (i + k) % (k + 2) === 0),
  importance: IMPORTANCE[(i * 7) % 4]!,
  isGarbage: i % 11 === 0,
  isTest: i % 13 === 0,
}));

beforeAll(async () => {
  const items = ITEMS.map((item) => ({
    ...item,
    receivedAt: item.ts,
    sourceId: 'symbols',
    sourceKind: 'rss',
    externalId: `s${item.id}`,
    title: `Symbol walk ${item.id}`,
    dedupKey: `symbols-${item.id}`,
    metadata: {},
  }));
  const rows = ITEMS.flatMap((item) => item.symbols.map((symbol) => ({ symbol, ts: item.ts, itemId: item.id })));
  const inserts = [];
  for (let i = 0; i < items.length; i += 5) inserts.push(newsDb.insert(newsItems).values(items.slice(i, i + 5)));
  for (let i = 0; i < rows.length; i += 30) inserts.push(newsDb.insert(newsItemSymbols).values(rows.slice(i, i + 30)));
  await newsDb.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
});

type Filters = Pick<FeedQuery, 'symbols' | 'importance' | 'excludeGarbage' | 'excludeTestNews' | 'sortOrder'>;

/** What the feed must return, computed here from the items themselves. */
function expected(f: Filters) {
  const sign = f.sortOrder === 'asc' ? 1 : -1;
  return ITEMS.filter(
    (item) =>
      item.symbols.some((s) => f.symbols!.includes(s)) &&
      (!f.importance || f.importance.includes(item.importance)) &&
      !(f.excludeGarbage && item.isGarbage) &&
      !(f.excludeTestNews && item.isTest),
  )
    .sort((a, b) => sign * (a.ts - b.ts || a.id - b.id))
    .map((item) => item.id);
}

/** Every page, following nextCursor. */
async function pageThrough(f: Filters, limit: number) {
  const ids: number[] = [];
  let cursor: FeedQuery['cursor'];
  for (let guard = 0; guard < 500; guard++) {
    const page = await queryFeed(newsDb, { ...f, limit, cursor, sortBy: 'timestamp', includeMetadata: false });
    ids.push(...page.items.map((item) => item.id));
    if (!page.nextCursor) break;
    cursor = decodeFeedCursor(page.nextCursor);
  }
  return ids;
}

const CASES: Filters[] = [
  { symbols: ['SOL'], sortOrder: 'desc', excludeGarbage: true, excludeTestNews: true },
  { symbols: ['BTC', 'ETH'], sortOrder: 'desc', excludeGarbage: true, excludeTestNews: true },
  { symbols: ['BTC', 'ETH', 'SOL', 'DOGE', 'BTC'], sortOrder: 'asc', excludeGarbage: false, excludeTestNews: false },
  { symbols: ['ETH', 'DOGE'], importance: ['critical', 'low'], sortOrder: 'desc', excludeGarbage: true, excludeTestNews: false },
  { symbols: ['XRP'], sortOrder: 'desc', excludeGarbage: true, excludeTestNews: true },
  // The contract's most: 20 symbols, with every importance. One walk each would bind more than
  // D1's 100 parameters a statement.
  {
    symbols: [...SYMBOLS, ...Array.from({ length: 16 }, (_, i) => `X${i}`)],
    importance: ['critical', 'high', 'medium', 'low'],
    sortOrder: 'desc',
    excludeGarbage: true,
    excludeTestNews: true,
  },
];

describe('the feed filtered by symbols (one index walk per symbol)', () => {
  it('has items matching several symbols, so the union must drop copies', () => {
    expect(ITEMS.filter((item) => item.symbols.length > 1).length).toBeGreaterThan(20);
  });

  for (const f of CASES)
    it(`${f.symbols!.join('+')} ${f.importance?.join('+') ?? ''} ${f.sortOrder}: every item once, in order, page by page`, async () => {
      const want = expected(f);
      for (const limit of [1, 7, 50, 500]) expect(await pageThrough(f, limit), `limit ${limit}`).toEqual(want);
    });
});

describe('the longest lists a request may carry', () => {
  it(`${FEED_LIST_MAX} symbols, sources and importances (a cursor, a search): an answer, not a D1 parameter error`, async () => {
    const client = rpcClient(await signedInJar(await insertUser()));
    const many = (prefix: string, known: number) => Array.from({ length: FEED_LIST_MAX - known }, (_, i) => `${prefix}${i}`);
    for (const sortBy of ['timestamp', 'importance'])
      for (const search of [undefined, 'symbol walk']) {
        const page = await client.getHistoricalNews({
          symbols: [...SYMBOLS, ...many('X', SYMBOLS.length)],
          sources: ['symbols', ...many('source-', 1)],
          importance: [...IMPORTANCE, ...many('level-', IMPORTANCE.length)],
          ...(sortBy === 'timestamp' ? { cursor: `${T0 + 100_000}.1000` } : {}),
          sortBy,
          search,
          limit: 500,
        } as never);
        const want = expected({ symbols: SYMBOLS, sortOrder: 'desc', excludeGarbage: true, excludeTestNews: true }).filter(
          (id) => ITEMS[id - 1]!.ts < T0 + 100_000 || sortBy === 'importance',
        );
        expect(page.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([...want].sort((a, b) => a - b));
      }
  });
});
