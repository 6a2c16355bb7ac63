import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../../db/schema/users';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { db, insertUser, newsDb, rpcClient, signedInJar, testEnv } from '../../../test/harness';
import { newsHubPublisher } from '../../../wiring/news-ingest';
import type { NewsItemDto } from '../../../contract/news';
import type { RawNewsItem } from '../types';
import { ingestNews } from './ingest';

const exchange = new SimulatedExchange();
const T0 = Date.UTC(2026, 10, 27, 9);
const X = { id: 'twitter:wublockchain', kind: 'twitter', name: '@wublockchain' } as const;
const BYBIT = { id: 'exchange-bybit', kind: 'exchange', name: 'Bybit' } as const;
const OKX = { id: 'exchange-okx', kind: 'exchange', name: 'OKX' } as const;

function raw(title: string, source: RawNewsItem['source'], receivedAfterMs: number): RawNewsItem {
  return { source, externalId: crypto.randomUUID(), publishedAt: T0, receivedAt: T0 + receivedAfterMs, title };
}

/** Ingest that records what it pushes to the live feed. */
function recording() {
  const pushed: NewsItemDto[] = [];
  return { pushed, deps: { db, newsDb, exchange, publish: async (item: NewsItemDto) => void pushed.push(item) } };
}

const stored = (title: string) => newsDb.query.newsItems.findMany({ where: (n, { eq }) => eq(n.title, title) });

let trader: UserRow;
beforeAll(async () => {
  trader = await insertUser();
});

describe('also reported by', () => {
  it('a later report of the same story from another source is attached to the first headline, not stored again', async () => {
    const { pushed, deps } = recording();
    const title = 'Binance will list Foo (FOO) perpetual';
    const first = await ingestNews(deps, raw(title, X, 800));
    expect(first.status).toBe('stored');
    const second = await ingestNews(deps, raw(`BREAKING: ${title}`, BYBIT, 800 + 9_800));
    expect(second.status).toBe('duplicate');
    const third = await ingestNews(deps, raw(title, OKX, 800 + 12_000));
    expect(third.status).toBe('duplicate');

    const rows = await stored(title);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.alsoReported).toEqual([
      { sourceId: BYBIT.id, sourceKind: 'exchange', name: 'Bybit', receivedAt: T0 + 10_600, afterMs: 9_800 },
      { sourceId: OKX.id, sourceKind: 'exchange', name: 'OKX', receivedAt: T0 + 12_800, afterMs: 12_000 },
    ]);
    // Pushed three times with the same id: the stored row, then the row with one and two more sources.
    expect(pushed.map((p) => p.id)).toEqual([rows[0]!.id, rows[0]!.id, rows[0]!.id]);
    expect(pushed[0]!.alsoReportedBy).toBeUndefined();
    expect(pushed[2]!.alsoReportedBy?.map((a) => a.name)).toEqual(['Bybit', 'OKX']);
    expect(pushed[2]).toMatchObject({ title, sourceId: X.id, ts: T0 });
    // The feed reads it back with the item.
    const feed = await rpcClient(await signedInJar(trader)).getHistoricalNews({ search: 'Foo perpetual' });
    expect(feed.items.find((i) => i.id === rows[0]!.id)?.alsoReportedBy?.map((a) => a.afterMs)).toEqual([9_800, 12_000]);
  });

  it('the first source repeating itself, or a listed source again, changes nothing and pushes nothing', async () => {
    const { pushed, deps } = recording();
    const title = 'Exchange halts withdrawals for upgrade';
    await ingestNews(deps, raw(title, X, 500));
    await ingestNews(deps, raw(`JUST IN: ${title}`, X, 2_000));
    await ingestNews(deps, raw(title, BYBIT, 3_000));
    await ingestNews(deps, raw(title, BYBIT, 4_000));
    const rows = await stored(title);
    expect(rows[0]!.alsoReported?.map((a) => a.sourceId)).toEqual([BYBIT.id]);
    expect(pushed).toHaveLength(2);
  });

  it('two other sources arriving at once both land, once each', async () => {
    const { deps } = recording();
    const title = 'Protocol exploit drains bridge';
    await ingestNews(deps, raw(title, X, 300));
    await Promise.all([ingestNews(deps, raw(title, BYBIT, 1_300)), ingestNews(deps, raw(title, OKX, 1_400))]);
    const rows = await stored(title);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.alsoReported?.map((a) => a.sourceId).sort()).toEqual([BYBIT.id, OKX.id]);
  });

  it('an open feed receives the first row again with the later source, under the same id', async () => {
    const deps = { db, newsDb, exchange, publish: newsHubPublisher(testEnv) };
    const title = 'Regulator approves spot ETF for Bar';
    const first = await ingestNews(deps, raw(title, X, 700));
    const stream = await rpcClient(await signedInJar(trader)).streamNews();
    const next = stream.next();
    await new Promise((r) => setTimeout(r, 50));
    await ingestNews(deps, raw(title, BYBIT, 4_900));
    const value = (await next).value as NewsItemDto;
    await stream.return(undefined);
    expect(first.status === 'stored' && value.id === first.item.id).toBe(true);
    expect(value.alsoReportedBy).toEqual([
      { sourceId: BYBIT.id, sourceKind: 'exchange', name: 'Bybit', receivedAt: T0 + 4_900, afterMs: 4_200 },
    ]);
  });
});
