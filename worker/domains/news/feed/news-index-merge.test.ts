import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../../db/schema-news';
import { newsDb } from '../../../test/harness';
import { mergeNewsIndex } from './news-index-merge';

const ITEMS = 40;
const indexRows = async () => (await newsDb.get<{ n: number }>(sql`SELECT count(*) AS n FROM news_fts_data`))!.n;
const matches = async (word: string) =>
  (await newsDb.get<{ n: number }>(sql`SELECT count(*) AS n FROM news_fts WHERE news_fts MATCH ${word}`))!.n;

beforeAll(async () => {
  // One statement per item, as ingest stores them: each is its own transaction and FTS5 segment.
  for (let i = 0; i < ITEMS; i++)
    await newsDb.insert(newsItems).values({
      ts: 1_800_000_000_000 + i,
      receivedAt: 1_800_000_000_000 + i,
      sourceId: 'merge',
      sourceKind: 'rss',
      externalId: `m${i}`,
      title: `Index merge headline ${i} ${i % 2 ? 'bitcoin' : 'solana'}`,
      symbols: [],
      importance: 'medium',
      dedupKey: `merge-${i}`,
      metadata: {},
    });
});

describe('the news full-text index', () => {
  it('does not merge inside the writing transaction (migration 0005)', async () => {
    const automerge = await newsDb.get<{ v: number }>(sql`SELECT v FROM news_fts_config WHERE k = 'automerge'`);
    expect(automerge?.v).toBe(0);
  });

  it('is merged by the cron job into fewer segments, with every item still found', async () => {
    const before = await indexRows();
    await mergeNewsIndex(newsDb);
    const after = await indexRows();
    expect(after).toBeLessThan(before);
    expect(await matches('headline')).toBe(ITEMS);
    expect(await matches('bitcoin')).toBe(ITEMS / 2);
    // Nothing left to merge: a second run changes nothing.
    await mergeNewsIndex(newsDb);
    expect(await indexRows()).toBe(after);
  });
});
