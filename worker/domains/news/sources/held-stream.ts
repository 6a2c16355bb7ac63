import type { PollerState } from '../../../contract/news-pollers';

/** What a held connection asks of the Durable Object that keeps it. */
export interface StreamHost {
  /** Run the next tick no later than `at` (a reconnect after a close, a backoff's end). */
  wake(at: number): void;
  /** Something a reader would notice changed (connected, disconnected, an item stored): record health. */
  changed(): void;
  /** The object's own storage, kept across restarts (a stream's cursor: the newest post seen). */
  store: {
    get(key: string): Promise<unknown>;
    put(key: string, value: string): Promise<void>;
  };
}

/** A held connection's state, as its Durable Object records it. */
export interface StreamSnapshot {
  state: Exclude<PollerState, 'polling' | 'waiting'>;
  connectedSince: number | null;
  lastItemAt: number | null;
  lastOkAt: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  rateLimitedUntil: number | null;
  /** Connections opened (the cost figure: one request each). */
  connections: number;
  /** Messages received since the last connection opened (keep-alives included where the provider sends them). */
  lastMessageAt: number | null;
}

export interface StreamTick {
  /** Stop: disabled, removed or not configured (the connection is closed). */
  stop?: { reason: string };
  /** When the next tick should run (the heartbeat, or a reconnect). */
  nextAt: number;
}

/** A pushed source held open by a NewsStream Durable Object (Binance announcements, X filtered stream). */
export interface HeldStream {
  /** The heartbeat: (re)connect when needed, check the connection is alive, load fresh settings. */
  tick(now: number): Promise<StreamTick>;
  snapshot(): StreamSnapshot;
  invalidate(): void;
  /** Closes the connection (the object is stopping). */
  close(): void;
}

/** The heartbeat of a held connection: often enough to notice a silent one within half a minute. */
export const STREAM_HEARTBEAT_MS = 15_000;

/** Reconnect delay after the n-th failure in a row: 1 s doubling to 60 s. */
export function reconnectDelayMs(consecutiveFailures: number, baseMs = 1_000, maxMs = 60_000): number {
  const n = Math.max(1, Math.floor(consecutiveFailures));
  return Math.min(maxMs, baseMs * 2 ** Math.min(n - 1, 20));
}

/** A connection attempt starts: it counts as one more connection opened. */
export function markConnecting(snap: StreamSnapshot): void {
  snap.state = 'connecting';
  snap.connections++;
}

/** The connection is open since `at`, which is also its last success; no error, no rate limit. */
export function markConnected(snap: StreamSnapshot, at: number): void {
  snap.state = 'connected';
  snap.connectedSince = at;
  snap.lastOkAt = at;
  snap.lastError = null;
  snap.rateLimitedUntil = null;
}

export function initialSnapshot(): StreamSnapshot {
  return {
    state: 'connecting',
    connectedSince: null,
    lastItemAt: null,
    lastOkAt: null,
    lastError: null,
    consecutiveFailures: 0,
    rateLimitedUntil: null,
    connections: 0,
    lastMessageAt: null,
  };
}
