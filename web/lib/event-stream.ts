import { getEventMeta } from '@orpc/client';
import { STREAM_RESET_CODE } from '@contract/stream-reset';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, errorStatus } from './http-error';

/**
 * A long-lived oRPC event iterator that reconnects by itself (docs/PRODUCT-RULES.md §9: "the connection state
 * of every live stream is visible"). After a drop it waits 1 s, doubling up to 30 s; a connection
 * that delivered events (or stayed up a while) starts the count again. A 4xx answer (not allowed,
 * unknown procedure) stops for good: retrying would only repeat the refusal. While the browser is
 * offline it waits for the network instead of counting retries.
 * Resuming: every event carries an id; a reconnection sends the last one (oRPC's
 * `lastEventId`, the SSE Last-Event-ID header) and the hub replays exactly what was missed. When it
 * cannot (too much missed, hub log lost) it ends the stream with STREAM_RESET: the next connection
 * starts afresh at once and `onReset` runs once it is up, so the view refetches with no gap.
 */
export type StreamStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface StreamState {
  status: StreamStatus;
  /** Date.now() of the last event received. */
  lastEventAt: number | null;
  /** The last failure, shown next to the status. */
  error: string | null;
  /** A refusal (4xx): the stream gave up. */
  fatal: boolean;
  /** When the next attempt starts (while reconnecting). */
  retryAt: number | null;
}

export const BACKOFF_START_MS = 1000;
export const BACKOFF_MAX_MS = 30_000;
/** A connection that lasted this long counts as healthy: the next drop retries after 1 s again. */
const HEALTHY_AFTER_MS = 10_000;

/** Delay before retry number `failures` (0-based): 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffDelay(failures: number) {
  return Math.min(BACKOFF_START_MS * 2 ** Math.max(0, failures), BACKOFF_MAX_MS);
}

export function isFatalStreamError(error: unknown) {
  const status = errorStatus(error);
  return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    }
    signal.addEventListener('abort', done);
    // Network back: try at once rather than finishing a long backoff.
    window.addEventListener('online', done);
  });
}

function waitForOnline(signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    function done() {
      signal.removeEventListener('abort', done);
      window.removeEventListener('online', done);
      resolve();
    }
    signal.addEventListener('abort', done);
    window.addEventListener('online', done);
  });
}

export function isStreamReset(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === STREAM_RESET_CODE;
}

export interface EventStreamOptions<T> {
  /** Restarts the stream when it changes (e.g. the account email). */
  key: string;
  enabled?: boolean;
  /** Pass `lastEventId` on to the procedure (`rpc.streamX(input, { signal, lastEventId })`). */
  open: (signal: AbortSignal, lastEventId: string | undefined) => Promise<AsyncIterable<T>>;
  onEvent: (event: T) => void;
  /** The hub could not replay what was missed: refetch what the view shows (the stream is up again). */
  onReset?: () => void;
  /**
   * Treat the connection as dead when no event arrives for this long (streams that send data on a
   * schedule). Keep-alive comments are not surfaced by oRPC, so leave it unset for quiet streams.
   */
  idleTimeoutMs?: number;
}

const INITIAL: StreamState = { status: 'connecting', lastEventAt: null, error: null, fatal: false, retryAt: null };

type RunOptions<T> = Pick<EventStreamOptions<T>, 'idleTimeoutMs'> & {
  /** Ends the loop (unmount, key change). */
  outer: AbortSignal;
  /** Read on every use, so the latest callbacks run. */
  callbacks: () => Pick<EventStreamOptions<T>, 'open' | 'onEvent' | 'onReset'>;
  patch: (next: Partial<StreamState>) => void;
};

/** The reconnect loop behind useEventStream (a plain function, so it is tested without React). */
export async function runEventStream<T>({ outer, callbacks, patch, idleTimeoutMs }: RunOptions<T>) {
  let failures = 0;
  let connectedOnce = false;
  let lastEventId: string | undefined;
  let resetPending = false;
  while (!outer.aborted) {
    const attempt = new AbortController();
    const stop = () => attempt.abort();
    outer.addEventListener('abort', stop);
    window.addEventListener('offline', stop);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      if (!idleTimeoutMs) return;
      clearTimeout(watchdog);
      watchdog = setTimeout(stop, idleTimeoutMs);
    };
    let openedAt = 0;
    let gotEvent = false;
    try {
      patch({ status: connectedOnce ? 'reconnecting' : 'connecting', retryAt: null });
      arm();
      const iterator = await callbacks().open(attempt.signal, lastEventId);
      openedAt = Date.now();
      connectedOnce = true;
      patch({ status: 'live', error: null });
      if (resetPending) {
        resetPending = false;
        callbacks().onReset?.();
      }
      for await (const event of iterator) {
        arm();
        gotEvent = true;
        lastEventId = getEventMeta(event)?.id ?? lastEventId;
        patch({ status: 'live', lastEventAt: Date.now(), error: null });
        callbacks().onEvent(event);
      }
      // The server ended the stream: reconnect like after a drop.
    } catch (error) {
      if (outer.aborted) return;
      if (isStreamReset(error)) {
        // Not a failure: start afresh at once, and refetch (onReset) once connected.
        lastEventId = undefined;
        resetPending = true;
        failures = 0;
        continue;
      }
      if (isFatalStreamError(error)) {
        patch({ status: 'offline', error: errorMessage(error, 'The stream was refused'), fatal: true, retryAt: null });
        return;
      }
      if (!attempt.signal.aborted || !navigator.onLine) patch({ error: errorMessage(error, 'Connection lost') });
      else patch({ error: idleTimeoutMs ? 'No update for a while' : 'Connection lost' });
    } finally {
      clearTimeout(watchdog);
      outer.removeEventListener('abort', stop);
      window.removeEventListener('offline', stop);
      attempt.abort();
    }
    if (outer.aborted) return;
    if (gotEvent || (openedAt && Date.now() - openedAt >= HEALTHY_AFTER_MS)) failures = 0;
    if (!navigator.onLine) {
      patch({ status: 'offline', error: 'You are offline', retryAt: null });
      await waitForOnline(outer);
      failures = 0;
      continue;
    }
    const delay = backoffDelay(failures++);
    patch({ status: 'reconnecting', retryAt: Date.now() + delay });
    await sleep(delay, outer);
  }
}

export function useEventStream<T>({ key, enabled = true, open, onEvent, onReset, idleTimeoutMs }: EventStreamOptions<T>): StreamState {
  const [state, setState] = useState<StreamState & { key: string }>({ ...INITIAL, key });
  const callbacks = useRef({ open, onEvent, onReset });
  useEffect(() => {
    callbacks.current = { open, onEvent, onReset };
  });

  useEffect(() => {
    if (!enabled) return;
    const outer = new AbortController();
    const patch = (next: Partial<StreamState>) => {
      if (!outer.signal.aborted) setState((prev) => ({ ...prev, ...next, key }));
    };
    // A new key (or remount) starts without a last id: a different stream, a fresh view.
    void runEventStream<T>({ outer: outer.signal, callbacks: () => callbacks.current, patch, idleTimeoutMs });
    return () => outer.abort();
  }, [key, enabled, idleTimeoutMs]);

  // A new key starts from scratch (no stale "live" from the previous account).
  return state.key === key ? state : INITIAL;
}
