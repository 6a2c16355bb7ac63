import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { twitterHandles, twitterPollingSessions } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { SimulatedExchange } from '../../../exchanges/simulated/adapter';
import { XClient } from '../../../providers/twitter/client';
import { db, newsDb, testEnv } from '../../../test/harness';
import { FakeX } from '../../../test/fakes/fake-x';
import type { IngestDeps } from '../ingest/ingest';
import { newsHubPublisher } from '../../../wiring/news-ingest';
import { X_TOKEN_MISSING, pollTwitterSessions } from './twitter-poller';

const TOKEN = 'x-test-bearer';
const T0 = Date.UTC(2026, 10, 21, 10, 0);
const clock = { t: T0 };
const fake = new FakeX({
  bearerToken: TOKEN,
  now: () => clock.t,
  users: [
    { id: '44196397', username: 'WatcherGuru', name: 'Watcher.Guru' },
    { id: '1179487206', username: 'tier10k', name: 'db' },
  ],
});
const x = new XClient({ baseUrl: 'https://x.fake.test', bearerToken: TOKEN, fetch: fake.fetch, now: () => clock.t });
const ingest: IngestDeps = { db, newsDb, publish: newsHubPublisher(testEnv), exchange: new SimulatedExchange({ now: () => clock.t }) };
const poll = (over: { x?: typeof x | null } = {}) =>
  pollTwitterSessions({ db, ingest, x: over.x === undefined ? x : over.x, now: clock.t, clock: () => clock.t });

const session = () => db.query.twitterPollingSessions.findFirst({ where: eq(twitterPollingSessions.id, 's1') });
const items = () => newsDb.select().from(newsItems).where(eq(newsItems.sourceKind, 'twitter'));

beforeAll(async () => {
  await db.insert(twitterHandles).values([
    { id: 'h-guru', handle: 'WatcherGuru', createdAt: T0 },
    { id: 'h-tier', handle: 'tier10k', createdAt: T0 },
  ]);
  await db.insert(twitterPollingSessions).values({
    id: 's1',
    name: 'Always',
    handleIds: ['h-guru', 'h-tier'],
    intervalSeconds: 60,
    activeFromUtc: '00:00',
    activeToUtc: '00:00',
    cursors: {},
    createdAt: T0,
  });
  // before the session's first poll: two posts that poll reads
  fake.post('WatcherGuru', 'JUST IN: $BTC breaks $100,000 & keeps going');
  fake.post('tier10k', '[DJ] Fed leaves rates unchanged');
});

describe('twitter polling sessions', () => {
  it('says so in the session when X_BEARER_TOKEN is missing, and reads nothing', async () => {
    await poll({ x: null });
    expect(await session()).toMatchObject({ lastError: X_TOKEN_MISSING, lastPolledAt: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('looks user ids up once, ingests each post as twitter:<handle>, stores the since-id cursors', async () => {
    const result = await poll();
    expect(result).toMatchObject({ polledSessions: 1, stored: 2, errors: 0 });
    const rows = await items();
    expect(rows.map((r) => [r.sourceId, r.author, r.title])).toEqual(
      expect.arrayContaining([
        ['twitter:WatcherGuru', '@WatcherGuru', 'JUST IN: $BTC breaks $100,000 & keeps going'],
        ['twitter:tier10k', '@tier10k', '[DJ] Fed leaves rates unchanged'],
      ]),
    );
    expect(rows.find((r) => r.sourceId === 'twitter:WatcherGuru')).toMatchObject({
      symbols: ['BTC'],
      url: expect.stringMatching(/^https:\/\/x\.com\/WatcherGuru\/status\/\d+$/),
    });
    const s = await session();
    expect(s).toMatchObject({ lastPolledAt: T0, lastError: null, rateLimitedUntil: null });
    expect(s!.cursors).toEqual({ 'h-guru': fake.tweets[0]!.id, 'h-tier': fake.tweets[1]!.id });
    const handles = await db.select().from(twitterHandles);
    expect(Object.fromEntries(handles.map((h) => [h.handle, h.userId]))).toEqual({
      WatcherGuru: '44196397',
      tier10k: '1179487206',
    });
  });

  it('waits for the interval, then reads only posts after the cursor: no duplicates', async () => {
    clock.t = T0 + 30_000;
    expect((await poll()).polledSessions).toBe(0);

    fake.post('WatcherGuru', 'Ethereum ETF sees record inflows');
    fake.post('WatcherGuru', 'Solana outage halts block production');
    clock.t = T0 + 60_000;
    const before = fake.requests.length;
    const result = await poll();
    expect(result).toMatchObject({ polledSessions: 1, stored: 2, duplicates: 0 });
    const calls = fake.requests.slice(before);
    // no second user lookup; each timeline call carries its handle's cursor
    expect(calls.every((c) => /\/tweets$/.test(c.path))).toBe(true);
    expect(calls.map((c) => c.params.get('since_id'))).toEqual([fake.tweets[0]!.id, fake.tweets[1]!.id]);
    expect((await session())!.cursors['h-guru']).toBe(fake.tweets[3]!.id);

    // the same posts again (a crash before the cursor was saved) store nothing twice
    await db.update(twitterPollingSessions).set({ cursors: {}, lastPolledAt: null }).where(eq(twitterPollingSessions.id, 's1'));
    clock.t = T0 + 120_000;
    expect(await poll()).toMatchObject({ stored: 0, duplicates: 4 });
    expect(await items()).toHaveLength(4);
  });

  it('a 429 parks the session until the reset X announced, then polling resumes', async () => {
    clock.t = T0 + 180_000;
    const resetAt = Math.floor((T0 + 600_000) / 1000);
    fake.failNext({ type: 'rate-limit', resetAt }, { path: /tweets$/ });
    const result = await poll();
    expect(result.rateLimitedUntil).toBe(resetAt * 1000);
    expect(await session()).toMatchObject({
      rateLimitedUntil: resetAt * 1000,
      lastError: expect.stringContaining('X rate limit reached'),
    });

    fake.post('tier10k', 'Binance will list SUI perpetuals');
    const before = fake.requests.length;
    clock.t = T0 + 400_000; // interval passed, still inside the rate-limit wait
    expect((await poll()).polledSessions).toBe(0);
    expect(fake.requests.length).toBe(before);

    clock.t = resetAt * 1000;
    const resumed = await poll();
    expect(resumed).toMatchObject({ polledSessions: 1, stored: 1 });
    expect(await session()).toMatchObject({ rateLimitedUntil: null, lastError: null });
  });

  it('polls only inside the active UTC window', async () => {
    await db
      .update(twitterPollingSessions)
      .set({ activeFromUtc: '13:00', activeToUtc: '14:00', lastPolledAt: null })
      .where(eq(twitterPollingSessions.id, 's1'));
    clock.t = Date.UTC(2026, 10, 21, 12, 59);
    expect((await poll()).polledSessions).toBe(0);
    clock.t = Date.UTC(2026, 10, 21, 13, 0);
    expect((await poll()).polledSessions).toBe(1);
  });
});
