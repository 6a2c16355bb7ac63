import type { PollerState } from '../../../contract/news-pollers';

/**
 * When a poller runs next. Polls keep to a grid of `intervalMs` from the slot they were planned
 * for, so a 15 s interval polls every 15 s however long each read takes (no drift); a read that
 * overran one or more slots skips them rather than catching up in a burst. `notBefore` (a
 * rate-limit reset, the next active window, a failure's backoff) pushes the next poll later.
 */
export function nextPollAt(plannedAt: number, intervalMs: number, now: number, notBefore: number | null = null): number {
  const step = Math.max(1, intervalMs);
  let next = plannedAt + step;
  if (next <= now) next = plannedAt + Math.ceil((now - plannedAt + 1) / step) * step;
  return notBefore !== null && notBefore > next ? notBefore : next;
}

/** Delay after the n-th failure in a row: the interval, doubled per failure, capped at `maxMs` (default 5 min). */
export function failureBackoffMs(consecutiveFailures: number, intervalMs: number, maxMs = 5 * 60_000): number {
  const n = Math.max(1, Math.floor(consecutiveFailures));
  return Math.min(Math.max(maxMs, intervalMs), intervalMs * 2 ** Math.min(n - 1, 20));
}

/**
 * How late an alarm may be before the watchdog calls its poller stalled: a few intervals, and never
 * less than a minute (the watchdog itself runs once a minute).
 */
export function stallAfterMs(intervalMs: number): number {
  return Math.max(60_000, 3 * intervalMs);
}

/** What one read of a source came to; the poller Durable Object schedules and records it. */
export interface PollOutcome {
  /** Stop polling: the source or session is gone or disabled, or its provider is not configured. */
  stop?: { state: 'off'; reason: string };
  /** The interval the source asks for now (it may have been edited). */
  intervalMs: number;
  state: Exclude<PollerState, 'connected' | 'connecting' | 'off'>;
  ok: boolean;
  /** Earliest next read: a rate-limit reset, the next active window. */
  notBefore?: number | null;
  rateLimitedUntil?: number | null;
  error?: string | null;
  /** Headlines stored by this read. */
  stored: number;
  /** Publication time of the newest item read. */
  newestItemAt?: number | null;
  requests: number;
}

/** A read that found nothing to do (no request made), with what else it has to say (a stop, a wait). */
export const idleOutcome = (intervalMs: number, extra: Partial<PollOutcome> = {}): PollOutcome => ({
  intervalMs,
  state: 'polling',
  ok: true,
  stored: 0,
  requests: 0,
  ...extra,
});

/** Stop polling: the source is gone, disabled or has no reader. */
export const stoppedOutcome = (reason: string, intervalMs: number): PollOutcome =>
  idleOutcome(intervalMs, { stop: { state: 'off', reason } });

/** One source's reader, kept by its poller Durable Object between alarms. */
export interface SourcePoller {
  /** Reads the source once (never throws: a failure is an outcome). */
  poll(now: number): Promise<PollOutcome>;
  /** Forgets cached settings, so the next read loads the source's current ones. */
  invalidate(): void;
}

/** Settings cached by a poller for this long (an edit also invalidates them at once). */
export const SETTINGS_TTL_MS = 15_000;

/** A catalogue-style one-line error text for health records. */
export function errorText(err: unknown, max = 500): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, max);
}
