import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newsPollers } from '../db/schema/news';
import { newsItems } from '../db/schema-news';
import { db, newsDb, testEnv } from '../test/harness';
import { sleep, until } from '../test/eventually';
import { FakeX } from '../test/fakes/fake-x';
import { FakeXStream } from '../test/fakes/fake-x-stream';
import { createTwitterHandle } from '../domains/news/settings/twitter-handles';
import { setXStream } from '../domains/news/settings/x-stream';
import { RULE_TAG } from '../providers/twitter/filtered-stream';
import type { PollerTarget } from '../domains/news/pollers/targets';
import { watchNewsPollers, type PollerOverrides } from '../wiring/news-pollers';
import type { NewsStream } from './news-stream';

const TOKEN = 'x-stream-token';
const x = new FakeX({
  bearerToken: TOKEN,
  users: [
    { id: '42', username: 'tier10k', name: 'db' },
    { id: '43', username: 'WuBlockchain', name: 'Wu Blockchain' },
    { id: '44', username: 'lookonchain', name: 'Lookonchain' },
  ],
});
const stream = new FakeXStream(x);
const target: PollerTarget = { kind: 'x-stream', id: 'x-stream' };
const stub = env.NEWS_STREAM.getByName('x-stream:x-stream');
// Long enough that a loaded machine (CI runs the suites side by side) does not read a delay as silence.
const SILENCE_MS = 1_500;
const overrides: PollerOverrides = { fetch: x.fetch, xBearerToken: TOKEN, xStreamSilenceMs: SILENCE_MS };

/** The fake's connection belongs to the holder's Durable Object: publish and cut from inside it. */
const inside = <T>(act: () => T) => runInDurableObject(stub, () => act());
const tweetRows = () => newsDb.select().from(newsItems).where(like(newsItems.sourceId, 'twitter:%'));
const titles = async () => (await tweetRows()).map((r) => r.title).sort();
const snapshot = async () => (await stub.status()).snapshot!;
const searches = () => x.callsTo(/^\/2\/tweets\/search\/recent$/);

async function start() {
  await runInDurableObject(stub, (s: NewsStream) => {
    s.overrides = overrides;
  });
  await stub.arm(target, true);
  await runDurableObjectAlarm(stub);
}

