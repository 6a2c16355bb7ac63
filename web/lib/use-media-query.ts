import { useSyncExternalStore } from 'react';

/** One MediaQueryList per query: reading `matches` on each render creates nothing. */
const lists = new Map<string, MediaQueryList | null>();

function list(query: string) {
  let found = lists.get(query);
  if (found === undefined) {
    found = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
    lists.set(query, found);
  }
  return found;
}

/** Whether a CSS media query matches, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      const target = list(query);
      target?.addEventListener('change', onChange);
      return () => target?.removeEventListener('change', onChange);
    },
    () => list(query)?.matches ?? false,
    () => false,
  );
}
