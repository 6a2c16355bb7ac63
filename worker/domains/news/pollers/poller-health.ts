import { IDLE_POLLER, type PollerState } from '../../../contract/news-pollers';
import type { Db } from '../../../db/client';
import type { PollerTarget } from './targets';

/** A poller's health as it keeps it in memory and writes it (news_pollers, one row per poller). */
export interface PollerHealth {
  state: PollerState;
  intervalMs: number | null;
  nextAt: number | null;
  lastPollAt: number | null;
  lastOkAt: number | null;
  lastItemAt: number | null;
  rateLimitedUntil: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  connectedSince: number | null;
  /** Since countedSince: alarms run (or connections opened) and requests sent. */
  polls: number;
  requests: number;
  countedSince: number;
}

export function initialHealth(now: number): PollerHealth {
  return {
    ...IDLE_POLLER,
    intervalMs: null,
    countedSince: now,
  };
}

/** Written at least this often while nothing changes (the sources page's figures are this fresh). */
export const HEALTH_HEARTBEAT_MS = 15_000;

/**
 * Whether a new health must be written now: on any change a reader would notice (state, error,
 * interval, rate-limit wait, a new item, failures), else once per heartbeat. A 1 s poller thus
 * writes D1 every 15 s, not every second.
 */
export function healthChanged(before: PollerHealth | null, after: PollerHealth): boolean {
  if (!before) return true;
  return (
    before.state !== after.state ||
    before.lastError !== after.lastError ||
    before.intervalMs !== after.intervalMs ||
    before.rateLimitedUntil !== after.rateLimitedUntil ||
    before.lastItemAt !== after.lastItemAt ||
    before.consecutiveFailures !== after.consecutiveFailures ||
    before.connectedSince !== after.connectedSince
  );
}

/**
 * Writes a poller's health (news_pollers), and mirrors what the older pages read: a source's
 * health columns (news_sources) or a polling session's last poll, error and rate-limit wait.
 */
export async function writePollerHealth(db: Db, key: string, target: PollerTarget, health: PollerHealth, now: number) {
  const d1 = db.$client;
  const statements = [
    d1
      .prepare(
        `INSERT INTO news_pollers (key, kind, target_id, state, interval_ms, next_at, last_poll_at, last_ok_at, last_item_at,
           rate_limited_until, last_error, consecutive_failures, connected_since, polls, requests, counted_since, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)
         ON CONFLICT (key) DO UPDATE SET state = excluded.state, interval_ms = excluded.interval_ms, next_at = excluded.next_at,
           last_poll_at = excluded.last_poll_at, last_ok_at = excluded.last_ok_at,
           last_item_at = coalesce(excluded.last_item_at, news_pollers.last_item_at),
           rate_limited_until = excluded.rate_limited_until, last_error = excluded.last_error,
           consecutive_failures = excluded.consecutive_failures, connected_since = excluded.connected_since,
           polls = excluded.polls, requests = excluded.requests, counted_since = excluded.counted_since,
           updated_at = excluded.updated_at`,
      )
      .bind(
        key,
        target.kind,
        target.id,
        health.state,
        health.intervalMs,
        health.nextAt,
        health.lastPollAt,
        health.lastOkAt,
        health.lastItemAt,
        health.rateLimitedUntil,
        health.lastError,
        health.consecutiveFailures,
        health.connectedSince,
        health.polls,
        health.requests,
        health.countedSince,
        now,
      ),
  ];
  if (target.kind === 'x-session') {
    statements.push(
      d1
        .prepare(
          `UPDATE twitter_polling_sessions SET last_polled_at = ?2, last_error = ?3, rate_limited_until = ?4 WHERE id = ?1`,
        )
        .bind(target.id, health.lastPollAt, health.state === 'off' ? null : health.lastError, health.rateLimitedUntil),
    );
  } else if (health.state !== 'off') {
    statements.push(
      d1
        .prepare(
          `UPDATE news_sources SET last_success_at = ?2, consecutive_failures = ?3, next_attempt_at = ?4,
             last_error_at = CASE WHEN ?5 IS NULL THEN last_error_at ELSE ?6 END, last_error = coalesce(?5, last_error)
           WHERE id = ?1`,
        )
        .bind(target.id, health.lastOkAt, health.consecutiveFailures, health.nextAt, health.lastError, health.lastPollAt),
    );
  }
  await d1.batch(statements);
}

/** Records that the watchdog found this poller stalled and re-armed it. */
export async function recordRearm(db: Db, key: string, target: PollerTarget, now: number) {
  await db.$client
    .prepare(
      `INSERT INTO news_pollers (key, kind, target_id, state, counted_since, rearmed_at, rearms, updated_at)
       VALUES (?1, ?2, ?3, 'polling', ?4, ?4, 1, ?4)
       ON CONFLICT (key) DO UPDATE SET rearmed_at = ?4, rearms = news_pollers.rearms + 1, updated_at = ?4`,
    )
    .bind(key, target.kind, target.id, now)
    .run();
}
