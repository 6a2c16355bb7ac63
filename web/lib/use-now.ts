import { useSyncExternalStore } from 'react';

/**
 * The current time, re-rendering once a second while anyone listens: one shared timer for every
 * "updated 4s ago" on screen, so ages tick together.
 */
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * Calls `tick` with the current time once a second on the shared timer, without rendering: for
 * labels written straight into the DOM. Returns the unsubscribe.
 */
export function onClockTick(tick: (now: number) => void): () => void {
  return subscribe(() => tick(now));
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

/**
 * A value derived from the current time (an age label, "still fresh"): the caller re-renders only
 * when it changes, not every second. `select` must return a primitive.
 */
export function useNowDerived<T extends string | number | boolean>(select: (now: number) => T): T {
  return useSyncExternalStore(subscribe, () => select(now));
}
