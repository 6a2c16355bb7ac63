import { useSyncExternalStore } from 'react';

/**
 * The selected account, held in shared state: the sub-account email chosen on any of the
 * Accounts pages. Kept in localStorage so it survives reloads and follows other tabs.
 */
export const SELECTED_ACCOUNT_KEY = 'meridian.selectedAccount';

function read(): string | null {
  try {
    return localStorage.getItem(SELECTED_ACCOUNT_KEY);
  } catch {
    return null;
  }
}

let current: string | null | undefined;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function setSelectedAccount(email: string) {
  current = email;
  try {
    localStorage.setItem(SELECTED_ACCOUNT_KEY, email);
  } catch {
    // Storage unavailable: the choice still holds for this page.
  }
  notify();
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function onStorage(event: StorageEvent) {
  if (event.key !== SELECTED_ACCOUNT_KEY && event.key !== null) return;
  current = read();
  notify();
}

function snapshot() {
  if (current === undefined) current = read();
  return current;
}

/** The stored email, outside React (route loaders). */
export const readSelectedAccount = snapshot;

/** The stored email (may name an account the user no longer has: callers fall back). */
export function useStoredAccount(): string | null {
  return useSyncExternalStore(subscribe, snapshot);
}
