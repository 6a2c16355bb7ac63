import { describe, expect, it } from 'vitest';
import { DEFAULT_RANGE, MAX_RANGE_DAYS, parseRangeSearch, rangeFromSearch, rangeToSearch, resolveRange } from './date-range';

const DAY = 86_400_000;
const now = new Date(2026, 10, 22, 14, 5, 30); // 22 Nov 2026 14:05:30 local

describe('resolveRange', () => {
  it('defaults to the last 30 days: start of the day 29 days ago to the end of today', () => {
    const { from, to } = resolveRange(DEFAULT_RANGE, now);
    expect(new Date(from)).toEqual(new Date(2026, 9, 24, 0, 0, 0, 0));
    expect(new Date(to)).toEqual(new Date(2026, 10, 22, 23, 59, 59, 999));
  });

  it('covers 7 and 90 whole days', () => {
    expect(new Date(resolveRange({ preset: '7d' }, now).from)).toEqual(new Date(2026, 10, 16));
    expect(new Date(resolveRange({ preset: '90d' }, now).from)).toEqual(new Date(2026, 7, 25));
  });

  it('makes 24h end on the next whole minute', () => {
    const { from, to } = resolveRange({ preset: '24h' }, now);
    expect(new Date(to)).toEqual(new Date(2026, 10, 22, 14, 6, 0));
    expect(to - from).toBe(DAY);
  });

  it('takes custom days inclusively, swaps reversed ones and caps the span at 400 days', () => {
    const custom = resolveRange({ preset: 'custom', from: '2026-11-01', to: '2026-11-03' }, now);
    expect(new Date(custom.from)).toEqual(new Date(2026, 10, 1));
    expect(new Date(custom.to)).toEqual(new Date(2026, 10, 3, 23, 59, 59, 999));
    const reversed = resolveRange({ preset: 'custom', from: '2026-11-03', to: '2026-11-01' }, now);
    expect(reversed).toEqual(custom);
    const long = resolveRange({ preset: 'custom', from: '2020-01-01', to: '2026-11-22' }, now);
    expect(long.to - long.from + 1).toBe(MAX_RANGE_DAYS * DAY);
  });
});

describe('search params', () => {
  it('round-trips presets and custom ranges; the default leaves the URL clean', () => {
    expect(rangeToSearch(DEFAULT_RANGE)).toEqual({ range: undefined, from: undefined, to: undefined });
    expect(rangeFromSearch(parseRangeSearch({ range: '7d' }))).toEqual({ preset: '7d' });
    const custom = { preset: 'custom', from: '2026-11-01', to: '2026-11-03' } as const;
    expect(rangeFromSearch(parseRangeSearch({ ...rangeToSearch(custom) }))).toEqual(custom);
  });

  it('ignores invalid values', () => {
    expect(parseRangeSearch({ range: '5y' })).toEqual({});
    expect(parseRangeSearch({ range: 'custom', from: '2026-02-30', to: '2026-03-01' })).toEqual({});
    expect(parseRangeSearch({ range: 'custom', from: '2026-02-01' })).toEqual({});
    expect(rangeFromSearch({})).toBeNull();
  });
});
