import { useSyncExternalStore } from 'react';

/**
 * SPEC.md §3/§4 theme: light, dark or system, stored under localStorage 'theme'. System removes the
 * stored value and follows the OS; with no OS preference we fall back to dark (dark by default).
 * public/theme-init.js applies the same rule before first paint; keep the two in step.
 */
export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const LIGHT_QUERY = '(prefers-color-scheme: light)';

function readStored(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemTheme(): ResolvedTheme {
  return typeof window.matchMedia === 'function' && window.matchMedia(LIGHT_QUERY).matches ? 'light' : 'dark';
}

export function resolveTheme(preference: ThemePreference): ResolvedTheme {
  return preference === 'system' ? systemTheme() : preference;
}

function applyTheme(theme: ResolvedTheme) {
  const root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

interface ThemeState {
  preference: ThemePreference;
  resolved: ResolvedTheme;
}

let state: ThemeState = { preference: 'system', resolved: 'dark' };
const listeners = new Set<() => void>();
let started = false;

function update(preference: ThemePreference) {
  const resolved = resolveTheme(preference);
  applyTheme(resolved);
  if (preference !== state.preference || resolved !== state.resolved) {
    state = { preference, resolved };
    for (const listener of listeners) listener();
  }
}

/** Reads the stored choice and follows OS and other-tab changes. Called once at startup. */
export function initTheme() {
  if (started) return;
  started = true;
  state = { preference: readStored(), resolved: resolveTheme(readStored()) };
  applyTheme(state.resolved);
  window.matchMedia?.(LIGHT_QUERY).addEventListener('change', () => {
    if (state.preference === 'system') update('system');
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) update(readStored());
  });
}

export function setTheme(preference: ThemePreference) {
  try {
    if (preference === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Storage unavailable: the choice still applies to this page.
  }
  update(preference);
}

/** The user-menu toggle: flips between light and dark (an explicit choice). */
export function toggleTheme() {
  setTheme(state.resolved === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(subscribe, () => state);
}
