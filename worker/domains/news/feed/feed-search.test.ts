import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems, newsItemSymbols } from '../../../db/schema-news';
import { newsDb } from '../../../test/harness';
import { feedStatement, type FeedQuery, type Row } from './feed-query';
import { searchNewestFirst } from './feed-search';
import { toFtsSearch } from './fts-query';

const T0 = Date.UTC(2026, 10, 22, 9);
const MIN = 60_000;
const SYMBOLS = ['BTC', 'ETH', 'SOL', 'DOGE'];
const IMPORTANCE = ['critical', 'high', 'medium', 'low'] as const;
const WORDS = ['exploit', 'exploited', 'exploits', 'explorer', 'bridge', 'report', 'etf', 'rally', 'Café', 'U.S.'];

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
const ITEMS = [...LIVE, ...BACKFILL];

beforeAll(async () => {
  for (let i = 0; i < ITEMS.length; i += 5) {
    const inserted = await newsDb
      .insert(newsItems)
      .values(ITEMS.slice(i, i + 5))
      .returning({ id: newsItems.id, ts: newsItems.ts, symbols: newsItems.symbols });
    const symbolRows = inserted.flatMap((r) => r.symbols.map((symbol) => ({ symbol, ts: r.ts, itemId: r.id })));
    if (symbolRows.length) await newsDb.insert(newsItemSymbols).values(symbolRows);
  }
});

const base = (over: Partial<FeedQuery>): FeedQuery => ({
  limit: 10,
  sortBy: 'timestamp',
  sortOrder: 'desc',
  excludeGarbage: true,
  excludeTestNews: true,
  includeMetadata: false,
  ...over,
});
const ids = (rows: Row[]) => rows.map((r) => r.id);

/** The reference: the plain statement, every match of the words filtered and sorted. */
async function expected(q: FeedQuery) {
  return ids(await newsDb.all<Row>(feedStatement(q)));
}

describe('search walking the index newest first', () => {
  it('answers exactly what the plain statement answers, for generated queries and windows', async () => {
    const query = fc.record({
      text: fc.oneof(
        fc.constantFrom(
          'exploit',
          'expl',
          'explo',
          'e',
          'zq',
          'zq1',
          'bridge rep',
          'u.s',
          'café',
          'caf',
          'nothing',
          'etf rally',
          'explorer desk',
          'x',
        ),
        fc.array(fc.constantFrom(...WORDS, 'zq0', 'ex'), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      ),
      limit: fc.constantFrom(1, 3, 10, 50, 500),
      importance: fc.option(fc.subarray([...IMPORTANCE], { minLength: 1 }), { nil: undefined }),
      symbols: fc.option(fc.subarray(SYMBOLS, { minLength: 1 }), { nil: undefined }),
      sources: fc.option(
        fc.constantFrom(['rss'], ['s:a', 'twitter']).map((s) => [...s]),
        { nil: undefined },
      ),
      excludeGarbage: fc.boolean(),
      excludeTestNews: fc.boolean(),
      onePctMovement: fc.option(fc.constant(true as const), { nil: undefined }),
      cursorAt: fc.option(fc.integer({ min: -100, max: 700 }), { nil: undefined }),
      // Items tie on whole minutes: a cursor id inside the ids splits a minute.
      cursorId: fc.constantFrom(1e9, 0, 250, 550),
      windowSize: fc.constantFrom(1, 3, 40, 400, 10_000),
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ text, cursorAt, cursorId, windowSize, ...over }) => {
        const words = toFtsSearch(text)!;
        const q = base({
          ...over,
          words,
          cursor: cursorAt === undefined ? undefined : { ts: T0 + cursorAt * MIN, id: cursorId },
        });
        expect(ids(await searchNewestFirst(newsDb, q, words, windowSize))).toEqual(await expected(q));
      }),
      { numRuns: 600, seed: 27 },
    );
  }, 180_000);

  it('covers an empty answer, one match and every item matching', async () => {
    for (const [text, count] of [
      ['nothing', 0],
      ['zq07x', null],
      ['zq', null],
    ] as const) {
      const words = toFtsSearch(text)!;
      const q = base({ words, limit: 1000, excludeGarbage: false, excludeTestNews: false });
      const got = ids(await searchNewestFirst(newsDb, q, words));
      expect(got).toEqual(await expected(q));
      if (count !== null) expect(got).toHaveLength(count);
    }
    const every = toFtsSearch('zq')!;
    expect(
      await searchNewestFirst(newsDb, base({ words: every, limit: 1000, excludeGarbage: false, excludeTestNews: false }), every),
    ).toHaveLength(ITEMS.length);
  });

  it('finds a late arrival published after every newer id', async () => {
    const words = toFtsSearch('zq')!;
    const q = base({ words, limit: 3, excludeGarbage: false, excludeTestNews: false });
    const newest = [...ITEMS]
      .map((item, i) => ({ ...item, i }))
      .sort((a, b) => b.ts - a.ts || b.i - a.i)
      .slice(0, 3);
    const rows = await searchNewestFirst(newsDb, q, words, 1);
    expect(rows.map((r) => r.title)).toEqual(newest.map((n) => n.title));
    expect(newest.some((n) => n.i < ITEMS.length - 50)).toBe(true);
  });

  it('expands a short prefix into the words it begins, and keeps a prefix query past 64 of them', async () => {
    const expression = async (text: string) => {
      const row = await newsDb.get<{ q: string }>(
        sql`SELECT (SELECT CASE WHEN count(*) = 0 OR count(*) > 64 THEN 'prefix' ELSE group_concat(term, ' ') END
              FROM (SELECT term FROM news_fts_terms WHERE term >= ${toFtsSearch(text)!.expand!.prefix} AND term < ${toFtsSearch(text)!.expand!.prefix} || char(1114111) LIMIT 65)) AS q`,
      );
      return row!.q;
    };
    expect(await expression('expl')).toBe('exploit exploited exploits explorer');
    expect(await expression('zq')).toBe('prefix');
    expect(toFtsSearch('café')!.expand).toBeNull();
    expect(toFtsSearch('bridge rep')!.expand).toEqual({ head: '"bridge" AND ', lead: '', prefix: 'rep' });
    expect(toFtsSearch('u.s')!.expand).toEqual({ head: '', lead: 'u ', prefix: 's' });
  });

  it('keeps the words of new and updated items in the terms table', async () => {
    const [row] = await newsDb
      .insert(newsItems)
      .values({ ...ITEMS[0]!, externalId: 'fs-new', dedupKey: 'fs-new', title: 'Quokkacoin listing' })
      .returning({ id: newsItems.id });
    await newsDb.run(sql`UPDATE news_items SET title = 'Wombatcoin listing' WHERE id = ${row!.id}`);
    const terms = await newsDb.all<{ term: string }>(
      sql`SELECT term FROM news_fts_terms WHERE term IN ('quokkacoin', 'wombatcoin', 'listing')`,
    );
    expect(terms.map((t) => t.term).sort()).toEqual(['listing', 'quokkacoin', 'wombatcoin']);
    const words = toFtsSearch('wombat')!;
    expect(ids(await searchNewestFirst(newsDb, base({ words, excludeGarbage: false, excludeTestNews: false }), words))).toEqual([
      row!.id,
    ]);
    await newsDb.run(sql`DELETE FROM news_items WHERE id = ${row!.id}`);
  });
});
