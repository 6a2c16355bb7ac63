import type { Db } from '../../db/client';
import type { PushOutcome, PushTarget } from '../../providers/web-push/client';
import { retryDelay } from '../../providers/telegram/scheduler';
import {
  claimDue,
  errorMessage,
  failRow,
  failTargetStatement,
  markSent,
  pruneOld,
  releaseRows,
  scheduleRetry,
  type OutboxRow,
} from '../outbox/outbox-store';

/**
 * The Web Push sender: claims due 'webpush' rows of the outbox (outbox-store.ts: at least once, a
 * dead run's claims expire and are sent again), encrypts and sends each to its device's push
 * service, devices in parallel and each device's rows in order. Accepted: sent. 404/410: the
 * subscription is gone — the device is removed and what was queued for it fails with the reason.
 * 429/5xx/unreachable: retried with backoff (Retry-After wins), up to MAX_ATTEMPTS. Other refusals
 * (400, 401/403 VAPID, 413): failed. The device keeps its last delivery time and last error.
 */
export const MAX_ATTEMPTS = 10;
/** Wall time one run may spend (the cron fires every minute). */
export const PUSH_BUDGET_MS = 45_000;
const BATCH = 50;

export interface PushSender {
  send(
    target: PushTarget,
    data: Record<string, unknown>,
    options?: { urgency?: 'normal' | 'high'; topic?: string },
  ): Promise<PushOutcome>;
}

export interface PushSenderDeps {
  db: Db;
  push: PushSender;
  now?: () => number;
  budgetMs?: number;
  /** Only this device's rows (a test notification sent at once). */
  target?: string;
  /** Drop old sent and failed rows first (the cron's run). */
  prune?: boolean;
  random?: () => number;
}

export interface PushRunResult {
  sent: number;
  retried: number;
  failed: number;
  /** devices whose push service said the subscription is gone */
  removedDevices: string[];
}

interface Device extends PushTarget {
  id: string;
}

const URGENT_KINDS = new Set(['risk', 'alerts']);

export async function runPushSender(deps: PushSenderDeps): Promise<PushRunResult> {
  const { db } = deps;
  const d1 = db.$client;
  const now = deps.now ?? Date.now;
  const deadline = now() + (deps.budgetMs ?? PUSH_BUDGET_MS);
  const result: PushRunResult = { sent: 0, retried: 0, failed: 0, removedDevices: [] };
  if (deps.prune) await pruneOld(db, now());

  const noteDevice = (id: string, error: string | null) =>
    (error === null
      ? d1.prepare(`UPDATE push_subscriptions SET last_delivery_at = ?2, last_error = NULL WHERE id = ?1`).bind(id, now())
      : d1.prepare(`UPDATE push_subscriptions SET last_error = ?2 WHERE id = ?1`).bind(id, error)
    ).run();

  /** Sends one device's rows in order; stops at the first that must wait or cannot go. */
  const sendAll = async (rows: OutboxRow[], device: Device | undefined) => {
    for (const [i, row] of rows.entries()) {
      if (!device) {
        await failRow(db, row.id, row.attempts, 'the device was removed');
        result.failed++;
        continue;
      }
      const kind = typeof row.payload.kind === 'string' ? row.payload.kind : '';
      let outcome: PushOutcome;
      try {
        outcome = await deps.push.send(device, row.payload, {
          urgency: URGENT_KINDS.has(kind) ? 'high' : 'normal',
          ...(typeof row.payload.tag === 'string' && { topic: topicOf(row.payload.tag) }),
        });
      } catch (err) {
        // A bug or a malformed key on our side: nothing a retry mends.
        outcome = { kind: 'rejected', reason: errorMessage(err) };
      }
      const attempts = row.attempts + 1;
      if (outcome.kind === 'accepted') {
        await Promise.all([markSent(db, row.id, now()), noteDevice(device.id, null)]);
        result.sent++;
      } else if (outcome.kind === 'gone') {
        const reason = `the push service no longer knows this device (${outcome.status}): removed`;
        const [, failed] = await d1.batch([
          d1.prepare(`DELETE FROM push_subscriptions WHERE id = ?1`).bind(device.id),
          failTargetStatement(db, 'webpush', device.id, reason, row.id),
        ]);
        result.failed += failed?.meta.changes ?? 1;
        result.removedDevices.push(device.id);
        return;
      } else if (outcome.kind === 'retry' && attempts < MAX_ATTEMPTS) {
        const next = now() + retryDelay(attempts, outcome.retryAfterSeconds, { random: deps.random });
        await Promise.all([scheduleRetry(db, row.id, attempts, next, outcome.reason), noteDevice(device.id, outcome.reason)]);
        result.retried++;
        // Younger rows of this device wait behind it (FIFO per device).
        await releaseRows(db, rows.slice(i + 1));
        return;
      } else {
        await Promise.all([failRow(db, row.id, attempts, outcome.reason), noteDevice(device.id, outcome.reason)]);
        result.failed++;
      }
    }
  };

  while (now() < deadline) {
    const claimed = await claimDue(db, 'webpush', now(), BATCH, deps.target);
    if (claimed.length === 0) break;
    const ids = JSON.stringify([...new Set(claimed.map((r) => r.target))]);
    const { results } = await d1
      .prepare(`SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id IN (SELECT value FROM json_each(?1))`)
      .bind(ids)
      .all<Device>();
    const devices = new Map(results.map((d) => [d.id, d]));
    const byDevice = new Map<string, OutboxRow[]>();
    for (const row of claimed) byDevice.set(row.target, [...(byDevice.get(row.target) ?? []), row]);
    await Promise.all([...byDevice].map(([id, rows]) => sendAll(rows, devices.get(id))));
  }
  return result;
}

/** RFC 8030 §5.4: a Topic is at most 32 base64url characters; a newer message replaces a queued one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
}
