import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { newsItems, newsItemSymbols, priceChecks } from '../../../db/schema-news';
import { newsDb } from '../../../test/harness';
import { clearNewsItems, testItemRow } from '../../../test/news-rows';
import { NEWS_RETENTION_MS, pruneOldNews } from './prune-news';

const NOW = Date.UTC(2026, 10, 24, 12);
const DAY = 86_400_000;

async function headline(id: number, ts: number, title: string) {
  await newsDb.insert(newsItems).values(testItemRow(id, ts, { title, symbols: ['BTC'], metadata: { matchedRules: [] } }));
  await newsDb.insert(newsItemSymbols).values({ symbol: 'BTC', ts, itemId: id });
  await newsDb.insert(priceChecks).values({ itemId: id, symbol: 'BTC', priceAtPublish: 1, dueAt: ts + 60_000, windowMinutes: 1 });
}

const ftsHits = async (word: string) =>
  (await newsDb.all<{ rowid: number }>(sql`SELECT rowid FROM news_fts WHERE news_fts MATCH ${word} ORDER BY rowid`)).map(
    (r) => r.rowid,
  );

beforeEach(clearNewsItems);

describe('pruneOldNews', () => {
  it('deletes headlines past the retention, oldest first and a bounded batch per call, with their symbols, checks and index entries', async () => {
    const cutoff = NOW - NEWS_RETENTION_MS;
    await headline(1, cutoff - 3 * DAY, 'ancient halving');
    await headline(2, cutoff - 2 * DAY, 'older halving');
    await headline(3, cutoff - 1, 'just expired halving');
    await headline(4, cutoff + 1, 'kept halving');
    await headline(5, NOW, 'fresh halving');

    expect(await pruneOldNews(newsDb, NOW, 2)).toBe(2);
    expect((await newsDb.select({ id: newsItems.id }).from(newsItems)).map((r) => r.id)).toEqual([3, 4, 5]);
    expect(await pruneOldNews(newsDb, NOW, 2)).toBe(1);
    expect(await pruneOldNews(newsDb, NOW, 2)).toBe(0);

    expect((await newsDb.select({ id: newsItems.id }).from(newsItems)).map((r) => r.id)).toEqual([4, 5]);
    expect((await newsDb.select().from(newsItemSymbols)).map((r) => r.itemId).sort()).toEqual([4, 5]);
    expect((await newsDb.select().from(priceChecks)).map((r) => r.itemId).sort()).toEqual([4, 5]);
    expect(await ftsHits('halving')).toEqual([4, 5]);
  });

  it('the cascade to symbol rows uses the item_id index, not a table scan', async () => {
    const plan = await newsDb.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT 1 FROM news_item_symbols WHERE item_id = 1`);
    expect(plan.map((p) => p.detail).join(' ')).toContain('news_item_symbols_item_idx');
  });
});
