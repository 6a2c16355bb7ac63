import { useSyncExternalStore } from 'react';
import type { Watchlist, WatchHitEvent } from '@contract/watchlists';

/**
 * The signed-in user's watchlists and which headlines hit them, for every feed and terminal row at
 * once: rows subscribe to their own item id (useSyncExternalStore), so a live hit re-renders the
 * one row it marks, not the list. Filled by WatchlistSync (history) and the alert stream (live).
 */
let lists = new Map<string, Watchlist>();
const hits = new Map<number, readonly string[]>();
let liveHits = 0;
const listeners = new Set<() => void>();
let version = 0;
const notify = () => {
  version++;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setWatchlists(next: readonly Watchlist[]) {
  lists = new Map(next.map((w) => [w.id, w]));
  notify();
}

export function setWatchHistory(history: readonly { item: { id: number }; watchlistIds: string[] }[]) {
  for (const h of history) hits.set(h.item.id, h.watchlistIds);
  notify();
}

/** A live hit: marks the row and counts it for the status bar. */
export function addLiveHit(event: WatchHitEvent) {
  hits.set(Number(event.itemId), event.watchlistIds);
  liveHits++;
  notify();
}

export function resetWatchStore() {
  lists = new Map();
  hits.clear();
  liveHits = 0;
  notify();
}

const NONE: readonly Watchlist[] = [];
const cache = new Map<
  number,
  { ids: readonly string[] | undefined; lists: Map<string, Watchlist>; value: readonly Watchlist[] }
>();

/** The user's lists a headline hit (stable between changes, so a memoized row stays put). */
function listsFor(itemId: number): readonly Watchlist[] {
  const ids = hits.get(itemId);
  const seen = cache.get(itemId);
  if (seen && seen.ids === ids && seen.lists === lists) return seen.value;
  const value = ids ? ids.flatMap((id) => lists.get(id) ?? []) : NONE;
  if (cache.size > 5000) cache.clear();
  cache.set(itemId, { ids, lists, value });
  return value;
}

export const useWatchHitLists = (itemId: number) => useSyncExternalStore(subscribe, () => listsFor(itemId));

/** Whether the headline hit any of the user's lists (the "my watchlists" filter). */
export const isWatchHit = (itemId: number) => listsFor(itemId).length > 0;

/** Headlines that hit the user's lists since this page loaded (the terminal's status bar). */
export const useLiveWatchHits = () => useSyncExternalStore(subscribe, () => liveHits);
/** Bumps whenever hits or lists change: a filtered list re-filters with it. */
export const useWatchVersion = () => useSyncExternalStore(subscribe, () => version);
