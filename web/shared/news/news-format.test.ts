import { describe, expect, it } from 'vitest';
import { formatLatency, formatNewsTime, formatShortAge, delayTitle, formatAlsoReported, formatDelay, headlineDelay } from './news-format';

describe('formats', () => {
  it('shows short ages and latency', () => {
    expect(formatShortAge(2000)).toBe('now');
    expect(formatShortAge(12_000)).toBe('12s');
    expect(formatShortAge(125_000)).toBe('2m');
    expect(formatShortAge(3 * 3_600_000 + 1)).toBe('3h');
    expect(formatShortAge(4 * 86_400_000)).toBe('4d');
    expect(formatLatency(800)).toBe('+0.8s');
    expect(formatLatency(12_400)).toBe('+12s');
    expect(formatLatency(180_000)).toBe('+3m');
    expect(formatLatency(-200)).toBe('\u22120.2s');
  });

  it('a delay runs from the source publication to storage; unknown when the source gave no time', () => {
    const t = new Date(2026, 10, 22, 14, 5, 7).getTime();
    expect(headlineDelay({ ts: t, publishedAt: t, receivedAt: t + 400, storedAt: t + 650 })).toBe(650);
    // rows stored before the stored time was kept: receipt
    expect(headlineDelay({ ts: t, receivedAt: t + 400 })).toBe(400);
    expect(headlineDelay({ ts: t, publishedAt: null, receivedAt: t, storedAt: t + 100 })).toBeNull();
    expect(formatDelay(null)).toBe('\u2014');
    expect(formatDelay(650)).toBe('+0.7s');
    expect(delayTitle({ ts: t, publishedAt: t, receivedAt: t + 400, storedAt: t + 650 })).toBe('Published 14:05:07, read +0.4s, stored +0.7s');
    expect(delayTitle({ ts: t, publishedAt: null, receivedAt: t, storedAt: t })).toBe('The source gave no publication time; read at 14:05:07');
  });

  it('says who else reported the story, and how much later', () => {
    expect(
      formatAlsoReported([
        { sourceId: 'twitter:x', sourceKind: 'twitter', name: '@x', receivedAt: 1, afterMs: 4_200 },
        { sourceId: 'exchange-bybit', sourceKind: 'exchange', name: 'Bybit', receivedAt: 2, afterMs: 9_800 },
      ]),
    ).toBe('also: @x +4.2s, Bybit +9.8s');
  });

  it('formats exact times in 24h or 12h', () => {
    const ts = new Date(2026, 10, 22, 14, 5, 7).getTime();
    expect(formatNewsTime(ts)).toBe('2026-11-22 14:05:07');
    expect(formatNewsTime(ts, '12h')).toBe('2026-11-22 2:05:07 PM');
    expect(formatNewsTime(new Date(2026, 0, 1, 0, 3, 0).getTime(), '12h', { date: false })).toBe('12:03:00 AM');
  });
});
