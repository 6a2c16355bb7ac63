import { describe, expect, it } from 'vitest';
import {
  direction,
  formatAge,
  formatAgo,
  formatLeverage,
  formatPercent,
  formatPrice,
  formatQuantity,
  formatUsd,
  MINUS,
} from './format';

describe('formatUsd', () => {
  it('shows cents with grouping, a real minus and an optional plus', () => {
    expect(formatUsd(135546.065)).toBe('$135,546.07');
    expect(formatUsd(-490.774)).toBe(`${MINUS}$490.77`);
    expect(formatUsd(12.5, { signed: true })).toBe('+$12.50');
    expect(formatUsd(0, { signed: true })).toBe('$0.00');
    expect(formatUsd(-0.001, { signed: true })).toBe('$0.00');
  });

  it('abbreviates large amounts only when compact', () => {
    expect(formatUsd(1_250_000, { compact: true })).toBe('$1.25M');
    expect(formatUsd(237_740, { compact: true })).toBe('$237.74K');
    expect(formatUsd(99_999.5, { compact: true })).toBe('$99,999.50');
    expect(formatUsd(-2_500_000, { compact: true, signed: true })).toBe(`${MINUS}$2.50M`);
  });
});

describe('prices, sizes, leverage, percentages', () => {
  it('adapts decimals to the price', () => {
    expect(formatPrice(94747.4)).toBe('94,747.40');
    expect(formatPrice(2.36214)).toBe('2.3621');
    expect(formatPrice(0.376261)).toBe('0.376261');
  });
  it('keeps sizes exact without trailing zeros', () => {
    expect(formatQuantity(0.4787)).toBe('0.4787');
    expect(formatQuantity(15200)).toBe('15,200');
  });
  it('shows an em dash when there is no leverage', () => {
    expect(formatLeverage(1.4963)).toBe('1.50×');
    expect(formatLeverage(null)).toBe('—');
  });
  it('signs percentages', () => {
    expect(formatPercent(36.4212)).toBe('+36.42%');
    expect(formatPercent(-47.1)).toBe(`${MINUS}47.10%`);
  });
  it('tells the direction at cent precision', () => {
    expect(direction(0.004)).toBe('flat');
    expect(direction(0.01)).toBe('up');
    expect(direction(-3)).toBe('down');
  });
});

describe('ages', () => {
  it('reads at a glance', () => {
    expect(formatAge(400)).toBe('now');
    expect(formatAge(42_000)).toBe('42s');
    expect(formatAge(125_000)).toBe('2m 05s');
    expect(formatAge(3 * 3_600_000 + 10 * 60_000)).toBe('3h 10m');
    expect(formatAge(50 * 3_600_000)).toBe('2d 2h');
    expect(formatAgo(300)).toBe('just now');
    expect(formatAgo(4_000)).toBe('4s ago');
  });
});
