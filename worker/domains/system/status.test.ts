import { env, exports } from 'cloudflare:workers';
import { insertTwitterSession, telegramOutboxRow } from '../../test/news-rows';
import { describe, expect, it, vi } from 'vitest';
import { CRON_STALL_MS, SYSTEM_WARNING_CODES, type SystemStatus } from '../../contract/system';
import { eq } from 'drizzle-orm';
import { exchangeAccounts } from '../../db/schema/accounts';
import { newsSources, outbox } from '../../db/schema/news';
import { addAccount } from '../accounts/manage-accounts';
import { X_TOKEN_MISSING } from '../news/sources/twitter-poller';
import { cronRuns, queueDeadLetters, snapshotBatches } from '../../db/schema/reliability';
import { db, insertUser, ORIGIN, rpcClient, signedInJar } from '../../test/harness';
import { recordCronRun } from './cron-runs';
import { snapshotQueueBacklog } from '../../wiring/queue-backlog';
import { readSystemStatus, warningsFor } from './status';

const MIN = 60_000;
const codes = (s: SystemStatus) => s.warnings.map((w) => w.code);
const noLive = { hubs: [], queue: null };

describe('system status', () => {
  it('counts from the D1 records and warns about a stalled cron, backlogs, dead letters and failing sources', async () => {
    const now = Date.now();
    expect(codes(await readSystemStatus(db, noLive, now))).toEqual(['CRON_STALLED']);

    await db.insert(cronRuns).values({
      scheduledAt: now - 5 * MIN,
      startedAt: now - 5 * MIN,
      finishedAt: now - 5 * MIN + 900,
      durationMs: 900,
      failedJobs: ['newsRss'],
    });
    await db.insert(snapshotBatches).values([
      // Waiting 3 minutes after a failed attempt: behind.
      { id: 'late', scheduledAt: now - 3 * MIN, accounts: 20, enqueuedAt: now - 3 * MIN, attempts: 1, lastError: 'HTTP 503' },
      { id: 'stored', scheduledAt: now - 3 * MIN, accounts: 20, enqueuedAt: now - 3 * MIN, doneAt: now - 2 * MIN, attempts: 1 },
      // Dead-lettered: counted as a dead letter, not as pending.
      { id: 'dead', scheduledAt: now - 9 * MIN, accounts: 5, enqueuedAt: now - 9 * MIN, attempts: 3 },
    ]);
    await db.insert(queueDeadLetters).values({
      messageId: 'm1',
      queue: 'meridian-snapshots-dlq',
      batchId: 'dead',
      body: {},
      attempts: 4,
      recordedAt: now - MIN,
    });
    await db.insert(outbox).values(
      telegramOutboxRow({
        id: 'o-old',
        nextAttemptAt: now,
        createdAt: now - 10 * MIN,
        attempts: 2,
        lastError: 'Telegram answered 502',
      }),
    );
    await db.insert(newsSources).values([
      { id: 'rss-bad', kind: 'rss', name: 'Bad feed', config: {}, consecutiveFailures: 4, lastError: 'HTTP 500', createdAt: now },
      { id: 'rss-ok', kind: 'rss', name: 'Good feed', config: {}, lastSuccessAt: now - MIN, createdAt: now },
    ]);

    await insertTwitterSession({
      id: 'x-bad',
      name: 'Macro handles',
      activeToUtc: '24:00',
      lastPolledAt: now - MIN,
      lastError: 'X answered 503',
      createdAt: now,
    });
    const failing = await addAccount(db, { exchange: 'simulated', email: 'failing@status.test' });
    await addAccount(db, { exchange: 'simulated', email: 'fine@status.test' });
    await db
      .update(exchangeAccounts)
      .set({ lastError: 'Exchange answered 503', lastErrorAt: now - MIN })
      .where(eq(exchangeAccounts.id, failing.id));

    const queue = { messages: 3, bytes: 900, oldestMessageAt: now - 30_000 };
    const status = await readSystemStatus(
      db,
      {
        hubs: [
          { name: 'news', subscribers: 2 },
          { name: 'risk', subscribers: null },
        ],
        queue,
      },
      now,
    );
    expect(status.cron).toEqual({ lastRunAt: now - 5 * MIN, lastDurationMs: 900, lastFailedJobs: ['newsRss'], runsLastHour: 1 });
    expect(status.snapshotQueue).toEqual({
      pendingBatches: 1,
      oldestPendingAt: now - 3 * MIN,
      retryingBatches: 1,
      deadLetters24h: 1,
      lastDeadLetterAt: now - MIN,
      queue,
    });
    expect(status.telegramOutbox).toEqual({
      backlog: 1,
      oldestQueuedAt: now - 10 * MIN,
      failed: 0,
      retrying: 1,
      lastError: 'Telegram answered 502',
    });
    expect(status.newsSources.map((s) => [s.name, s.consecutiveFailures])).toEqual([
      ['Bad feed', 4],
      ['Good feed', 0],
    ]);
    expect(status.xPolling).toEqual([
      expect.objectContaining({ name: 'Macro handles', lastError: 'X answered 503', off: false }),
    ]);
    // Polling that is off for want of the X secret is a setting, shown as off, not a warning.
    const off = warningsFor({
      ...status,
      xPolling: [{ ...status.xPolling[0]!, lastError: X_TOKEN_MISSING, off: true }],
    });
    expect(off.map((w) => w.code)).not.toContain('X_POLLING_FAILING');
    expect(status.exchangeAccounts).toEqual({
      active: 2,
      failing: 1,
      recentFailures: [{ email: 'failing@status.test', exchange: 'simulated', error: 'Exchange answered 503', at: now - MIN }],
    });
    // Every warning fires, in the contract's order (worst first).
    expect(codes(status)).toEqual([...SYSTEM_WARNING_CODES]);
    expect(status.warnings[0]!.message).toBe('The minute cron last ran 5 min ago.');

    // A fresh cron run clears the stall; the threshold is 3 minutes.
    await recordCronRun(db, { scheduledAt: now, startedAt: now, finishedAt: now + 40, failedJobs: [] });
    const fresh = await readSystemStatus(db, noLive, now + 1_000);
    expect(fresh.cron).toMatchObject({ lastRunAt: now, lastDurationMs: 40, lastFailedJobs: [] });
    expect(codes(fresh)).not.toContain('CRON_STALLED');
    expect(warningsFor({ ...fresh, now: now + CRON_STALL_MS + 1 }).map((w) => w.code)).toContain('CRON_STALLED');
  });

  it("the queue's own backlog warns when its oldest message waits past the threshold, even with no D1 record behind", () => {
    const now = Date.now();
    const base = {
      now,
      cron: { lastRunAt: now, lastDurationMs: 10, lastFailedJobs: [], runsLastHour: 60 },
      snapshotQueue: {
        pendingBatches: 0,
        oldestPendingAt: null,
        retryingBatches: 0,
        deadLetters24h: 0,
        lastDeadLetterAt: null,
        queue: null,
      },
      newsSources: [],
      xPolling: [],
      exchangeAccounts: { active: 0, failing: 0, recentFailures: [] },
      telegramOutbox: { backlog: 0, oldestQueuedAt: null, failed: 0, retrying: 0, lastError: null },
      hubs: [],
      warnings: [],
    } satisfies SystemStatus;
    const withQueue = (oldestAgoMs: number | null) =>
      warningsFor({
        ...base,
        snapshotQueue: {
          ...base.snapshotQueue,
          queue: { messages: 4, bytes: 1_000, oldestMessageAt: oldestAgoMs === null ? null : now - oldestAgoMs },
        },
      });
    expect(warningsFor(base)).toEqual([]);
    expect(withQueue(null)).toEqual([]);
    expect(withQueue(MIN)).toEqual([]);
    expect(withQueue(3 * MIN)).toEqual([
      { code: 'SNAPSHOT_BACKLOG', message: '4 messages on the snapshot queue, the oldest for 3 min.' },
    ]);
  });

  it('a failed Telegram send warns at once and clears when the message has gone out', async () => {
    const now = Date.now();
    await db.delete(outbox);
    await db.insert(outbox).values([
      // Queued a minute ago, far from the backlog threshold; its first send timed out.
      telegramOutboxRow({
        id: 'o-retry',
        target: '-200',
        payload: { text: 'y' },
        nextAttemptAt: now + 2_000,
        createdAt: now - MIN,
        attempts: 1,
        lastError: 'Telegram did not answer within 10 s.',
      }),
      // Waiting behind it, never tried: not a failure.
      telegramOutboxRow({
        id: 'o-next',
        target: '-200',
        payload: { text: 'z' },
        nextAttemptAt: now,
        createdAt: now,
      }),
    ]);
    const failing = await readSystemStatus(db, noLive, now);
    expect(failing.telegramOutbox).toMatchObject({ backlog: 2, retrying: 1, lastError: 'Telegram did not answer within 10 s.' });
    expect(failing.warnings.filter((w) => w.code.startsWith('TELEGRAM') || w.code.startsWith('OUTBOX'))).toEqual([
      {
        code: 'TELEGRAM_SENDS_FAILING',
        message: '1 Telegram message waiting for a retry after a failed send: Telegram did not answer within 10 s.',
      },
    ]);
    // Sent on the retry (the sender leaves last_error on a sent row): the warning clears.
    await db
      .update(outbox)
      .set({ status: 'sent', sentAt: now + 3_000 })
      .where(eq(outbox.id, 'o-retry'));
    const recovered = await readSystemStatus(db, noLive, now + 3_000);
    expect(recovered.telegramOutbox).toMatchObject({ backlog: 1, retrying: 0, lastError: null });
    expect(codes(recovered)).not.toContain('TELEGRAM_SENDS_FAILING');
  });

  it('admins read it through the procedure, with live subscriber counts of the hubs', async () => {
    const jar = await signedInJar(await insertUser({ role: 'admin', email: 'status-admin@system.test' }));
    // One open news stream (the pass-through path the browser uses).
    const res = await exports.default.fetch(`${ORIGIN}/api/rpc/streamNews`, {
      method: 'POST',
      headers: { cookie: jar.header(), 'content-type': 'application/json' },
      body: '{}',
    });
    const reader = res.body!.getReader();
    await reader.read();
    const status = await rpcClient(jar).getSystemStatus();
    expect(status.hubs).toEqual([
      { name: 'news', subscribers: 1 },
      { name: 'risk', subscribers: 0 },
      { name: 'todo', subscribers: 0 },
      { name: 'prices', subscribers: 0 },
    ]);
    await reader.cancel();
    // The local queue answers Queue.metrics() like the deployed one: empty, then one message waiting
    // for its consumer (which records a malformed body as a dead letter at once), then empty again.
    expect(status.snapshotQueue.queue).toEqual({ messages: 0, bytes: 0, oldestMessageAt: null });
    const deadBefore = (await db.select().from(queueDeadLetters)).length;
    const sentAt = Date.now();
    await env.SNAPSHOT_QUEUE.send({ notABatch: true });
    const waiting = (await snapshotQueueBacklog(env))!;
    expect(waiting.messages).toBe(1);
    expect(waiting.bytes).toBeGreaterThan(0);
    expect(waiting.oldestMessageAt).toBeGreaterThanOrEqual(sentAt - 1_000);
    await vi.waitFor(async () => expect((await snapshotQueueBacklog(env))!.messages).toBe(0), { timeout: 10_000, interval: 100 });
    await vi.waitFor(async () => expect(await db.select().from(queueDeadLetters)).toHaveLength(deadBefore + 1), {
      timeout: 10_000,
      interval: 100,
    });
    // Everyone else is refused (the access matrix covers every level; this is the short proof).
    const trader = rpcClient(await signedInJar(await insertUser({ email: 'status-trader@system.test' })));
    await expect(trader.getSystemStatus()).rejects.toMatchObject({ status: 403 });
  });
});
