import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../index';
import { accountLatest, exchangeAccounts, snapshotsMinute } from '../db/schema/accounts';
import { accountRefresh, cronRuns, queueDeadLetters, snapshotBatches } from '../db/schema/reliability';
import { accountDaily } from '../db/schema/risk';
import { SNAPSHOT_BATCH_SIZE, SPOT_REFRESH_MS, type SnapshotBatchMessage } from '../domains/accounts/snapshot-message';
import { planSnapshotBatches } from '../domains/accounts/snapshot-plan';
import { db } from '../test/harness';
import { deliver, enqueued, message, MINUTE, queueAccounts, queueEnv, T0 } from '../test/snapshot-queue-harness';
import { SNAPSHOT_DLQ, SNAPSHOT_QUEUE } from './snapshot-queue';

let ids: string[] = [];

beforeAll(async () => {
  ids = await queueAccounts();
});

describe('the producer plan', () => {
  it('splits the active accounts into batches and spends spot reads only where they are due', async () => {
    // One account read spot a minute ago, one long ago; one is frozen and left out.
    await db.insert(accountRefresh).values([
      { accountId: ids[0]!, futuresAt: T0 - MINUTE, spotAt: T0 - MINUTE, spotBalances: [] },
      { accountId: ids[1]!, futuresAt: T0 - MINUTE, spotAt: T0 - SPOT_REFRESH_MS, spotBalances: [] },
    ]);
    await db.update(exchangeAccounts).set({ status: 'frozen' }).where(eq(exchangeAccounts.id, ids[44]!));
    const plan = await planSnapshotBatches(db, T0);
    expect(plan.map((m) => m.accounts.length)).toEqual([SNAPSHOT_BATCH_SIZE, SNAPSHOT_BATCH_SIZE, 4]);
    expect(plan.map((m) => m.batchId)).toEqual([0, 1, 2].map((i) => `${Date.UTC(2026, 10, 24, 9)}:${i}`));
    expect(plan.flatMap((m) => m.accounts.map((a) => a.id))).toEqual(ids.slice(0, 44));
    const spot = new Map(plan.flatMap((m) => m.accounts.map((a) => [a.id, a.spot])));
    expect(spot.get(ids[0]!)).toBe(false);
    expect(spot.get(ids[1]!)).toBe(true);
    expect(spot.get(ids[2]!)).toBe(true);
    await db.update(exchangeAccounts).set({ status: 'active' }).where(eq(exchangeAccounts.id, ids[44]!));
    await db.delete(accountRefresh);
  });
});

