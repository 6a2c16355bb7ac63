import { describe, expect, it } from 'vitest';
import { addMonths, largestNet, monthGrid, monthOf, moveDay, shade } from './calendar-data';

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('the daily PnL calendar', () => {
  it('lays a month out in weeks from Monday, with the neighbouring months left blank', () => {
    // November 2026 starts on a Sunday and has 30 days: 6 leading blanks, 6 weeks.
    const weeks = monthGrid(day(2026, 11, 17));
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, null, day(2026, 11, 1)]);
    expect(weeks[5]![0]).toBe(day(2026, 11, 30));
    expect(weeks[5]!.slice(1)).toEqual([null, null, null, null, null, null]);
    expect(weeks.flat().filter((d) => d !== null)).toHaveLength(30);
    // February 2027 starts on a Monday: four full weeks.
    expect(monthGrid(day(2027, 2, 1)).map((w) => w.filter(Boolean).length)).toEqual([7, 7, 7, 7]);
  });

  it('pages months across years', () => {
    expect(monthOf(day(2026, 12, 31) + 3_600_000)).toBe(day(2026, 12, 1));
    expect(addMonths(day(2026, 12, 1), 1)).toBe(day(2027, 1, 1));
    expect(addMonths(day(2026, 1, 1), -1)).toBe(day(2025, 12, 1));
  });

  it('moves the focused day by key: a day, a week, to the week’s ends, a month (clamped to its last day)', () => {
    const wed = day(2026, 11, 25);
    expect(moveDay(wed, 'ArrowLeft')).toBe(day(2026, 11, 24));
    expect(moveDay(wed, 'ArrowRight')).toBe(day(2026, 11, 26));
    expect(moveDay(wed, 'ArrowUp')).toBe(day(2026, 11, 18));
    expect(moveDay(wed, 'ArrowDown')).toBe(day(2026, 12, 2));
    expect(moveDay(wed, 'Home')).toBe(day(2026, 11, 23));
    expect(moveDay(wed, 'End')).toBe(day(2026, 11, 29));
    expect(moveDay(day(2027, 1, 31), 'PageDown')).toBe(day(2027, 2, 28));
    expect(moveDay(day(2026, 3, 31), 'PageUp')).toBe(day(2026, 2, 28));
    expect(moveDay(wed, 'PageUp')).toBe(day(2026, 10, 25));
    expect(moveDay(wed, 'Enter')).toBeNull();
  });

  it('tints a day by its net against the month’s largest, never zero for a day with a net', () => {
    const days = [
      { day: 0, trades: 1, realizedPnl: 0, fees: 0, funding: 0, net: -200 },
      { day: 1, trades: 1, realizedPnl: 0, fees: 0, funding: 0, net: 50 },
    ];
    const max = largestNet(days);
    expect(max).toBe(200);
    expect(shade(-200, max)).toBe(60);
    expect(shade(50, max)).toBe(24);
    expect(shade(0.01, max)).toBeGreaterThanOrEqual(12);
    expect(shade(0, max)).toBe(0);
    expect(shade(5, 0)).toBe(0);
  });
});
