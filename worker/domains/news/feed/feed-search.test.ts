import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../../db/schema-news';
import { newsDb } from '../../../test/harness';
import { searchNewestFirst } from './feed-search';
import { base, expected, IMPORTANCE, ids, insertItems, ITEMS, SYMBOLS, T0, MIN, WORDS } from './feed-search.fixture';
import { toFtsSearch } from './fts-query';

beforeAll(insertItems);

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
