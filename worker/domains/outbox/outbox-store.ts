import type { Db } from '../../db/client';
import type { OutboxChannel } from '../../contract/enums';
import { outbox } from '../../db/schema/news';

/**
 * The durable outbox's rows, shared by its senders (Telegram, Web Push): every outbound message is
 * a row first; a sender claims due rows by one atomic UPDATE … RETURNING (status 'sending',
 * claimed_until), sends, and marks them sent, retried with backoff or failed. A run that dies
 * leaves its claims to expire, and a later run sends those rows again: at least once, never lost.
 * Per target the outbox is FIFO: a row waits while an older row of its target waits for a retry.
 * Sent rows keep next_attempt_at = sent_at, so recent sends are a range scan of outbox_due_idx.
 */
export const CLAIM_MS = 60_000;

const SENT_RETENTION_MS = 7 * 86_400_000;
const FAILED_RETENTION_MS = 30 * 86_400_000;

export interface OutboxRow {
  id: string;
  target: string;
  payload: Record<string, unknown>;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
  claimedUntil: number;
}

interface RawRow {
  id: string;
  target: string;
  payload: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  claimed_until: number;
}

const toRow = (r: RawRow): OutboxRow => ({
  id: r.id,
  target: r.target,
  payload: safeJson(r.payload),
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  createdAt: r.created_at,
  claimedUntil: r.claimed_until,
});

function safeJson(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const byAge = (a: OutboxRow, b: OutboxRow) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Claims due rows of a channel, oldest first: pending rows whose time has come and 'sending' rows
 * whose claim expired (a run that died). A row is skipped while an older row of its target waits
 * for a retry. `target` limits the claim to one target (a test notification sent at once).
 */
export async function claimDue(
  db: Db,
  channel: OutboxChannel,
  now: number,
  limit: number,
  target?: string,
): Promise<OutboxRow[]> {
  if (limit <= 0) return [];
  return claimedRows(await claimDueStatement(db, channel, now, limit, { target }).all<ClaimedRow>());
}

/**
 * claimDue as a statement, to batch with the write that queues a row (`onlyWith`: claims nothing
 * unless the row with this id exists, e.g. one queued by a guarded INSERT earlier in the batch).
 * Read its results with claimedRows.
 */
export function claimDueStatement(
  db: Db,
  channel: OutboxChannel,
  now: number,
  limit: number,
  only: { target?: string; onlyWith?: string } = {},
) {
  return db.$client
    .prepare(
      `UPDATE outbox SET status = 'sending', claimed_until = ?1
       WHERE id IN (
         SELECT o.id FROM outbox o
         WHERE o.channel = ?4 AND (?5 IS NULL OR o.target = ?5)
           AND ((o.status = 'pending' AND o.next_attempt_at <= ?2) OR (o.status = 'sending' AND o.claimed_until < ?2))
           AND NOT EXISTS (
             SELECT 1 FROM outbox w
             WHERE w.status = 'pending' AND w.next_attempt_at > ?2 AND w.target = o.target AND w.created_at < o.created_at)
           AND (?6 IS NULL OR EXISTS (SELECT 1 FROM outbox g WHERE g.id = ?6))
         ORDER BY o.created_at, o.id
         LIMIT ?3)
       RETURNING id, target, payload, attempts, next_attempt_at, created_at, claimed_until`,
    )
    .bind(now + CLAIM_MS, now, limit, channel, only.target ?? null, only.onlyWith ?? null);
}

export type ClaimedRow = RawRow;

/** The rows a claim returned, oldest first. */
export const claimedRows = ({ results }: D1Result<ClaimedRow>): OutboxRow[] => results.map(toRow).sort(byAge);

/** Back to pending: rows claimed but not sent now (only while the claim is still this run's). */
export async function releaseRows(db: Db, rows: OutboxRow[]) {
  if (!rows.length) return;
  const d1 = db.$client;
  await d1.batch(
    rows.map((row) =>
      d1
        .prepare(
          `UPDATE outbox SET status = 'pending', claimed_until = NULL WHERE id = ?1 AND status = 'sending' AND claimed_until = ?2`,
        )
        .bind(row.id, row.claimedUntil),
    ),
  );
}

/** Delivered: sent_at and next_attempt_at both say when. */
export async function markSent(db: Db, id: string, sentAt: number) {
  await db.$client
    .prepare(
      `UPDATE outbox SET status = 'sent', sent_at = ?2, next_attempt_at = ?2, attempts = attempts + 1, claimed_until = NULL WHERE id = ?1`,
    )
    .bind(id, sentAt)
    .run();
}

/** A failure worth another try: pending again at `nextAttemptAt`. */
export async function scheduleRetry(db: Db, id: string, attempts: number, nextAttemptAt: number, error: string) {
  await db.$client
    .prepare(
      `UPDATE outbox SET status = 'pending', attempts = ?2, next_attempt_at = ?3, claimed_until = NULL, last_error = ?4 WHERE id = ?1`,
    )
    .bind(id, attempts, nextAttemptAt, error)
    .run();
}

/** A failure no retry mends: the row stays, failed, with the reason (kept a month). */
export async function failRow(db: Db, id: string, attempts: number, error: string) {
  await db.$client
    .prepare(`UPDATE outbox SET status = 'failed', attempts = ?2, claimed_until = NULL, last_error = ?3 WHERE id = ?1`)
    .bind(id, attempts, error)
    .run();
}

/**
 * A target that can never be reached again (a chat the bot left, a device the push service
 * dropped): everything queued for it fails with the reason, `rowId` (the row that found out)
 * counting its attempt. Returned as a statement, so a caller can batch it with its own change.
 */
export function failTargetStatement(db: Db, channel: OutboxChannel, target: string, reason: string, rowId: string) {
  return db.$client
    .prepare(
      `UPDATE outbox SET status = 'failed', claimed_until = NULL, last_error = ?2,
         attempts = attempts + (CASE WHEN id = ?3 THEN 1 ELSE 0 END)
       WHERE channel = ?4 AND target = ?1 AND status IN ('pending', 'sending')`,
    )
    .bind(target, reason, rowId, channel);
}

/** New rows, idempotent by dedup key; 10 rows per statement stays under D1's 100 bound parameters. */
export async function insertOutboxRows(db: Db, rows: (typeof outbox.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 10)
    await db
      .insert(outbox)
      .values(rows.slice(i, i + 10))
      .onConflictDoNothing();
}

/** The next retry time of a channel's pending rows after `now`, if any. */
export async function nextPendingAt(db: Db, channel: OutboxChannel, now: number): Promise<number | null> {
  const row = await db.$client
    .prepare(`SELECT min(next_attempt_at) AS t FROM outbox WHERE status = 'pending' AND next_attempt_at > ?1 AND channel = ?2`)
    .bind(now, channel)
    .first<{ t: number | null }>();
  return row?.t ?? null;
}

/** Drops delivered rows after a week and failed ones after a month (bounded per run). */
export async function pruneOld(db: Db, now: number) {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE status = 'sent' AND next_attempt_at < ?1 LIMIT 500)`)
      .bind(now - SENT_RETENTION_MS),
    d1
      .prepare(
        `DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE status = 'failed' AND next_attempt_at < ?1 LIMIT 500)`,
      )
      .bind(now - FAILED_RETENTION_MS),
  ]);
}

export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
