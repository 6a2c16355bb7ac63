import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { insertTwitterSession } from '../test/news-rows';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsPollers, newsSources, twitterHandles, twitterPollingSessions } from '../db/schema/news';
import { newsItems } from '../db/schema-news';
import { db, newsDb, testEnv } from '../test/harness';
import { COINDESK_RSS, FakeRss } from '../test/fakes/fake-rss';
import { FakeX } from '../test/fakes/fake-x';
import { nextPollAt } from '../domains/news/pollers/poll-schedule';
import { pollerKey, type PollerTarget } from '../domains/news/pollers/targets';
import { watchNewsPollers } from '../wiring/news-pollers';
import type { NewsPoller } from './news-poller';

const feeds = new FakeRss().publish('/rss', { body: COINDESK_RSS, etag: '"v1"' });

const stubOf = (target: PollerTarget) => env.NEWS_POLLER.getByName(pollerKey(target));
async function armed(target: PollerTarget, overrides: NewsPoller['overrides'] = { fetch: feeds.fetch }) {
  const stub = stubOf(target);
  await runInDurableObject(stub, (poller: NewsPoller) => {
    poller.overrides = overrides;
  });
  await stub.arm(target);
  return stub;
}
const healthRow = (key: string) => db.query.newsPollers.findFirst({ where: eq(newsPollers.key, key) });

describe('nextPollAt: the interval is honoured to the second, on a fixed grid', () => {
  it('next slot after the planned one, however long the read took', () => {
    expect(nextPollAt(10_000, 1_000, 10_300)).toBe(11_000);
    expect(nextPollAt(10_000, 15_000, 10_900)).toBe(25_000);
  });
  it('a read that overran slots skips them instead of bursting', () => {
    expect(nextPollAt(10_000, 1_000, 12_500)).toBe(13_000);
    expect(nextPollAt(10_000, 1_000, 13_000)).toBe(14_000);
  });
  it('a rate-limit reset or backoff pushes it later, never earlier', () => {
    expect(nextPollAt(10_000, 1_000, 10_100, 60_000)).toBe(60_000);
    expect(nextPollAt(10_000, 1_000, 10_100, 10_500)).toBe(11_000);
  });
});

/** An RSS source on the fake feed, read every `intervalSeconds`. */
const insertFakeFeed = (id: string, name: string, intervalSeconds: number) =>
  db
    .insert(newsSources)
    .values({ id, kind: 'rss', name, config: { url: 'https://feeds.fake.test/rss', intervalSeconds }, createdAt: Date.now() });