describe('the X filtered stream, held by its NewsStream Durable Object', () => {
  it('keeps the app’s rules in step with the handles: adds, deletes only ours, leaves others alone', async () => {
    const [tier, wu, look] = await Promise.all(
      ['tier10k', 'wublockchain', 'lookonchain'].map((handle) =>
        createTwitterHandle(db, { handle, userId: null, enabled: true }),
      ),
    );
    stream.rules.set('1', { id: '1', value: 'bitcoin lang:en', tag: 'someone-else' });
    await setXStream(db, { enabled: true, handleIds: [tier!.id, wu!.id] });
    await start();
    expect([...stream.rules.values()].map((r) => [r.value, r.tag])).toEqual([
      ['bitcoin lang:en', 'someone-else'],
      ['(from:tier10k OR from:wublockchain) -is:retweet -is:reply', `${RULE_TAG}:0`],
    ]);
    expect(await snapshot()).toMatchObject({ state: 'connected', connections: 1, consecutiveFailures: 0 });
    expect(stream.openConnections).toBe(1);

    // an edit: the rule is replaced while the connection stays open (X applies rules live)
    await setXStream(db, { enabled: true, handleIds: [tier!.id, look!.id] });
    await stub.arm(target, true);
    await runDurableObjectAlarm(stub);
    expect([...stream.rules.values()].map((r) => r.value)).toEqual([
      'bitcoin lang:en',
      '(from:lookonchain OR from:tier10k) -is:retweet -is:reply',
    ]);
    // unchanged handles send nothing
    const ruleCalls = x.callsTo(/\/stream\/rules$/).length;
    await runDurableObjectAlarm(stub);
    expect(x.callsTo(/\/stream\/rules$/)).toHaveLength(ruleCalls);
    expect(await snapshot()).toMatchObject({ state: 'connected', connections: 1 });
    expect(await db.query.newsPollers.findFirst({ where: eq(newsPollers.key, 'x-stream:x-stream') })).toMatchObject({
      kind: 'x-stream',
      state: 'connected',
      connectedSince: expect.any(Number),
    });
  });

  it('stores each streamed post once, through the polled path’s ingest, with its delay from created_at', async () => {
    const before = Date.now();
    const post = await inside(() => x.post('tier10k', 'Binance will list FOO & $BTC spot ETF flows at a record'));
    await inside(() => x.post('WuBlockchain', 'not followed any more: no rule matches'));
    const rows = await until(tweetRows, (r) => r.length > 0);
    expect(rows).toEqual([
      expect.objectContaining({
        sourceId: 'twitter:tier10k',
        sourceKind: 'twitter',
        externalId: post.id,
        author: '@tier10k',
        url: `https://x.com/tier10k/status/${post.id}`,
        publishedAt: Date.parse(post.created_at),
      }),
    ]);
    const row = rows[0]!;
    expect(row.receivedAt).toBeGreaterThanOrEqual(before);
    expect(row.storedAt!).toBeGreaterThanOrEqual(row.receivedAt);
    // The delay is stored_at − published_at (no timing asserted: a loaded machine may take seconds).
    expect(row.storedAt!).toBeGreaterThanOrEqual(row.publishedAt!);
    expect(row.symbols).toContain('BTC');
    // The object notes the item in its health after the store: the row can be read a moment before.
    expect((await until(snapshot, (h) => h.lastItemAt !== null, 10_000)).lastItemAt).toBe(Date.parse(post.created_at));
  });

  it('keep-alives hold the connection; silence past the limit reconnects', async () => {
    await sleep(SILENCE_MS / 2);
    await inside(() => stream.keepAlive());
    await sleep(SILENCE_MS / 2 + 50);
    await runDurableObjectAlarm(stub);
    expect(await snapshot()).toMatchObject({ state: 'connected', connections: 1, lastMessageAt: expect.any(Number) });
    // the next heartbeat is planned for when the silence would run out
    const planned = (await stub.status()).plannedAt!;
    expect(planned - Date.now()).toBeLessThanOrEqual(SILENCE_MS);

    await sleep(SILENCE_MS + 50);
    await runDurableObjectAlarm(stub);
    const silent = await stub.status();
    expect(silent.snapshot).toMatchObject({ state: 'connecting', lastError: expect.stringContaining('No data from X') });
    expect(silent.plannedAt! - Date.now()).toBeLessThanOrEqual(250);
    expect(stream.openConnections).toBe(0);
    await sleep(300);
    await runDurableObjectAlarm(stub);
    expect(await snapshot()).toMatchObject({ state: 'connected', connections: 2 });
  });

  it('a dropped connection reconnects with linear backoff and backfills the gap by recent search, without duplicates', async () => {
    const seen = await inside(() => x.post('lookonchain', 'Whale moves 10,000 ETH to Binance'));
    await until(tweetRows, (r) => r.length === 2);

    await inside(() => stream.dropAll());
    const dropped = await until(
      () => stub.status(),
      (s) => s.snapshot?.state === 'connecting',
    );
    expect(dropped.snapshot).toMatchObject({ lastError: expect.stringContaining('ended the filtered stream') });
    expect(dropped.plannedAt! - Date.now()).toBeLessThanOrEqual(250);
    // System status reads it from the health row: reconnecting, and when
    const row = await until(
      () => db.query.newsPollers.findFirst({ where: eq(newsPollers.key, 'x-stream:x-stream') }),
      (r) => r?.state === 'connecting',
    );
    expect(row).toMatchObject({ state: 'connecting', nextAt: dropped.plannedAt, consecutiveFailures: 1 });
    // published while disconnected: the stream never delivers these
    await inside(() => x.post('tier10k', 'Gap post one: SOL ETF filing'));
    await inside(() => x.post('lookonchain', 'Gap post two: 5,000 BTC withdrawn'));
    // a heartbeat before the backoff ends does not reconnect
    await runDurableObjectAlarm(stub);
    expect(await snapshot()).toMatchObject({ state: 'connecting', connections: 2 });

    await sleep(300);
    const searchesBefore = searches().length;
    await runDurableObjectAlarm(stub);
    expect(await snapshot()).toMatchObject({ state: 'connected', connections: 3 });
    const backfills = searches().slice(searchesBefore);
    expect(backfills.map((r) => [r.params.get('query'), r.params.get('since_id')])).toEqual([
      ['(from:lookonchain OR from:tier10k) -is:retweet -is:reply', seen.id],
    ]);
    await inside(() => x.post('tier10k', 'After the gap: streamed again'));
    await until(tweetRows, (r) => r.length === 5);
    // the backfill met posts already stored: each is one row
    expect(await titles()).toEqual([
      'After the gap: streamed again',
      'Binance will list FOO & $BTC spot ETF flows at a record',
      'Gap post one: SOL ETF filing',
      'Gap post two: 5,000 BTC withdrawn',
      'Whale moves 10,000 ETH to Binance',
    ]);

    // drops without a byte in between back off linearly: 250 ms, then 500 ms
    await inside(() => stream.dropAll());
    await until(
      () => stub.status(),
      (s) => s.snapshot?.state === 'connecting',
    );
    await sleep(300);
    await runDurableObjectAlarm(stub);
    await inside(() => stream.dropAll());
    const second = await until(
      () => stub.status(),
      (s) => s.snapshot?.state === 'connecting',
    );
    expect(second.snapshot!.consecutiveFailures).toBe(2);
    expect(second.plannedAt! - Date.now()).toBeGreaterThan(300);
    expect(second.plannedAt! - Date.now()).toBeLessThanOrEqual(500);
    await sleep(550);
    await runDurableObjectAlarm(stub);
    expect(await snapshot()).toMatchObject({ state: 'connected' });
  });

  it('after a restart of the object the cursor survives: the gap is backfilled, nothing stored twice', async () => {
    const before = (await tweetRows()).length;
    // the object loses its memory (the connection with it); a post lands meanwhile
    await runInDurableObject(stub, (s: NewsStream) => {
      s.overrides = { ...overrides };
    });
    await inside(() => x.post('tier10k', 'Posted while the object restarted'));
    const searchesBefore = searches().length;
    await runDurableObjectAlarm(stub);
    expect(await snapshot()).toMatchObject({ state: 'connected' });
    expect(searches().slice(searchesBefore)).toHaveLength(1);
    const rows = await until(tweetRows, (r) => r.length === before + 1);
    expect(rows.filter((r) => r.title === 'Posted while the object restarted')).toHaveLength(1);
  });

  it('429 TooManyConnections waits a minute (rate-limited); an HTTP error 5 s (failing); the watchdog re-arms a stalled stream', async () => {
    await runInDurableObject(stub, (s: NewsStream) => {
      s.overrides = { ...overrides };
    });
    // another client holds the app's one connection
    const other = await x.fetch('https://api.x.com/2/tweets/search/stream', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(other.status).toBe(200);
    await runDurableObjectAlarm(stub);
    const limited = await stub.status();
    expect(limited.snapshot).toMatchObject({ state: 'rate-limited', lastError: expect.stringContaining('rate limit') });
    expect(limited.snapshot!.rateLimitedUntil! - Date.now()).toBeGreaterThan(55_000);
    expect(limited.plannedAt! - Date.now()).toBeGreaterThan(14_000);
    expect(await db.query.newsPollers.findFirst({ where: eq(newsPollers.key, 'x-stream:x-stream') })).toMatchObject({
      state: 'rate-limited',
      rateLimitedUntil: limited.snapshot!.rateLimitedUntil,
    });
    await other.body!.cancel();

    await runInDurableObject(stub, (s: NewsStream) => {
      s.overrides = { ...overrides };
    });
    x.failNext({ type: 'http', status: 503 }, { path: /\/2\/tweets\/search\/stream$/ });
    await runDurableObjectAlarm(stub);
    const failing = await stub.status();
    expect(failing.snapshot).toMatchObject({ state: 'failing', lastError: expect.stringContaining('HTTP 503') });
    expect(failing.plannedAt! - Date.now()).toBeGreaterThan(4_000);
    expect(failing.plannedAt! - Date.now()).toBeLessThanOrEqual(5_000);

    // the heartbeat alarm is lost: the minute watchdog re-arms it and says so
    await runInDurableObject(stub, (_s: NewsStream, state) => state.storage.deleteAlarm());
    const run = await watchNewsPollers({ ...testEnv, X_BEARER_TOKEN: TOKEN }, db, Date.now());
    expect(run.stalled).toEqual(['x-stream:x-stream']);
    expect((await stub.status()).alarm).not.toBeNull();
  });

  it('switched off, it hangs up and stops', async () => {
    await setXStream(db, { enabled: false, handleIds: [] });
    await stub.arm(target, true);
    await runDurableObjectAlarm(stub);
    expect(await stub.status()).toMatchObject({ alarm: null, snapshot: { state: 'off', lastError: 'Disabled' } });
    expect(stream.openConnections).toBe(0);
  });
});
