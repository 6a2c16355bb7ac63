import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import worker from '../index';
import type { Bindings } from '../env';
import { snapshotBatches } from '../db/schema/reliability';
import { addAccount } from '../domains/accounts/manage-accounts';
import type { SnapshotBatchMessage } from '../domains/accounts/snapshot-message';
import { db } from './harness';

/** The snapshot queue's tests: 45 simulated accounts (three batches: 20, 20, 5), messages and their delivery. */
export const queueEnv = env as unknown as Bindings;
export const MINUTE = 60_000;
export const T0 = Date.UTC(2026, 10, 24, 9, 0, 5);

/** Creates the accounts once per test file; answers their ids, sorted. */
export async function queueAccounts(): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 45; i++) {
    const a = await addAccount(db, { exchange: 'simulated', email: `q${String(i).padStart(2, '0')}@sim.meridian` });
    ids.push(a.id);
  }
  return ids.sort();
}

export const message = (body: SnapshotBatchMessage, attempts = 1, id = crypto.randomUUID()) => ({
  id,
  timestamp: Date.now(),
  attempts,
  body,
});

/** Delivers messages to the Worker's queue handler as the runtime would. */
export async function deliver(queue: string, messages: ReturnType<typeof message>[]) {
  const batch = createMessageBatch(queue, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, queueEnv);
  return getQueueResult(batch, ctx);
}

/** Registers the batch row as the producer would. */
export async function enqueued(body: SnapshotBatchMessage) {
  await db
    .insert(snapshotBatches)
    .values({ id: body.batchId, scheduledAt: body.scheduledAt, accounts: body.accounts.length, enqueuedAt: body.scheduledAt })
    .onConflictDoNothing();
  return body;
}
