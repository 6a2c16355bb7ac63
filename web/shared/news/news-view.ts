import { useSyncExternalStore } from 'react';
import { DEFAULT_FEED_VIEW, type FeedView } from './news-feed';

/**
 * Per-browser display choices of the feed that are not shareable filters: showing test and garbage
 * items, and muting sounds for this browser. Kept in localStorage, shared by every open feed.
 */
export interface NewsViewState extends FeedView {
  muted: boolean;
}

const KEY = 'meridian:news-view';
const DEFAULT: NewsViewState = { ...DEFAULT_FEED_VIEW, muted: false };

function read(): NewsViewState {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof NewsViewState, unknown>>;
    return {
      showTest: raw.showTest === true,
      showGarbage: raw.showGarbage === true,
      muted: raw.muted === true,
    };
  } catch {
    return DEFAULT;
  }
}

let state: NewsViewState | null = null;
const listeners = new Set<() => void>();

export function getNewsView(): NewsViewState {
  state ??= read();
  return state;
}

export function setNewsView(patch: Partial<NewsViewState>) {
  state = { ...getNewsView(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    state = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useNewsView(): NewsViewState {
  return useSyncExternalStore(subscribe, getNewsView, () => DEFAULT);
}
