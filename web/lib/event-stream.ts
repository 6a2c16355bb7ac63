import { useEffect, useRef, useState } from 'react';
import { errorMessage, errorStatus } from './http-error';

/**
 * A long-lived oRPC event iterator that reconnects by itself (PRODUCT.md §10: "the connection state
 * of every live stream is visible"). After a drop it waits 1 s, doubling up to 30 s; a connection
 * that delivered events (or stayed up a while) starts the count again. A 4xx answer (not allowed,
 * unknown procedure) stops for good: retrying would only repeat the refusal. While the browser is
 * offline it waits for the network instead of counting retries.
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

export interface EventStreamOptions<T> {
  /** Restarts the stream when it changes (e.g. the account email). */
  key: string;
  enabled?: boolean;
  open: (signal: AbortSignal) => Promise<AsyncIterable<T>>;
  onEvent: (event: T) => void;
  /**
   * Treat the connection as dead when no event arrives for this long (streams that send data on a
   * schedule). Keep-alive comments are not surfaced by oRPC, so leave it unset for quiet streams.
   */
  idleTimeoutMs?: number;
}

const INITIAL: StreamState = { status: 'connecting', lastEventAt: null, error: null, fatal: false, retryAt: null };

export function useEventStream<T>({ key, enabled = true, open, onEvent, idleTimeoutMs }: EventStreamOptions<T>): StreamState {
  const [state, setState] = useState<StreamState & { key: string }>({ ...INITIAL, key });
  const openRef = useRef(open);
  const onEventRef = useRef(onEvent);
  useEffect(() => {
    openRef.current = open;
    onEventRef.current = onEvent;
  });

  useEffect(() => {
    if (!enabled) return;
    const outer = new AbortController();
    const patch = (next: Partial<StreamState>) => {
      if (!outer.signal.aborted) setState((prev) => ({ ...prev, ...next, key }));
    };

    async function run() {
      let failures = 0;
      let connectedOnce = false;
      while (!outer.signal.aborted) {
        const attempt = new AbortController();
        const stop = () => attempt.abort();
        outer.signal.addEventListener('abort', stop);
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
          const iterator = await openRef.current(attempt.signal);
          openedAt = Date.now();
          connectedOnce = true;
          patch({ status: 'live', error: null });
          for await (const event of iterator) {
            arm();
            gotEvent = true;
            patch({ status: 'live', lastEventAt: Date.now(), error: null });
            onEventRef.current(event);
          }
          // The server ended the stream: reconnect like after a drop.
        } catch (error) {
          if (outer.signal.aborted) return;
          if (isFatalStreamError(error)) {
            patch({ status: 'offline', error: errorMessage(error, 'The stream was refused'), fatal: true, retryAt: null });
            return;
          }
          if (!attempt.signal.aborted || !navigator.onLine) patch({ error: errorMessage(error, 'Connection lost') });
          else patch({ error: idleTimeoutMs ? 'No update for a while' : 'Connection lost' });
        } finally {
          clearTimeout(watchdog);
          outer.signal.removeEventListener('abort', stop);
          window.removeEventListener('offline', stop);
          attempt.abort();
        }
        if (outer.signal.aborted) return;
        if (gotEvent || (openedAt && Date.now() - openedAt >= HEALTHY_AFTER_MS)) failures = 0;
        if (!navigator.onLine) {
          patch({ status: 'offline', error: 'You are offline', retryAt: null });
          await waitForOnline(outer.signal);
          failures = 0;
          continue;
        }
        const delay = backoffDelay(failures++);
        patch({ status: 'reconnecting', retryAt: Date.now() + delay });
        await sleep(delay, outer.signal);
      }
    }

    void run();
    return () => outer.abort();
  }, [key, enabled, idleTimeoutMs]);

  // A new key starts from scratch (no stale "live" from the previous account).
  return state.key === key ? state : INITIAL;
}
