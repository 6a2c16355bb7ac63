import { useSyncExternalStore } from 'react';

/**
 * The theme (docs/PRODUCT-RULES.md §6): light, dark or system, stored under localStorage 'theme'.
 * - Dark by default: a browser with nothing stored gets dark, whatever the OS prefers (docs/PRODUCT-RULES.md §9).
 * - Choosing System removes the stored value and follows the OS while the page is open (after a
 *   reload nothing is stored, so it is dark again).
 * - The user-menu toggle flips light/dark and stores the choice.
 * public/theme-init.js applies the same rule before first paint; keep the two in step.
 */
export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const LIGHT_QUERY = '(prefers-color-scheme: light)';

export const DEFAULT_THEME: ResolvedTheme = 'dark';

function parseStored(value: string | null): ResolvedTheme {
  return value === 'light' || value === 'dark' ? value : DEFAULT_THEME;
}

function readStored(): ResolvedTheme {
  try {
    return parseStored(localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
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

let state: ThemeState = { preference: DEFAULT_THEME, resolved: DEFAULT_THEME };
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

/** Applies the stored choice (or the dark default) and follows OS and other-tab changes. Called once at startup. */
export function initTheme() {
  if (started) return;
  started = true;
  const stored = readStored();
  state = { preference: stored, resolved: stored };
  applyTheme(state.resolved);
  window.matchMedia?.(LIGHT_QUERY).addEventListener('change', () => {
    if (state.preference === 'system') update('system');
  });
  // Another tab chose: a stored value is that choice; a removed one is System there, so here too.
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) update(event.newValue === null ? 'system' : parseStored(event.newValue));
    else if (event.key === null) update(DEFAULT_THEME);
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
