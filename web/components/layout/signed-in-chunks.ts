import { useEffect, useSyncExternalStore } from 'react';
import type * as SignedInNavModule from './signed-in-nav';

/*
 * The nav parts only signed-in users see (menus, mobile menu, user menu) live in their own chunk,
 * so anonymous pages such as /login never download Radix menus or the user menu. For a signed-in
 * user the root route loads the chunk before the first paint, and the nav renders it
 * synchronously from then on (React.lazy would still suspend once and flash an empty nav).
 */
type SignedInNav = typeof SignedInNavModule;

let loaded: SignedInNav | null = null;
let loading: Promise<SignedInNav> | null = null;
const listeners = new Set<() => void>();

export function preloadSignedInNav(): Promise<SignedInNav> {
  loading ??= import('./signed-in-nav').then(
    (module) => {
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null; // try again on the next render
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The chunk once loaded (null before); starts loading it when `wanted`. */
export function useSignedInNav(wanted: boolean): SignedInNav | null {
  const module = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (wanted && !loaded) preloadSignedInNav().catch((error: unknown) => console.error('Could not load the navigation', error));
  }, [wanted]);
  return module;
}
