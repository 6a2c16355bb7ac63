import { createMessageBatch } from 'cloudflare:test';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { exchangeAccounts, snapshotsMinute } from '../db/schema/accounts';
import { snapshotBatches } from '../db/schema/reliability';
import { addAccount } from '../domains/accounts/manage-accounts';
import { processSnapshotBatch, SnapshotBatchFailed, type SnapshotBatchResult } from '../domains/accounts/snapshot-batch';
import { domainError } from '../lib/domain-error';
import {
  followUpBatch,
  followUpDelaySeconds,
  MAX_FOLLOW_UP_ROUNDS,
  SNAPSHOT_BATCH_SIZE,
  type SnapshotBatchMessage,
} from '../domains/accounts/snapshot-message';
import { recordBatches } from '../domains/accounts/snapshot-plan';
import { SimulatedExchange } from '../exchanges/simulated/adapter';
import type { ExchangeAdapter } from '../exchanges/types';
import { db } from '../test/harness';
import { simAdapterWith } from '../test/sim-adapter';
import { deliver, enqueued, message, MINUTE, queueAccounts, queueEnv, T0 } from '../test/snapshot-queue-harness';
import { handleQueueBatch, retryDelayFor, retryDelaySeconds, SNAPSHOT_QUEUE } from './snapshot-queue';

/** The snapshot queue's retries: backoff, Retry-After, follow-up batches, failing accounts (the rest: snapshot-queue.test.ts). */

let ids: string[] = [];

beforeAll(async () => {
  ids = await queueAccounts();
});

describe('the consumer retries', () => {
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
    await handleQueueBatch(recording, queueEnv);
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
    const limited = simAdapterWith(sim, async () => {
      const wait = waits.shift() ?? 60;
      throw domainError('TOO_MANY_REQUESTS', `Binance rate limit reached. Try again in ${wait} s.`, { retryAfter: wait });
    });
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
    await handleQueueBatch(batch, { ...queueEnv, SNAPSHOT_QUEUE: recordingQueue as unknown as Queue });
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
    return simAdapterWith(sim, async (email) => {
      if (fails(email)) throw new Error('Binance did not answer within 10 s. Try again.');
      return sim.snapshotAt(email, T0);
    });
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
    const flaky = simAdapterWith(sim, async (email) => {
      if (email === broken) throw new Error('HTTP 503 from the exchange');
      return sim.snapshotAt(email, T0);
    });
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
});
