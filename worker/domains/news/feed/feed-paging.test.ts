import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems } from '../../../db/schema-news';
import type { NewsItemDto } from '../../../contract/news';
import { newsDb, insertUser, rpcClient, signedInJar } from '../../../test/harness';
import { rssItemRow } from '../../../test/news-rows';
import { feedStatement, type FeedQuery } from './feed-query';
import { normaliseFeedSearch } from './search-params';

const T0 = Date.UTC(2026, 10, 21, 9);
/** 250 items published in one millisecond, then 30 more spread so page edges fall inside groups. */
const SAME_MS = 250;

type Client = ReturnType<typeof rpcClient>;
let client: Client;

const row = (i: number, ts: number, over: Partial<typeof newsItems.$inferInsert> = {}) =>
  rssItemRow({ ts, sourceId: 'paging', externalId: `p${i}`, title: `Paging item ${i}`, dedupKey: `paging-${i}`, ...over });

beforeAll(async () => {
  client = rpcClient(await signedInJar(await insertUser()));
  const rows = [
    ...Array.from({ length: SAME_MS }, (_, i) => row(i, T0)),
    // Groups of three sharing a millisecond, older and newer than the big group.
    ...Array.from({ length: 30 }, (_, i) => row(SAME_MS + i, T0 + (i < 15 ? -1 - Math.floor(i / 3) : 1 + Math.floor(i / 3)))),
    row(999, T0, { isTest: true }),
  ];
  // D1 binds at most 100 parameters a statement: five rows each.
  const inserts = [];
  for (let i = 0; i < rows.length; i += 5) inserts.push(newsDb.insert(newsItems).values(rows.slice(i, i + 5)));
  await newsDb.batch(inserts as [(typeof inserts)[number], ...typeof inserts]);
});

/** Every page from the first, following nextCursor. */
async function pageThrough(input: Record<string, unknown>) {
  const pages: NewsItemDto[][] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 1000; guard++) {
    const page = await client.getHistoricalNews({ ...input, ...(cursor ? { cursor } : {}) } as never);
    pages.push(page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return pages;
}

const key = (items: NewsItemDto[]) => items.map((i) => `${i.ts}:${i.id}`);

describe('getHistoricalNews keyset paging (cursor)', () => {
  it('pages 250 items of one millisecond with no loss and no duplicates', async () => {
    const pages = await pageThrough({ limit: 100, sources: 'paging', search: 'paging', sortOrder: 'desc' });
    const all = pages.flat().filter((i) => i.ts === T0);
    expect(all).toHaveLength(SAME_MS);
    expect(new Set(all.map((i) => i.id)).size).toBe(SAME_MS);
  });

  it('gives the same list, page by page, as one big page (newest first, then oldest first)', async () => {
    for (const sortOrder of ['desc', 'asc']) {
      const whole = (await client.getHistoricalNews({ limit: 1000, sortOrder })).items;
      expect(whole).toHaveLength(SAME_MS + 30);
      for (const limit of [1, 7, 100, 250]) {
        const pages = await pageThrough({ limit, sortOrder });
        expect(key(pages.flat()), `${sortOrder} limit ${limit}`).toEqual(key(whole));
        expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);
      }
    }
  });

  it('orders ties by id, and answers no cursor when the page was not full', async () => {
    const first = await client.getHistoricalNews({ limit: 50, sources: 'paging' });
    const sameMs = first.items.filter((i) => i.ts === T0).map((i) => i.id);
    expect(sameMs).toEqual([...sameMs].sort((a, b) => b - a));
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await client.getHistoricalNews({ limit: 1000 })).nextCursor).toBeNull();
  });

  it('keeps the filters across pages (test items stay out)', async () => {
    const ids = (await pageThrough({ limit: 60 })).flat();
    expect(ids.some((i) => i.isTest)).toBe(false);
    expect(ids).toHaveLength(SAME_MS + 30);
  });

  it('refuses a malformed cursor, and a cursor with the importance order', async () => {
    const { nextCursor } = await client.getHistoricalNews({ limit: 5 });
    await expect(client.getHistoricalNews({ cursor: 'abc' })).rejects.toMatchObject({ status: 400 });
    await expect(client.getHistoricalNews({ cursor: nextCursor!, sortBy: 'importance' })).rejects.toMatchObject({ status: 400 });
    expect((await client.getHistoricalNews({ sortBy: 'importance', limit: 5 })).nextCursor).toBeNull();
  });

  it('still answers the ts-only `before` of older callers', async () => {
    const { items } = await client.getHistoricalNews({ before: T0, limit: 1000 });
    expect(items).toHaveLength(15);
    expect(items.every((i) => i.ts < T0)).toBe(true);
  });
});

describe('query plan', () => {
  async function plan(input: Record<string, unknown>, cursor?: FeedQuery['cursor']) {
    const q: FeedQuery = { ...normaliseFeedSearch(input), cursor };
    const rows = await newsDb.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${feedStatement(q)}`);
    return rows.map((r) => r.detail).join('\n');
  }

  it('the default call and its next pages walk the feed index, without sorting', async () => {
    const first = await plan({});
    expect(first).toMatch(/USING (COVERING )?INDEX news_items_feed_idx \(is_garbage=\? AND is_test=\?\)/);
    expect(first).not.toMatch(/TEMP B-TREE/);
    const next = await plan({}, { ts: T0, id: 10 });
    expect(next).toMatch(/USING (COVERING )?INDEX news_items_feed_idx \(is_garbage=\? AND is_test=\? AND ts<\?\)/);
    expect(next).not.toMatch(/TEMP B-TREE/);
    const older = await plan({ sortOrder: 'asc' }, { ts: T0, id: 10 });
    expect(older).toMatch(/news_items_feed_idx \(is_garbage=\? AND is_test=\? AND ts>\?\)/);
    expect(older).not.toMatch(/TEMP B-TREE/);
  });
});
