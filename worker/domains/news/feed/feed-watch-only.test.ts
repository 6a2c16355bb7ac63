import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsItems, watchHits } from '../../../db/schema-news';
import type { NewsItemDto } from '../../../contract/news';
import { insertUser, newsDb, rpcClient, signedInJar } from '../../../test/harness';
import { rssItemRow } from '../../../test/news-rows';
import { feedStatement } from './feed-query';
import { normaliseFeedSearch } from './search-params';

const T0 = Date.UTC(2026, 10, 22, 9);
type Client = ReturnType<typeof rpcClient>;
let mine: Client;
let other: Client;
let myId: string;
/** The ids of the headlines that hit "my" lists, newest first (ts desc, id desc). */
let hitIds: number[] = [];

const row = (i: number, ts: number, over: Partial<typeof newsItems.$inferInsert> = {}) =>
  rssItemRow({
    ts,
    sourceId: 'watch-only',
    externalId: `w${i}`,
    title: `Watch only item ${i}${i % 2 ? ' zephyrcoin' : ''}`,
    importance: i % 4 === 0 ? 'critical' : 'medium',
    dedupKey: `watch-only-${i}`,
    ...over,
  });

beforeAll(async () => {
  const me = await insertUser();
  myId = me.id;
  mine = rpcClient(await signedInJar(me));
  other = rpcClient(await signedInJar(await insertUser()));
  // 40 headlines, several sharing a millisecond (page edges fall inside them); every third is not a hit.
  const rows = Array.from({ length: 40 }, (_, i) => row(i, T0 + Math.floor(i / 4)));
  rows.push(row(99, T0 + 3, { isTest: true }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += 5)
    inserts.push(
      newsDb
        .insert(newsItems)
        .values(rows.slice(i, i + 5))
        .returning(),
    );
  const stored = (await newsDb.batch(inserts as [(typeof inserts)[number], ...typeof inserts])).flat();
  const hits = stored.filter((item) => item.externalId === 'w99' || Number(item.externalId!.slice(1)) % 3 !== 2);
  const hitRows = hits.map((item) => ({ userId: me.id, itemId: item.id, ts: item.ts, watchlistIds: ['wl'] }));
  for (let i = 0; i < hitRows.length; i += 20) await newsDb.insert(watchHits).values(hitRows.slice(i, i + 20));
  hitIds = hits
    .filter((item) => !item.isTest)
    .sort((a, b) => b.ts - a.ts || b.id - a.id)
    .map((item) => item.id);
});

async function pageThrough(client: Client, input: Record<string, unknown>) {
  const items: NewsItemDto[] = [];
  let cursor: string | undefined;
  for (let guard = 0; guard < 100; guard++) {
    const page = await client.getHistoricalNews({ ...input, ...(cursor ? { cursor } : {}) } as never);
    items.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return items;
}

describe('getHistoricalNews watchOnly: only the caller’s watchlist hits', () => {
  it('pages through exactly the hits, newest first, none lost or repeated at page edges', async () => {
    const items = await pageThrough(mine, { watchOnly: true, sources: 'watch-only', limit: 3 });
    expect(items.map((i) => i.id)).toEqual(hitIds);
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    // The URL form ("true") works too; the test headline stays hidden unless asked for.
    const asText = await pageThrough(mine, { watchOnly: 'true', sources: 'watch-only', limit: 7 });
    expect(asText.map((i) => i.id)).toEqual(hitIds);
    const withTest = await pageThrough(mine, { watchOnly: true, sources: 'watch-only', excludeTestNews: false, limit: 5 });
    expect(withTest).toHaveLength(hitIds.length + 1);
  });

  it('another user sees none of them; without the flag the feed is unchanged', async () => {
    expect((await other.getHistoricalNews({ watchOnly: true, sources: 'watch-only' })).items).toEqual([]);
    const all = await mine.getHistoricalNews({ sources: 'watch-only', limit: 100 });
    expect(all.items).toHaveLength(40);
  });

  it('combines with the other filters, the search and the importance order', async () => {
    const byId = new Map((await mine.getHistoricalNews({ sources: 'watch-only', limit: 100 })).items.map((i) => [i.id, i]));
    const expected = (keep: (i: NewsItemDto) => boolean) => hitIds.filter((id) => keep(byId.get(id)!));
    const critical = await pageThrough(mine, { watchOnly: true, sources: 'watch-only', importance: 'critical', limit: 2 });
    expect(critical.map((i) => i.id)).toEqual(expected((i) => i.importance === 'critical'));
    const words = await mine.getHistoricalNews({ watchOnly: true, sources: 'watch-only', search: 'zephyrcoin' });
    expect(words.items.map((i) => i.id)).toEqual(expected((i) => i.title.includes('zephyrcoin')));
    const ranked = await mine.getHistoricalNews({ watchOnly: true, sources: 'watch-only', sortBy: 'importance', limit: 100 });
    expect(ranked.items.map((i) => i.id).sort()).toEqual([...hitIds].sort());
    expect(ranked.items[0]!.importance).toBe('critical');
    const oldest = await pageThrough(mine, { watchOnly: true, sources: 'watch-only', sortOrder: 'asc', limit: 4 });
    expect(oldest.map((i) => i.id)).toEqual([...hitIds].reverse());
  });

  it("walks the user's hits on their primary key (no scan of the feed, no sort)", async () => {
    const q = {
      ...normaliseFeedSearch({ watchOnly: true }),
      words: null,
      cursor: { ts: T0 + 5, id: 1_000_000 },
      watchUserId: myId,
    };
    const plan = (await newsDb.all<{ detail: string }>(sql`EXPLAIN QUERY PLAN ${feedStatement(q)}`)).map((r) => r.detail);
    expect(plan.join('\n')).toMatch(/SEARCH h USING PRIMARY KEY \(user_id=\? AND \(ts,item_id\)<\(\?,\?\)\)/);
    expect(plan.join('\n')).toMatch(/SEARCH n USING INTEGER PRIMARY KEY/);
    expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|SCAN n/);
  });
});
