import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../index';
import type { Bindings } from '../env';
import { accountLatest, exchangeAccounts, snapshotsMinute } from '../db/schema/accounts';
import { accountRefresh, cronRuns, queueDeadLetters, snapshotBatches } from '../db/schema/reliability';
import { accountDaily } from '../db/schema/risk';
import { addAccount } from '../domains/accounts/manage-accounts';
import { processSnapshotBatch, SnapshotBatchFailed, type SnapshotBatchResult } from '../domains/accounts/snapshot-batch';
import { domainError } from '../lib/domain-error';
import {
  followUpBatch,
  followUpDelaySeconds,
  MAX_FOLLOW_UP_ROUNDS,
  SNAPSHOT_BATCH_SIZE,
  SPOT_REFRESH_MS,
  type SnapshotBatchMessage,
} from '../domains/accounts/snapshot-message';
import { planSnapshotBatches, recordBatches } from '../domains/accounts/snapshot-plan';
import { SimulatedExchange } from '../exchanges/simulated/adapter';
import type { ExchangeAdapter } from '../exchanges/types';
import { db } from '../test/harness';
import { handleQueueBatch, retryDelayFor, retryDelaySeconds, SNAPSHOT_DLQ, SNAPSHOT_QUEUE } from './snapshot-queue';

const testEnv = env as unknown as Bindings;
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 24, 9, 0, 5);
let ids: string[] = [];

beforeAll(async () => {
  // 45 simulated accounts: three batches (20, 20, 5).
  for (let i = 0; i < 45; i++) {
    const a = await addAccount(db, { exchange: 'simulated', email: `q${String(i).padStart(2, '0')}@sim.meridian` });
    ids.push(a.id);
  }
  ids = ids.sort();
});

const message = (body: SnapshotBatchMessage, attempts = 1, id = crypto.randomUUID()) => ({
  id,
  timestamp: Date.now(),
  attempts,
  body,
});

async function deliver(queue: string, messages: ReturnType<typeof message>[]) {
  const batch = createMessageBatch(queue, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, testEnv);
  return getQueueResult(batch, ctx);
}

