import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../../db/schema-news';
import { newsDb } from '../../../test/harness';
import { feedStatement, searchNewestFirst, type FeedQuery, type Row } from './feed-query';

const T0 = Date.UTC(2026, 10, 22, 9);
const MIN = 60_000;

/**
 * Ids follow insertion. Most items are published in id order, but a few break it both ways:
 * early ids published last (the case the window must not miss) and late ids published long ago
 * (backfill). Every third item does not mention the word.
 */
const ITEMS = Array.from({ length: 60 }, (_, i) => {
  const late = i < 4; // lowest ids, newest times
  const backfill = i >= 56; // highest ids, oldest times
  const ts = late ? T0 + (100 + i) * MIN : backfill ? T0 - (100 + i) * MIN : T0 + i * MIN;
  return {
    ts,
    receivedAt: ts,
    sourceId: 'window',
    sourceKind: 'rss',
    externalId: `w${i}`,
    title: i % 3 === 2 ? `Calm markets ${i}` : `Bridge exploit report ${i}`,
    symbols: [],
    importance: i % 2 ? 'high' : 'medium',
    isTest: i === 10,
    dedupKey: `window-${i}`,
    metadata: {},
  } satisfies typeof newsItems.$inferInsert;
});

beforeAll(async () => {
  const inserts = [];
  for (let i = 0; i < ITEMS.length; i += 5) inserts.push(newsDb.insert(newsItems).values(ITEMS.slice(i, i + 5)));
  await newsDb.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
});

const query = (over: Partial<FeedQuery> & { match?: string }): FeedQuery & { match: string } => ({
  limit: 10,
  sortBy: 'timestamp',
  sortOrder: 'desc',
  excludeGarbage: true,
  excludeTestNews: true,
  includeMetadata: false,
  match: '"exploit"',
  ...over,
});
const ids = (rows: Row[]) => rows.map((r) => r.id);

describe('full-text search from the newest FTS window', () => {
  it('returns exactly what the plain statement returns, whatever the window and page size', async () => {
    for (const window of [1, 3, 8, 20, 1000])
      for (const over of [
        { limit: 1 },
        { limit: 5 },
        { limit: 10 },
        { limit: 200 },
        { limit: 5, importance: ['high'] },
        { limit: 5, excludeTestNews: false },
        { limit: 5, cursor: { ts: T0 + 40 * MIN, id: 1e9 } },
        { limit: 5, match: '"exploit" "report" "5"' },
        { limit: 5, match: '"expl"*' },
        { limit: 5, match: '"nothing"' },
      ]) {
        const q = query(over);
        const expected = ids(await newsDb.all<Row>(feedStatement(q)));
        expect(ids(await searchNewestFirst(newsDb, q, window)), `window ${window}, ${JSON.stringify(over)}`).toEqual(expected);
      }
  });

  it('finds a match published after newer ids when the window does not reach it', async () => {
    const rows = await searchNewestFirst(newsDb, query({ limit: 3 }), 3);
    expect(rows.map((r) => r.title)).toEqual(['Bridge exploit report 3', 'Bridge exploit report 1', 'Bridge exploit report 0']);
  });
});
