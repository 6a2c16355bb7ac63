import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsDb } from '../../../test/harness';
import type { FeedQuery } from './feed-query';
import { searchNewestFirst } from './feed-search';
import { base, expected, IMPORTANCE, ids, insertItems, ITEMS, MIN, SYMBOLS, T0, WORDS } from './feed-search.fixture';
import { toFtsSearch } from './fts-query';

beforeAll(insertItems);

/**
 * Searches with importance and symbol filters (carried in the FTS walk as search_tags, and on the
 * late candidates' rows): the same answers as the plain statement, for words, phrases and prefixes,
 * every candidate budget (1 forces the every-match plan whenever two blocks qualify).
 */
describe('search with an importance or symbol filter', () => {
  it('answers exactly what the plain statement answers, for generated filtered queries and windows', async () => {
    const one = <T>(xs: readonly T[]) =>
      fc.option(
        fc.constantFrom(...xs).map((x) => [x]),
        { nil: undefined },
      );
    const query = fc.record({
      text: fc.oneof(
        // Words, a phrase ("u.s" is the phrase "u s"), prefixes short and long, and a word nothing has.
        fc.constantFrom('exploit', 'expl', 'e', 'zq', 'zq1', 'u.s', 'explorer desk', 'bridge rep', 'café', 'nothing'),
        fc.array(fc.constantFrom(...WORDS, 'zq0', 'ex'), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
      ),
      limit: fc.constantFrom(1, 3, 10, 50, 500),
      importance: fc.oneof(one(IMPORTANCE), fc.constant<string[]>(['critical', 'low'])),
      symbols: fc.oneof(one(SYMBOLS), fc.constant<string[]>(['BTC', 'BTC'])),
      sources: fc.option(fc.constant<string[]>(['rss']), { nil: undefined }),
      excludeGarbage: fc.boolean(),
      excludeTestNews: fc.boolean(),
      onePctMovement: fc.option(fc.constant(true as const), { nil: undefined }),
      cursorAt: fc.option(fc.integer({ min: -100, max: 700 }), { nil: undefined }),
      cursorId: fc.constantFrom(1e9, 0, 250, 550),
      before: fc.option(fc.integer({ min: -100, max: 700 }), { nil: undefined }),
      windowSize: fc.constantFrom(1, 3, 40, 400, 10_000),
    });
    await fc.assert(
      fc.asyncProperty(query, async ({ text, cursorAt, cursorId, before, windowSize, ...over }) => {
        const words = toFtsSearch(text)!;
        const q = base({
          ...over,
          words,
          cursor: cursorAt === undefined ? undefined : { ts: T0 + cursorAt * MIN, id: cursorId },
          before: before === undefined ? undefined : T0 + before * MIN,
        });
        expect(ids(await searchNewestFirst(newsDb, q, words, windowSize))).toEqual(await expected(q));
      }),
      { numRuns: 500, seed: 30 },
    );
  }, 180_000);

  it('covers an empty answer, one match and every item of the filter matching', async () => {
    const all = { limit: 1000, excludeGarbage: false, excludeTestNews: false };
    const target = ITEMS.findIndex((item) => item.importance === 'critical' && item.symbols.includes('SOL'));
    const title = ITEMS[target]!.title.split(' ').at(-1)!;
    const cases: [string, Partial<FeedQuery>, number | null][] = [
      // Nothing has the word.
      ['nothing', { symbols: ['SOL'] }, 0],
      // One item's last word ("zq07x" is shared by a few items: the filter narrows it).
      [title, { importance: ['critical'], symbols: ['SOL'] }, null],
      // Every item has "zq…": every item of the filter matches.
      ['zq', { symbols: ['ETH'] }, ITEMS.filter((i) => i.symbols.includes('ETH')).length],
      ['zq', { importance: ['high'] }, ITEMS.filter((i) => i.importance === 'high').length],
    ];
    for (const [text, filter, count] of cases) {
      const words = toFtsSearch(text)!;
      for (const windowSize of [1, 40, 10_000]) {
        const q = base({ ...all, ...filter, words });
        const got = ids(await searchNewestFirst(newsDb, q, words, windowSize));
        expect(got).toEqual(await expected(q));
        if (count !== null) expect(got).toHaveLength(count);
        else expect(got.length).toBeGreaterThanOrEqual(1);
      }
    }
  });
});
