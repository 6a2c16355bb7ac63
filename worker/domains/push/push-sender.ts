import type { Db } from '../../db/client';
import type { PushOutcome, PushTarget } from '../../providers/web-push/client';
import { retryDelay } from '../../providers/telegram/scheduler';
import {
  claimDue,
  claimDueStatement,
  claimedRows,
  errorMessage,
  failRow,
  failTargetStatement,
  markSent,
  pruneOld,
  releaseRows,
  scheduleRetry,
  type ClaimedRow,
  type OutboxRow,
} from '../outbox/outbox-store';
import { testPushRow } from './queue-pushes';

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
  // The run records each outcome before it sends the device's next row.
  const send = deviceSender(deps, result, async (write) => {
    await write();
  });

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
    await Promise.all([...byDevice].map(([id, rows]) => send(rows, devices.get(id))));
  }
  return result;
}

/** What became of one row a sender tried. */
export interface RowOutcome {
  status: 'sent' | 'retrying' | 'failed' | 'removed';
  error: string | null;
}

/** Records an outcome in D1: the run awaits it at once, a test notification leaves it to the background. */
type Recorder = (write: () => Promise<unknown>) => Promise<void>;

/**
 * Sends one device's rows in order and stops at the first that must wait or cannot go; answers each
 * row's outcome by id. What the outcomes write (sent, retried, failed, the device's last delivery
 * or error, a gone device's removal) goes through `record`, in order.
 */
function deviceSender(deps: PushSenderDeps, result: PushRunResult, record: Recorder) {
  const { db } = deps;
  const d1 = db.$client;
  const now = deps.now ?? Date.now;
  const noteDevice = (id: string, error: string | null) =>
    (error === null
      ? d1.prepare(`UPDATE push_subscriptions SET last_delivery_at = ?2, last_error = NULL WHERE id = ?1`).bind(id, now())
      : d1.prepare(`UPDATE push_subscriptions SET last_error = ?2 WHERE id = ?1`).bind(id, error)
    ).run();

  return async (rows: OutboxRow[], device: Device | undefined): Promise<Map<string, RowOutcome>> => {
    const outcomes = new Map<string, RowOutcome>();
    for (const [i, row] of rows.entries()) {
      if (!device) {
        await record(() => failRow(db, row.id, row.attempts, 'the device was removed'));
        outcomes.set(row.id, { status: 'failed', error: 'the device was removed' });
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
        const sentAt = now();
        await record(() => Promise.all([markSent(db, row.id, sentAt), noteDevice(device.id, null)]));
        outcomes.set(row.id, { status: 'sent', error: null });
        result.sent++;
      } else if (outcome.kind === 'gone') {
        const reason = `the push service no longer knows this device (${outcome.status}): removed`;
        await record(async () => {
          const [, failed] = await d1.batch([
            d1.prepare(`DELETE FROM push_subscriptions WHERE id = ?1`).bind(device.id),
            failTargetStatement(db, 'webpush', device.id, reason, row.id),
          ]);
          result.failed += failed?.meta.changes ?? 1;
        });
        for (const later of rows.slice(i)) outcomes.set(later.id, { status: 'removed', error: reason });
        result.removedDevices.push(device.id);
        return outcomes;
      } else if (outcome.kind === 'retry' && attempts < MAX_ATTEMPTS) {
        const next = now() + retryDelay(attempts, outcome.retryAfterSeconds, { random: deps.random });
        const reason = outcome.reason;
        await record(() => Promise.all([scheduleRetry(db, row.id, attempts, next, reason), noteDevice(device.id, reason)]));
        outcomes.set(row.id, { status: 'retrying', error: reason });
        result.retried++;
        // Younger rows of this device wait behind it (FIFO per device).
        const younger = rows.slice(i + 1);
        await record(() => releaseRows(db, younger));
        for (const later of younger) outcomes.set(later.id, { status: 'retrying', error: null });
        return outcomes;
      } else {
        const reason = outcome.reason;
        await record(() => Promise.all([failRow(db, row.id, attempts, reason), noteDevice(device.id, reason)]));
        outcomes.set(row.id, { status: 'failed', error: reason });
        result.failed++;
      }
    }
    return outcomes;
  };
}

/**
 * A test notification for one of the caller's devices, sent at once (one D1 round): the row is
 * queued only for a device of the caller's, and the device's due rows (the test row the youngest:
 * FIFO) are claimed and the device read in the same batch; the claimed rows are sent in order.
 * The outcomes' writes run in the background (`later`): the row stays claimed until they land, and
 * should they fail, the claim expires and the cron sends it again (at least once, as every push).
 * Answers null when the device is not the caller's (nothing written).
 */
export async function sendTestPushNow(
  deps: Pick<PushSenderDeps, 'db' | 'push' | 'now'>,
  owner: string,
  deviceId: string,
  later: (work: () => Promise<unknown>) => void,
): Promise<RowOutcome | null> {
  const { db } = deps;
  const d1 = db.$client;
  const now = (deps.now ?? Date.now)();
  const row = testPushRow(deviceId);
  const [device, queued, claim] = await d1.batch([
    d1.prepare(`SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = ?1 AND user_id = ?2`).bind(deviceId, owner),
    d1
      .prepare(
        `INSERT INTO outbox (id, channel, target, payload, dedup_key, status, attempts, next_attempt_at, created_at)
         SELECT ?1, 'webpush', id, ?3, ?4, 'pending', 0, ?5, ?5 FROM push_subscriptions WHERE id = ?2 AND user_id = ?6`,
      )
      .bind(row.id, deviceId, JSON.stringify(row.payload), row.dedupKey, now, owner),
    claimDueStatement(db, 'webpush', now, BATCH, { target: deviceId, onlyWith: row.id }),
  ]);
  const target = (device as D1Result<Device>).results[0];
  if (!target || !queued?.meta.changes) return null;
  const writes: (() => Promise<unknown>)[] = [];
  const send = deviceSender(deps, { sent: 0, retried: 0, failed: 0, removedDevices: [] }, async (write) => {
    writes.push(write);
  });
  const outcomes = await send(claimedRows(claim as D1Result<ClaimedRow>), target);
  if (writes.length)
    later(async () => {
      for (const write of writes) await write();
    });
  // Not claimed: an older row of the device waits for its retry, and this one waits behind it.
  return outcomes.get(row.id) ?? { status: 'retrying', error: null };
}
/** RFC 8030 §5.4: a Topic is at most 32 base64url characters; a newer message replaces a queued one. */
function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
}