describe('the NewsPoller Durable Object', () => {
  it('polls an RSS source on its alarm, stores its items, plans the next alarm one interval later and records health', async () => {
    await insertFakeFeed('fast-feed', 'Fast feed', 2);
    const target: PollerTarget = { kind: 'rss', id: 'fast-feed' };
    const stub = await armed(target);
    const planned = (await stub.status()).plannedAt!;
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const status = await stub.status();
    expect(status.health).toMatchObject({ state: 'polling', intervalMs: 2_000, polls: 1, requests: 1, consecutiveFailures: 0 });
    // the grid: planned + 2 s (or the slot after, had the read overrun it)
    expect((status.plannedAt! - planned) % 2_000).toBe(0);
    expect(status.plannedAt! - planned).toBeGreaterThanOrEqual(2_000);
    expect(status.health!.nextAt).toBe(status.plannedAt);
    expect(await newsDb.select().from(newsItems).where(eq(newsItems.sourceId, 'fast-feed'))).toHaveLength(3);
    expect(await healthRow('rss:fast-feed')).toMatchObject({
      kind: 'rss',
      targetId: 'fast-feed',
      state: 'polling',
      intervalMs: 2_000,
      lastItemAt: Date.parse('2025-06-10T14:03:00Z'),
      consecutiveFailures: 0,
    });
    expect(await db.query.newsSources.findFirst({ where: eq(newsSources.id, 'fast-feed') })).toMatchObject({
      consecutiveFailures: 0,
      lastSuccessAt: expect.any(Number),
      nextAttemptAt: status.plannedAt,
    });

    // the next alarm: a conditional GET, nothing new; health is not rewritten within the heartbeat
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(feeds.requests.at(-1)).toMatchObject({ ifNoneMatch: '"v1"' });
    expect((await stub.status()).health).toMatchObject({ polls: 2, requests: 2 });
  });

  it('a failing read backs off and says so; disabling the source stops its alarms', async () => {
    const target: PollerTarget = { kind: 'rss', id: 'fast-feed' };
    const stub = stubOf(target);
    feeds.failNext({ type: 'http', status: 503 });
    await runDurableObjectAlarm(stub);
    const failing = await stub.status();
    expect(failing.health).toMatchObject({ state: 'failing', consecutiveFailures: 1, lastError: expect.stringContaining('503') });
    expect(failing.plannedAt! - Date.now()).toBeGreaterThan(50_000);
    expect(await healthRow('rss:fast-feed')).toMatchObject({ state: 'failing', consecutiveFailures: 1 });

    await db.update(newsSources).set({ enabled: false }).where(eq(newsSources.id, 'fast-feed'));
    await stub.arm(target, true);
    await runDurableObjectAlarm(stub);
    const stopped = await stub.status();
    expect(stopped).toMatchObject({ alarm: null, health: { state: 'off', lastError: 'Disabled', nextAt: null } });
    expect(await runDurableObjectAlarm(stub)).toBe(false);
  });

  it('the watchdog starts a new poller, re-arms a stalled one and reports it', async () => {
    await insertFakeFeed('watched', 'Watched', 30);
    const first = await watchNewsPollers(testEnv, db, Date.now());
    expect(first.started).toContain('rss:watched');
    expect(first.stalled).toEqual([]);
    const stub = stubOf({ kind: 'rss', id: 'watched' });
    await runInDurableObject(stub, (poller: NewsPoller) => {
      poller.overrides = { fetch: feeds.fetch };
    });
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).health).toMatchObject({ state: 'polling', polls: 1 });

    // healthy: nothing to do
    expect((await watchNewsPollers(testEnv, db, Date.now())).stalled).toEqual([]);
    // its alarm is lost (an alarm that gave up its retries, a bad deploy): the next visit re-arms it
    await runInDurableObject(stub, (_p: NewsPoller, state) => state.storage.deleteAlarm());
    const run = await watchNewsPollers(testEnv, db, Date.now());
    expect(run.stalled).toEqual(['rss:watched']);
    expect((await stub.status()).alarm).not.toBeNull();
    expect(await healthRow('rss:watched')).toMatchObject({ rearms: 1, rearmedAt: expect.any(Number) });
    // an overdue alarm counts too
    await runInDurableObject(stub, (_p: NewsPoller, state) => state.storage.setAlarm(Date.now() - 10 * 60_000));
    expect((await watchNewsPollers(testEnv, db, Date.now())).stalled).toEqual(['rss:watched']);
  });

  it('polls a twitter session by recent search, one request for all its handles', async () => {
    const fakeX = new FakeX({
      bearerToken: 'tok',
      users: [
        { id: '1', username: 'alpha', name: 'A' },
        { id: '2', username: 'beta', name: 'B' },
      ],
    });
    await db.insert(twitterHandles).values([
      { id: 'ha', handle: 'alpha', createdAt: Date.now() },
      { id: 'hb', handle: 'beta', createdAt: Date.now() },
    ]);
    await insertTwitterSession({
      id: 'sess',
      name: 'S',
      handleIds: ['ha', 'hb'],
      intervalSeconds: 5,
    });
    fakeX.post('alpha', 'Alpha says hello to the markets');
    fakeX.post('beta', 'Beta says goodbye to the markets');
    const stub = await armed({ kind: 'x-session', id: 'sess' }, { fetch: fakeX.fetch, xBearerToken: 'tok' });
    await runDurableObjectAlarm(stub);
    expect((await stub.status()).health).toMatchObject({ state: 'polling', intervalMs: 5_000, requests: 1 });
    expect(fakeX.callsTo(/search\/recent/)).toHaveLength(1);
    expect(await newsDb.select().from(newsItems).where(eq(newsItems.sourceKind, 'twitter'))).toHaveLength(2);
    expect(await db.query.twitterPollingSessions.findFirst({ where: eq(twitterPollingSessions.id, 'sess') })).toMatchObject({
      lastPolledAt: expect.any(Number),
      lastError: null,
    });
  });
});
