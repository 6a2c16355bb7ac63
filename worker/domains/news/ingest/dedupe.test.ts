import { describe, expect, it } from 'vitest';
import { DEDUP_WINDOW_MS, dedupKey, dedupRange, dedupText, fnv1a64, isDuplicate } from './dedupe';

describe('dedupText', () => {
  it.each([
    ['BREAKING: SEC approves spot ETH ETFs', 'sec approves spot eth etfs'],
    ['🚨 JUST IN: SEC approves spot ETH ETFs 🚀', 'sec approves spot eth etfs'],
    ['JUST IN 🇺🇸 SEC approves spot ETH ETFs', 'sec approves spot eth etfs'],
    ['Breaking News - SEC approves spot ETH ETFs https://t.co/abc', 'sec approves spot eth etfs'],
    ['RT @wire: SEC approves spot ETH ETFs!!!', 'sec approves spot eth etfs'],
    ['UPDATE: SEC approves spot ETH ETFs', 'sec approves spot eth etfs'],
    ['Update on the SEC case', 'update on the sec case'],
    ['Breakingviews: markets', 'breakingviews markets'],
    ['𝐒𝐄𝐂 approves', 'sec approves'],
    ['BREAKING', 'breaking'],
    ['🚨🚨🚨', '🚨🚨🚨'],
  ])('%s → %s', (title, expected) => {
    expect(dedupText(title)).toBe(expected);
  });
});

describe('dedupKey', () => {
  it('is stable and versioned', () => {
    expect(dedupKey({ title: 'SEC approves spot ETH ETFs' })).toBe(dedupKey({ title: 'SEC approves spot ETH ETFs' }));
    expect(dedupKey({ title: 'x' })).toMatch(/^v1:[0-9a-f]{16}$/);
  });
  it('collides for the same headline decorated differently', () => {
    const a = dedupKey({ title: '🚨 BREAKING: SEC approves spot ETH ETFs' });
    expect(dedupKey({ title: 'SEC approves spot ETH ETFs.' })).toBe(a);
    expect(dedupKey({ title: 'sec   approves spot eth ETFs https://example.com/x' })).toBe(a);
  });
  it('differs for different headlines', () => {
    expect(dedupKey({ title: 'SEC approves spot ETH ETFs' })).not.toBe(dedupKey({ title: 'SEC rejects spot ETH ETFs' }));
  });
  it('hashes with 64-bit FNV-1a', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
  });
});

describe('isDuplicate', () => {
  const now = 1_800_000_000_000;
  const key = 'v1:abc';
  it('is a duplicate within 10 minutes either side', () => {
    expect(DEDUP_WINDOW_MS).toBe(600_000);
    expect(isDuplicate(key, now, [{ key, ts: now - 599_999 }])).toBe(true);
    expect(isDuplicate(key, now, [{ key, ts: now + 60_000 }])).toBe(true);
  });
  it('is not a duplicate at or beyond the window, or with another key', () => {
    expect(isDuplicate(key, now, [{ key, ts: now - 600_000 }])).toBe(false);
    expect(isDuplicate(key, now, [{ key: 'v1:other', ts: now }])).toBe(false);
    expect(isDuplicate(key, now, [])).toBe(false);
  });
  it('honours a custom window and gives the matching query range', () => {
    expect(isDuplicate(key, now, [{ key, ts: now - 30_000 }], 10_000)).toBe(false);
    expect(dedupRange(now, 10_000)).toEqual({ from: now - 9_999, to: now + 9_999 });
  });
});
