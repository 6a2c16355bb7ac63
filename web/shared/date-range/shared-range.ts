import { useSyncExternalStore } from 'react';
import { DEFAULT_RANGE, sameRange, type DateRange } from './date-range';

/** The shared date range, held in memory for the session (see date-range.ts). */
let current: DateRange = DEFAULT_RANGE;
const listeners = new Set<() => void>();

export function setSharedRange(range: DateRange) {
  if (sameRange(range, current)) return;
  current = range;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The range outside React (route loaders). */
export function getSharedRange(): DateRange {
  return current;
}

export function useSharedRange(): DateRange {
  return useSyncExternalStore(subscribe, () => current);
}
