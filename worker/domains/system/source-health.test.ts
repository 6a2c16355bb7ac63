import { describe, expect, it } from 'vitest';
import { insertTwitterSession } from '../../test/news-rows';
import { newsPollers, newsSources } from '../../db/schema/news';
import { newsItems } from '../../db/schema-news';
import { db, insertUser, newsDb, rpcClient, signedInJar } from '../../test/harness';

/**
 * Issue 29: System status shows each source's health as the sources page reads it — connected /
 * polling at N s / rate-limited until / failing, the last item's age, p50/p99 publication → stored.
 */
const poller = (
  now: number,
  over: Partial<typeof newsPollers.$inferInsert> & { key: string; kind: string; targetId: string },
) => ({
  state: 'polling' as const,
  countedSince: now - 60_000,
  updatedAt: now - 1_000,
  ...over,
});

function headline(sourceId: string, ts: number, delayMs: number, n: number) {
  return {
    ts,
    receivedAt: ts + delayMs - 5,
    publishedAt: ts,
    storedAt: ts + delayMs,
    sourceId,
    sourceKind: 'exchange',
    externalId: `${sourceId}-${n}`,
    title: `Announcement ${sourceId} ${n}`,
    symbols: [],
    importance: 'critical' as const,
    dedupKey: `k-${sourceId}-${n}`,
    metadata: {},
  };
}

describe('source health in System status', () => {
  it('each source and X session carries its poller report and 24 h latency, for admins only', async () => {
    const now = Date.now();
    await db.insert(newsSources).values([
      { id: 'exchange-bybit', kind: 'exchange', name: 'Bybit', config: { exchange: 'bybit' }, createdAt: now },
      { id: 'exchange-okx', kind: 'exchange', name: 'OKX', config: { exchange: 'okx' }, createdAt: now },
      { id: 'exchange-binance', kind: 'exchange', name: 'Binance', config: { exchange: 'binance' }, createdAt: now },
      { id: 'manual-desk', kind: 'manual', name: 'Desk', config: {}, createdAt: now },
      { id: 'x-stream', kind: 'twitter', name: 'X filtered stream', config: { stream: true, handleIds: [] }, createdAt: now },
    ]);
    await insertTwitterSession({
      id: 'x-fast',
      name: 'Fast handles',
      intervalSeconds: 15,
      activeToUtc: '24:00',
      createdAt: now,
    });
    await db.insert(newsPollers).values([
      poller(now, {
        key: 'exchange:bybit',
        kind: 'exchange',
        targetId: 'exchange-bybit',
        intervalMs: 2_000,
        lastItemAt: now - 45_000,
      }),
      poller(now, {
        key: 'exchange:okx',
        kind: 'exchange',
        targetId: 'exchange-okx',
        state: 'rate-limited',
        intervalMs: 2_000,
        rateLimitedUntil: now + 30_000,
        lastError: 'OKX answered 429',
      }),
      poller(now, {
        key: 'stream:binance',
        kind: 'exchange-stream',
        targetId: 'exchange-binance',
        state: 'connected',
        connectedSince: now - 600_000,
      }),
      poller(now, {
        key: 'x-stream:x-stream',
        kind: 'x-stream',
        targetId: 'x-stream',
        state: 'connecting',
        nextAt: now + 500,
        consecutiveFailures: 2,
        lastError: 'X ended the filtered stream connection',
      }),
      poller(now, {
        key: 'x-session:x-fast',
        kind: 'x-session',
        targetId: 'x-fast',
        intervalMs: 15_000,
        lastItemAt: now - 5_000,
      }),
    ]);
    // 100 Bybit headlines stored 500…1490 ms after publication: p50 990 ms, p99 1480 ms.
    const rows = Array.from({ length: 100 }, (_, i) => headline('exchange-bybit', now - 3_600_000 + i * 1_000, 500 + i * 10, i));
    for (let i = 0; i < rows.length; i += 5) await newsDb.insert(newsItems).values(rows.slice(i, i + 5));

    const admin = rpcClient(await signedInJar(await insertUser({ role: 'admin', email: 'health-admin@system.test' })));
    const status = await admin.getSystemStatus();
    const source = (id: string) => status.newsSources.find((s) => s.id === id)!;
    expect(source('exchange-bybit').poller).toMatchObject({ state: 'polling', intervalSeconds: 2, lastItemAt: now - 45_000 });
    expect(source('exchange-bybit').latency).toEqual({ count: 100, p50: 990, p99: 1_480 });
    expect(source('exchange-okx').poller).toMatchObject({
      state: 'rate-limited',
      rateLimitedUntil: now + 30_000,
      lastError: 'OKX answered 429',
    });
    expect(source('exchange-okx').latency).toBeNull();
    expect(source('exchange-binance').poller).toMatchObject({
      state: 'connected',
      connectedSince: now - 600_000,
      intervalSeconds: null,
    });
    // the X filtered stream, reconnecting: System status can say "reconnecting in 0.5 s"
    expect(source('x-stream').poller).toMatchObject({ state: 'connecting', nextAt: now + 500, consecutiveFailures: 2 });
    expect(source('manual-desk').poller).toBeNull();
    expect(status.xPolling.find((x) => x.id === 'x-fast')!.poller).toMatchObject({ state: 'polling', intervalSeconds: 15 });
    // Ordered by name, as before.
    expect(status.newsSources.map((s) => s.name)).toEqual(
      [...status.newsSources.map((s) => s.name)].sort((a, b) => a.localeCompare(b)),
    );

    // Users and anonymous callers are refused.
    const user = rpcClient(await signedInJar(await insertUser({ email: 'health-user@system.test' })));
    await expect(user.getSystemStatus()).rejects.toMatchObject({ status: 403 });
    await expect(rpcClient().getSystemStatus()).rejects.toMatchObject({ status: 401 });
  });
});