/** Registers the batch row as the producer would. */
async function enqueued(body: SnapshotBatchMessage) {
  await db
    .insert(snapshotBatches)
    .values({ id: body.batchId, scheduledAt: body.scheduledAt, accounts: body.accounts.length, enqueuedAt: body.scheduledAt })
    .onConflictDoNothing();
  return body;
}

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

  it('a batch whose every account fails is retried with backoff; its attempts and error are recorded', async () => {
    // Binance without keys: every read of this account fails, as an exchange outage would.
    const down = await addAccount(db, { exchange: 'binance', email: 'down@binance.test' });
    const body = await enqueued({ batchId: 'b-fail', scheduledAt: T0, accounts: [{ id: down.id, spot: true }] });
    const msg = message(body, 2);
    const result = await deliver(SNAPSHOT_QUEUE, [msg]);
    expect(result.explicitAcks).toEqual([]);
    // getQueueResult (vitest-plugin 1.5.0) reports the retry but drops its delay; the delay asked
    // for is read off a recording message instead.
    expect(result.retryMessages).toEqual([{ msgId: msg.id }]);
    const retried: unknown[] = [];
    const recording = {
      ...createMessageBatch(SNAPSHOT_QUEUE, [msg]),
      queue: SNAPSHOT_QUEUE,
      messages: [{ ...msg, ack: () => retried.push('ack'), retry: (o?: unknown) => retried.push(o) }],
    } as unknown as MessageBatch<unknown>;
    await handleQueueBatch(recording, testEnv);
    expect(retried).toEqual([{ delaySeconds: 20 }]);
    expect(retryDelaySeconds(1)).toBe(10);
    expect(retryDelaySeconds(2)).toBe(20);
    expect(retryDelaySeconds(9)).toBe(60);
    const batch = await db.query.snapshotBatches.findFirst({ where: eq(snapshotBatches.id, 'b-fail') });
    expect(batch).toMatchObject({ attempts: 2, doneAt: null, lastError: expect.stringContaining('Binance is not configured') });
    await db.delete(exchangeAccounts).where(eq(exchangeAccounts.id, down.id));
  });

  it("a rate-limited batch waits as long as the exchange's Retry-After asks before it is retried", async () => {
    const sim = new SimulatedExchange();
    const waits = [90, 300, 60];
    const limited: ExchangeAdapter = {
      kind: 'simulated',
      listSubAccounts: () => sim.listSubAccounts(),
      getMarkPrices: (s) => sim.getMarkPrices(s),
      lastUsedWeight: () => sim.lastUsedWeight(),
      getAccountSnapshot: async () => {
        const wait = waits.shift() ?? 60;
        throw domainError('TOO_MANY_REQUESTS', `Binance rate limit reached. Try again in ${wait} s.`, { retryAfter: wait });
      },
    };
    const body = await enqueued({
      batchId: 'b-limited',
      scheduledAt: T0 + 3 * MINUTE,
      accounts: [ids[12]!, ids[13]!, ids[14]!].map((id) => ({ id, spot: false })),
    });
    const error = await processSnapshotBatch(db, () => limited, body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapshotBatchFailed);
    // The longest wait any account was told.
    expect((error as SnapshotBatchFailed).retryAfterSeconds).toBe(300);
    expect(retryDelayFor(error, 1)).toBe(300);
    // No Retry-After, or a shorter one than the backoff: the backoff.
    expect(retryDelayFor(new SnapshotBatchFailed('down'), 3)).toBe(40);
    expect(retryDelayFor(new SnapshotBatchFailed('soon', 2), 1)).toBe(10);
    // A ban longer than the queue can delay: the queue's maximum (12 h).
    expect(retryDelayFor(new SnapshotBatchFailed('banned', 86_400), 1)).toBe(43_200);
  });

  it('accounts that failed in a stored batch are retried by a follow-up batch', async () => {
    const down = await addAccount(db, { exchange: 'binance', email: 'flaky@binance.test' });
    const scheduledAt = Date.now();
    const body = await enqueued({
      batchId: 'b-follow',
      scheduledAt,
      accounts: [
        { id: ids[15]!, spot: false },
        { id: down.id, spot: false },
      ],
    });
    const sent: MessageSendRequest<SnapshotBatchMessage>[] = [];
    const recordingQueue = { sendBatch: async (m: Iterable<MessageSendRequest<SnapshotBatchMessage>>) => sent.push(...m) };
    const msg = message(body);
    const batch = { ...createMessageBatch(SNAPSHOT_QUEUE, [msg]), queue: SNAPSHOT_QUEUE } as unknown as MessageBatch<unknown>;
    await handleQueueBatch(batch, { ...testEnv, SNAPSHOT_QUEUE: recordingQueue as unknown as Queue });
    expect(sent).toEqual([
      {
        body: { batchId: 'b-follow:r1', scheduledAt, round: 1, accounts: [{ id: down.id, spot: false }] },
        contentType: 'json',
        delaySeconds: 5,
      },
    ]);
    // Recorded as pending for the status page, like the cron's batches.
    expect(await db.query.snapshotBatches.findFirst({ where: eq(snapshotBatches.id, 'b-follow:r1') })).toMatchObject({
      accounts: 1,
      doneAt: null,
    });
    await db.delete(exchangeAccounts).where(eq(exchangeAccounts.id, down.id));
  });

  it("records the batches of a firm-sized tick (100 batches for 2,000 accounts) under D1's parameter limit", async () => {
    const rows = Array.from({ length: 100 }, (_, n) => ({
      id: `firm:${n}`,
      scheduledAt: T0,
      accounts: SNAPSHOT_BATCH_SIZE,
      enqueuedAt: T0,
    }));
    await recordBatches(db, rows);
    const stored = await db
      .select()
      .from(snapshotBatches)
      .where(
        inArray(
          snapshotBatches.id,
          rows.slice(0, 90).map((r) => r.id),
        ),
      );
    expect(stored).toHaveLength(90);
    expect((await db.select().from(snapshotBatches)).filter((b) => b.id.startsWith('firm:'))).toHaveLength(100);
  });

  it('follow-ups keep the tick, back off (or wait the Retry-After) and stop after MAX_FOLLOW_UP_ROUNDS', () => {
    const base = {
      batchId: 'x:3',
      scheduledAt: T0,
      accounts: [
        { id: 'a', spot: true },
        { id: 'b', spot: false },
      ],
    };
    expect(followUpBatch(base, [])).toBeNull();
    expect(followUpBatch(base, ['b'])).toEqual({
      batchId: 'x:3:r1',
      scheduledAt: T0,
      round: 1,
      accounts: [{ id: 'b', spot: false }],
    });
    expect(followUpBatch({ ...base, batchId: 'x:3:r1', round: 1 }, ['a'])?.batchId).toBe('x:3:r2');
    const last = { ...base, batchId: `x:3:r${MAX_FOLLOW_UP_ROUNDS}`, round: MAX_FOLLOW_UP_ROUNDS };
    expect(followUpBatch(last, ['a'])).toBeNull();
    expect([1, 2, 3, 4, 5, 8].map((r) => followUpDelaySeconds(r))).toEqual([5, 10, 20, 40, 60, 60]);
    expect(followUpDelaySeconds(1, 2.5)).toBe(5);
    expect(followUpDelaySeconds(1, 90)).toBe(90);
    expect(followUpDelaySeconds(1, 86_400)).toBe(43_200);
  });

  /** An adapter over the simulator whose reads of `failing` (emails) fail while `fails` says so. */
  function flakyAdapter(fails: (email: string) => boolean): ExchangeAdapter {
    const sim = new SimulatedExchange();
    return {
      kind: 'simulated',
      listSubAccounts: () => sim.listSubAccounts(),
      getMarkPrices: (s) => sim.getMarkPrices(s),
      lastUsedWeight: () => sim.lastUsedWeight(),
      getAccountSnapshot: async (email) => {
        if (fails(email)) throw new Error('Binance did not answer within 10 s. Try again.');
        return sim.snapshotAt(email, T0);
      },
    };
  }

  const minuteRows = (accountId: string) => db.select().from(snapshotsMinute).where(eq(snapshotsMinute.accountId, accountId));

  it("a batch failing twice, then stored after its minute has passed, writes that minute's row once", async () => {
    const scheduledAt = T0 + 20 * MINUTE; // 09:20:05; the deliveries below run long after 09:20.
    const body = await enqueued({ batchId: 'b-late', scheduledAt, accounts: [{ id: ids[20]!, spot: true }] });
    let deliveries = 0;
    const adapter = flakyAdapter(() => ++deliveries <= 2);
    for (const attempt of [1, 2]) {
      const error = await processSnapshotBatch(db, () => adapter, body).catch((e: unknown) => e);
      expect(error, `delivery ${attempt}`).toBeInstanceOf(SnapshotBatchFailed);
    }
    expect(await minuteRows(ids[20]!)).toEqual([]);
    await processSnapshotBatch(db, () => adapter, body);
    expect((await minuteRows(ids[20]!)).map((r) => r.ts)).toEqual([Date.UTC(2026, 10, 24, 9, 20)]);
    // Redelivered after it was stored (at-least-once): skipped, still one row.
    expect(await processSnapshotBatch(db, () => adapter, body)).toEqual({ skipped: 'already-done' });
    expect(await minuteRows(ids[20]!)).toHaveLength(1);
  });

  it("an account failing in its batch and in its follow-up's first delivery is stored by the retry, under the tick's minute", async () => {
    const scheduledAt = T0 + 21 * MINUTE;
    const flakyEmail = (await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.id, ids[21]!) }))!.email;
    let flakyReads = 0;
    const adapter = flakyAdapter((email) => email === flakyEmail && ++flakyReads <= 2);
    let body: SnapshotBatchMessage | null = await enqueued({
      batchId: 'b-chain',
      scheduledAt,
      accounts: [ids[21]!, ids[22]!].map((id) => ({ id, spot: false })),
    });
    const seen: string[] = [];
    while (body) {
      seen.push(body.batchId);
      const current: SnapshotBatchMessage = await enqueued(body);
      const result: SnapshotBatchResult | unknown = await processSnapshotBatch(db, () => adapter, current).catch(
        (e: unknown) => e,
      );
      // A follow-up whose only account fails throws: the queue retries that message itself.
      if (result instanceof SnapshotBatchFailed) continue;
      const { failures } = result as Extract<SnapshotBatchResult, { failures: unknown }>;
      body = followUpBatch(
        current,
        failures.map((f) => f.accountId),
      );
    }
    expect(seen).toEqual(['b-chain', 'b-chain:r1', 'b-chain:r1']);
    const minute = Date.UTC(2026, 10, 24, 9, 21);
    expect((await minuteRows(ids[21]!)).map((r) => r.ts)).toEqual([minute]);
    expect((await minuteRows(ids[22]!)).map((r) => r.ts)).toEqual([minute]);
    // Every message of the chain redelivered: no second row.
    for (const batchId of ['b-chain', 'b-chain:r1'])
      expect(
        await processSnapshotBatch(db, () => adapter, { batchId, scheduledAt, accounts: [{ id: ids[21]!, spot: false }] }),
      ).toEqual({
        skipped: 'already-done',
      });
    expect(await minuteRows(ids[21]!)).toHaveLength(1);
  });

  it('one failing account does not fail its batch: it is recorded on the account, the others are stored', async () => {
    const sim = new SimulatedExchange();
    const broken = (await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.id, ids[10]!) }))!.email;
    const flaky: ExchangeAdapter = {
      kind: 'simulated',
      listSubAccounts: () => sim.listSubAccounts(),
      getMarkPrices: (s) => sim.getMarkPrices(s),
      lastUsedWeight: () => sim.lastUsedWeight(),
      getAccountSnapshot: async (email) => {
        if (email === broken) throw new Error('HTTP 503 from the exchange');
        return sim.snapshotAt(email, T0);
      },
    };
    const body = await enqueued({
      batchId: 'b-partial',
      scheduledAt: T0 + 2 * MINUTE,
      accounts: [ids[10]!, ids[11]!].map((id) => ({ id, spot: true })),
    });
    const result = await processSnapshotBatch(db, () => flaky, body);
    expect(result).toMatchObject({
      records: [expect.objectContaining({ accountId: ids[11] })],
      failures: [{ accountId: ids[10] }],
    });
    const failed = await db.query.exchangeAccounts.findFirst({ where: eq(exchangeAccounts.id, ids[10]!) });
    expect(failed?.lastError).toBe('HTTP 503 from the exchange');
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
    worker.scheduled(createScheduledController({ scheduledTime, cron: '* * * * *' }), testEnv, ctx);
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
