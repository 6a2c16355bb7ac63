import { describe, expect, it } from 'vitest';
import { decimalsOf, onTick, stepPrice, TICK_KEYS, tickFor } from './tick-step';

describe('tick stepping', () => {
  it('counts the decimals of ticks and prices', () => {
    expect(decimalsOf(0.01)).toBe(2);
    expect(decimalsOf(0.0000001)).toBe(7);
    expect(decimalsOf(0.1)).toBe(1);
    expect(decimalsOf(5)).toBe(0);
    expect(decimalsOf(2990.55)).toBe(2);
    expect(decimalsOf(0.00015)).toBe(5);
  });

  it('takes the symbol’s tick, else the trigger’s own decimals', () => {
    expect(tickFor(0.01, 2990.5)).toBe(0.01);
    expect(tickFor(null, 2990.5)).toBe(0.1);
    expect(tickFor(undefined, 91000)).toBe(1);
    expect(tickFor(0, 0.0046123)).toBeCloseTo(0.0000001, 12);
  });

  it('steps by whole ticks without float noise', () => {
    expect(stepPrice(0.1, 0.1, 2)).toBe(0.3);
    expect(stepPrice(2990.55, 0.01, 1)).toBe(2990.56);
    expect(stepPrice(2990.55, 0.01, -10)).toBe(2990.45);
    expect(stepPrice(0.0046, 0.0000001, 1)).toBe(0.0046001);
    expect(stepPrice(91000.3, 0.1, -1)).toBe(91000.2);
  });

  it('puts an off-tick price on the tick first', () => {
    expect(onTick(2990.555, 0.01)).toBe(2990.56);
    expect(stepPrice(2990.554, 0.01, 1)).toBe(2990.56);
  });

  it('never steps to zero or below', () => {
    expect(stepPrice(0.02, 0.01, -10)).toBe(0.01);
    expect(stepPrice(0.01, 0.01, -1)).toBe(0.01);
  });

  it('maps the arrow and page keys to ticks', () => {
    expect(TICK_KEYS.ArrowUp).toBe(1);
    expect(TICK_KEYS.PageDown).toBe(-10);
    expect(TICK_KEYS.Enter).toBeUndefined();
  });
});
