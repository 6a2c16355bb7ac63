import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import themeInit from '../../public/theme-init.js?raw';

/*
 * docs/PRODUCT-RULES.md §9: dark by default whatever the OS prefers; System removes the stored
 * value and follows the OS while the page is open; the toggle flips light/dark and stores it.
 * public/theme-init.js (before first paint) and web/lib/theme.ts (the app) must agree.
 */

/** An OS colour preference that can change while the page is open. */
function emulateOs(initial: 'light' | 'dark') {
  let scheme = initial;
  const listeners = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query === '(prefers-color-scheme: light)' ? scheme === 'light' : scheme === 'dark';
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    })),
  );
  return (next: 'light' | 'dark') => {
    scheme = next;
    for (const listener of listeners) listener();
  };
}

const rootTheme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

async function freshThemeModule() {
  vi.resetModules();
  return import('./theme');
}

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('theme', () => {
  for (const os of ['light', 'dark'] as const) {
    for (const stored of [null, 'light', 'dark', 'system', 'purple'] as const) {
      it(`theme-init.js and theme.ts agree: OS ${os}, stored ${stored}`, async () => {
        emulateOs(os);
        if (stored !== null) localStorage.setItem('theme', stored);
        new Function(themeInit)();
        const beforePaint = rootTheme();
        document.documentElement.className = '';
        const { initTheme } = await freshThemeModule();
        initTheme();
        expect(rootTheme()).toBe(beforePaint);
        expect(beforePaint).toBe(stored === 'light' || stored === 'dark' ? stored : 'dark');
      });
    }
  }

  it('a browser that never chose gets dark even when the OS prefers light', async () => {
    emulateOs('light');
    const { initTheme } = await freshThemeModule();
    initTheme();
    expect(rootTheme()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('the toggle flips light/dark and stores the choice', async () => {
    emulateOs('light');
    const { initTheme, toggleTheme } = await freshThemeModule();
    initTheme();
    toggleTheme();
    expect(rootTheme()).toBe('light');
    expect(localStorage.getItem('theme')).toBe('light');
    toggleTheme();
    expect(rootTheme()).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('System removes the stored value and follows the OS while the page is open', async () => {
    const setOs = emulateOs('light');
    localStorage.setItem('theme', 'dark');
    const { initTheme, setTheme } = await freshThemeModule();
    initTheme();
    expect(rootTheme()).toBe('dark');
    setTheme('system');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(rootTheme()).toBe('light');
    setOs('dark');
    expect(rootTheme()).toBe('dark');
    setOs('light');
    expect(rootTheme()).toBe('light');
    // An explicit choice stops following the OS.
    setTheme('dark');
    setOs('light');
    expect(rootTheme()).toBe('dark');
  });

  it('follows a choice made in another tab (a removed value is System there)', async () => {
    emulateOs('light');
    const { initTheme } = await freshThemeModule();
    initTheme();
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: 'light' }));
    expect(rootTheme()).toBe('light');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: null }));
    expect(rootTheme()).toBe('light');
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(rootTheme()).toBe('dark');
  });
});