describe('the consumer', () => {
  it('stores one batch per message, records refresh times and marks the batch done', async () => {
    const body = await enqueued({
      batchId: 'b-store',
      scheduledAt: T0,
      accounts: ids.slice(0, 3).map((id, i) => ({ id, spot: i !== 2 })),
    });
    // The third account has stored spot balances: they are re-used, not read again.
    await db.insert(accountRefresh).values({ accountId: ids[2]!, spotAt: T0 - MINUTE, spotBalances: [] });
    const msg = message(body);
    const result = await deliver(SNAPSHOT_QUEUE, [msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(result.retryMessages).toEqual([]);
    const rows = await db
      .select()
      .from(snapshotsMinute)
      .where(inArray(snapshotsMinute.accountId, ids.slice(0, 3)));
    expect(rows.map((r) => r.ts)).toEqual([0, 1, 2].map(() => Date.UTC(2026, 10, 24, 9)));
    const refresh = await db
      .select()
      .from(accountRefresh)
      .where(inArray(accountRefresh.accountId, ids.slice(0, 3)));
    const byId = new Map(refresh.map((r) => [r.accountId, r]));
    expect(byId.get(ids[0]!)).toMatchObject({ futuresAt: T0, spotAt: T0 });
    expect(byId.get(ids[0]!)!.spotBalances!.length).toBeGreaterThan(0);
    expect(byId.get(ids[2]!)).toMatchObject({ futuresAt: T0, spotAt: T0 - MINUTE, spotBalances: [] });
    expect(await db.query.snapshotBatches.findFirst({ where: eq(snapshotBatches.id, 'b-store') })).toMatchObject({
      attempts: 1,
      doneAt: expect.any(Number),
    });
  });

  it('a redelivered message writes no second row, and the daily rollup counts it once', async () => {
    const body = await enqueued({ batchId: 'b-redeliver', scheduledAt: T0 + MINUTE, accounts: [{ id: ids[5]!, spot: true }] });
    const first = message(body);
    await deliver(SNAPSHOT_QUEUE, [first]);
    // The queue redelivers the same message (at-least-once): skipped, the batch is done.
    const again = await deliver(SNAPSHOT_QUEUE, [{ ...first, attempts: 2 }]);
    expect(again.explicitAcks).toEqual([first.id]);
    // A concurrent duplicate that saw the batch not yet done writes again: insert-or-ignore holds.
    await db.update(snapshotBatches).set({ doneAt: null }).where(eq(snapshotBatches.id, 'b-redeliver'));
    await deliver(SNAPSHOT_QUEUE, [message(body)]);
    const rows = await db.select().from(snapshotsMinute).where(eq(snapshotsMinute.accountId, ids[5]!));
    expect(rows).toHaveLength(1);
    const day = await db.select().from(accountDaily).where(eq(accountDaily.accountId, ids[5]!));
    expect(day).toEqual([expect.objectContaining({ samples: 1 })]);
  });

  it('a malformed message is recorded as a dead letter at once, not retried', async () => {
    const msg = message({ batchId: '', scheduledAt: -1, accounts: [] } as SnapshotBatchMessage);
    const result = await deliver(SNAPSHOT_QUEUE, [msg]);
    expect(result.explicitAcks).toEqual([msg.id]);
    expect(await db.query.queueDeadLetters.findFirst({ where: eq(queueDeadLetters.messageId, msg.id) })).toMatchObject({
      queue: SNAPSHOT_QUEUE,
    });
  });
});

describe('the dead-letter queue', () => {
  it('records what exhausted its retries, once per message, for the status page', async () => {
    const body = { batchId: 'b-dead', scheduledAt: T0, accounts: [{ id: ids[0]!, spot: false }] };
    const msg = message(body, 4);
    const result = await deliver(SNAPSHOT_DLQ, [msg]);
    expect(result.ackAll).toBe(true);
    await deliver(SNAPSHOT_DLQ, [msg]);
    const rows = await db.select().from(queueDeadLetters).where(eq(queueDeadLetters.messageId, msg.id));
    expect(rows).toEqual([expect.objectContaining({ queue: SNAPSHOT_DLQ, batchId: 'b-dead', attempts: 4, body })]);
  });
});

describe('cron → local queue → consumer', () => {
  it('the minute cron only enqueues; the local queue delivers the batches and every account is snapshotted', async () => {
    await db.delete(accountLatest);
    const scheduledTime = Date.now();
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime, cron: '* * * * *' }), queueEnv, ctx);
    await waitOnExecutionContext(ctx);
    const batches = await db.select().from(snapshotBatches).where(eq(snapshotBatches.scheduledAt, scheduledTime));
    expect(batches.map((b) => b.accounts)).toEqual([20, 20, 5]);
    const run = await db.query.cronRuns.findFirst({ where: eq(cronRuns.scheduledAt, scheduledTime) });
    expect(run).toMatchObject({ failedJobs: [] });
    expect(run!.durationMs).toBeGreaterThanOrEqual(0);
    // The consumer runs when the local queue delivers (max_batch_timeout: 1 s).
    await expect.poll(async () => (await db.select().from(accountLatest)).length, { timeout: 15_000, interval: 250 }).toBe(45);
    await expect
      .poll(
        async () =>
          (await db.select().from(snapshotBatches).where(eq(snapshotBatches.scheduledAt, scheduledTime))).every(
            (b) => b.doneAt !== null,
          ),
        {
          timeout: 5_000,
        },
      )
      .toBe(true);
  });
});
