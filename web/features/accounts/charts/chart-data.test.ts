import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HistoryPoint } from '~/shared/accounts/metrics';
import { chartRows, formatChartTime, formatTickMark, resample, toLocalChartTime } from './chart-data';

const point = (ts: number): HistoryPoint => ({
  ts,
  totalBalance: 1,
  futuresUpnl: 0,
  totalUpnl: 0,
  notional: 0,
  leverage: null,
});

describe('chart times in local time', () => {
  beforeAll(() => {
    vi.stubEnv('TZ', 'Europe/Berlin');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('shifts each instant by its own UTC offset, so the axis reads wall-clock time', () => {
    const winter = Date.UTC(2026, 0, 15, 12, 0); // 13:00 in Berlin (UTC+1)
    const summer = Date.UTC(2026, 6, 15, 12, 0); // 14:00 in Berlin (UTC+2)
    expect(formatChartTime(toLocalChartTime(winter))).toBe('2026-01-15 13:00');
    expect(formatChartTime(toLocalChartTime(summer))).toBe('2026-07-15 14:00');
  });

  it('keeps times strictly ascending across the autumn clock change', () => {
    // 25 Oct 2026, 02:00–03:00 local happens twice: hourly points 00:00, 01:00, 02:00 UTC.
    const points = [0, 1, 2, 3].map((h) => point(Date.UTC(2026, 9, 25, h)));
    const rows = chartRows(points);
    const times = rows.map((r) => r.time);
    expect(times.every((t, i) => i === 0 || t > times[i - 1]!)).toBe(true);
    expect(rows.map((r) => formatChartTime(r.time))).toEqual(['2026-10-25 02:00', '2026-10-25 03:00', '2026-10-25 04:00']);
  });
});

describe('resample', () => {
  const HOUR = 3_600_000;
  it('puts hourly and 10-minute history on one even hourly grid', () => {
    const start = Date.UTC(2026, 9, 24);
    const hourly = Array.from({ length: 23 * 24 }, (_, i) => point(start + i * HOUR));
    const recentStart = start + 23 * 24 * HOUR;
    const tenMinutes = Array.from({ length: 7 * 144 }, (_, i) => point(recentStart + i * 600_000));
    const out = resample([...hourly, ...tenMinutes]);
    expect(out).toHaveLength(30 * 24);
    const gaps = out.slice(1).map((p, i) => p.ts - out[i]!.ts);
    expect(gaps.filter((g) => g === HOUR).length).toBeGreaterThanOrEqual(out.length - 2);
  });

  it('leaves short minute series alone', () => {
    const minutes = Array.from({ length: 1440 }, (_, i) => point(i * 60_000));
    expect(resample(minutes)).toHaveLength(1440);
  });
});

describe('time-axis labels', () => {
  it('reads like the en-US defaults, from the shifted (UTC) chart time', () => {
    const t = Date.UTC(2026, 10, 22, 14, 5, 30) / 1000;
    expect(formatTickMark(t, 0)).toBe('2026');
    expect(formatTickMark(t, 1)).toBe('Nov');
    expect(formatTickMark(t, 2)).toBe('22');
    expect(formatTickMark(t, 3)).toBe('14:05');
    expect(formatTickMark(t, 4)).toBe('14:05:30');
    expect(formatTickMark(Date.UTC(2026, 0, 1, 0, 0) / 1000, 3)).toBe('00:00');
  });
});
