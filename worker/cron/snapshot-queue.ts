import type { Bindings } from '../env';
import { createDb } from '../db/client';
import { processSnapshotBatch, noteAttempt, SnapshotBatchFailed } from '../domains/accounts/snapshot-batch';
import {
  followUpBatch,
  followUpDelaySeconds,
  MAX_QUEUE_DELAY_SECONDS,
  snapshotBatchMessage,
  type SnapshotBatchMessage,
} from '../domains/accounts/snapshot-message';
import { enqueueFollowUp } from '../domains/accounts/snapshot-plan';
import type { SnapshotFailure } from '../domains/accounts/snapshot-store';
import { notifyFiredAlerts } from '../domains/alerts/notify';
import { alertNotifier } from '../wiring/hubs';
import { evaluateAlerts } from '../domains/alerts/run-alerts';
import { recordDeadLetters } from '../domains/system/dead-letters';
import { adapterFor } from '../wiring/exchanges';
import { logError } from '../lib/log';

export const SNAPSHOT_QUEUE = 'meridian-snapshots';
export const SNAPSHOT_DLQ = 'meridian-snapshots-dlq';

/** Seconds before the n-th retry (attempts counts deliveries so far): 10, 20, 40, capped at 60. */
export const retryDelaySeconds = (attempts: number) => Math.min(10 * 2 ** Math.max(attempts - 1, 0), 60);

/** The backoff, or longer when the exchange said how long to wait (Retry-After on 418/429). */
export function retryDelayFor(error: unknown, attempts: number): number {
  const asked = error instanceof SnapshotBatchFailed ? (error.retryAfterSeconds ?? 0) : 0;
  return Math.min(Math.max(retryDelaySeconds(attempts), Math.ceil(asked)), MAX_QUEUE_DELAY_SECONDS);
}

/**
 * The Worker's queue handler. Snapshot batches: one message at a time, acked when stored, retried
 * with backoff when the batch failed (after max_retries the queue moves it to the dead-letter
 * queue). Dead letters: recorded in D1 for the status page, then acked.
 */
export async function handleQueueBatch(batch: MessageBatch<unknown>, env: Bindings) {
  const db = createDb(env.DB);
  if (batch.queue === SNAPSHOT_DLQ) {
    await recordDeadLetters(
      db,
      batch.messages.map((m) => ({ messageId: m.id, queue: batch.queue, body: m.body, attempts: m.attempts })),
    );
    batch.ackAll();
    return;
  }
  for (const message of batch.messages) {
    const parsed = snapshotBatchMessage.safeParse(message.body);
    if (!parsed.success) {
      // It can never succeed: record it as dead at once rather than retrying it.
      await recordDeadLetters(db, [
        { messageId: message.id, queue: batch.queue, body: message.body, attempts: message.attempts },
      ]);
      message.ack();
      continue;
    }
    let result;
    try {
      result = await processSnapshotBatch(db, (kind) => adapterFor(env, kind), parsed.data);
      message.ack();
    } catch (error) {
      logError(`snapshot batch ${parsed.data.batchId} failed (attempt ${message.attempts})`, error);
      await noteAttempt(db, parsed.data.batchId, error instanceof Error ? error.message : String(error)).catch(() => {});
      message.retry({ delaySeconds: retryDelayFor(error, message.attempts) });
      continue;
    }
    if ('failures' in result) await sendFollowUp(env, parsed.data, result.failures, result.retryAfterSeconds);
    // The snapshots are stored: a failing alert run must not redeliver them (it would be skipped).
    if ('records' in result)
      await evaluateAlerts(db, result.records, parsed.data.scheduledAt, (kind, symbols) =>
        adapterFor(env, kind).getFundingRates(symbols),
      )
        .then((fired) => notifyFiredAlerts(alertNotifier(env), fired))
        .catch((error: unknown) => logError(`alerts after snapshot batch ${parsed.data.batchId} failed`, error));
  }
}

/**
 * Retries the accounts that failed in a batch whose others were stored, after a growing delay (or
 * the exchange's Retry-After when longer). The follow-up keeps the tick's minute, so one landing
 * after that minute has passed still writes that minute's row.
 */
async function sendFollowUp(
  env: Bindings,
  message: SnapshotBatchMessage,
  failures: SnapshotFailure[],
  retryAfterSeconds?: number,
) {
  const next = followUpBatch(
    message,
    failures.map((f) => f.accountId),
  );
  if (!next) return;
  const delaySeconds = Math.min(
    Math.max(followUpDelaySeconds(next.round ?? 1), Math.ceil(retryAfterSeconds ?? 0)),
    MAX_QUEUE_DELAY_SECONDS,
  );
  // Losing the follow-up costs these accounts this minute's row only; the next tick reads them again.
  await enqueueFollowUp(createDb(env.DB), env.SNAPSHOT_QUEUE, next, Date.now(), delaySeconds).catch((error: unknown) =>
    logError(`follow-up of snapshot batch ${message.batchId} not sent`, error),
  );
}
