import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLASH_MS, flashTint } from './flash-tint';

describe('flashTint', () => {
  afterEach(() => vi.useRealTimers());

  it('tints an element up or down and clears everything one tick tinted in one pass', () => {
    vi.useFakeTimers();
    const a = document.createElement('span');
    const b = document.createElement('span');
    flashTint(a, 'up');
    flashTint(b, 'down');
    expect(a.dataset.flash).toBe('up');
    expect(b.dataset.flash).toBe('down');
    vi.advanceTimersByTime(FLASH_MS - 100);
    expect(a.dataset.flash).toBe('up');
    vi.advanceTimersByTime(100);
    expect(a.hasAttribute('data-flash')).toBe(false);
    expect(b.hasAttribute('data-flash')).toBe(false);
  });

  it('keeps a value tinted for a full period after its latest change', () => {
    vi.useFakeTimers();
    const a = document.createElement('span');
    const b = document.createElement('span');
    flashTint(a, 'up');
    vi.advanceTimersByTime(FLASH_MS / 2);
    flashTint(b, 'up');
    flashTint(a, 'down');
    vi.advanceTimersByTime(FLASH_MS / 2);
    expect(a.dataset.flash).toBe('down');
    vi.advanceTimersByTime(FLASH_MS / 2);
    expect(a.hasAttribute('data-flash')).toBe(false);
    expect(b.hasAttribute('data-flash')).toBe(false);
  });
});
