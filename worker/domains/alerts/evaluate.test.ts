import { describe, expect, it } from 'vitest';
import { alertMessage, conditionMet, shouldFire, type RuleState } from './evaluate';

const rule = (over: Partial<RuleState> = {}): RuleState => ({
  operator: '>',
  threshold: 100,
  cooldownSeconds: 60,
  lastValue: null,
  lastFiredAt: null,
  ...over,
});

describe('alert conditions', () => {
  it.each([
    ['>', null, 101, true],
    ['>', null, 100, false],
    ['<', null, 99, true],
    ['<', null, 100, false],
    ['crosses_above', null, 150, false], // no previous value: no crossing
    ['crosses_above', 90, 150, true],
    ['crosses_above', 100, 100.5, true],
    ['crosses_above', 120, 150, false], // already above
    ['crosses_below', 110, 90, true],
    ['crosses_below', 90, 80, false],
  ] as const)('%s with previous %s and value %s → %s', (operator, lastValue, value, expected) => {
    expect(conditionMet(rule({ operator, lastValue }), value)).toBe(expected);
  });
});

describe('cooldown', () => {
  const now = 1_800_000_000_000;
  it('fires the first time, then not again within the cooldown, then again after it', () => {
    expect(shouldFire(rule(), 150, now)).toBe(true);
    expect(shouldFire(rule({ lastFiredAt: now - 59_000 }), 150, now)).toBe(false);
    expect(shouldFire(rule({ lastFiredAt: now - 60_000 }), 150, now)).toBe(true);
    expect(shouldFire(rule({ cooldownSeconds: 0, lastFiredAt: now }), 150, now)).toBe(true);
  });
  it('never fires when the condition does not hold, cooldown or not', () => {
    expect(shouldFire(rule({ lastFiredAt: null }), 50, now)).toBe(false);
  });
});

it('writes a message a trader can read', () => {
  expect(alertMessage('a@sim', 'leverage', '>', 3, 3.456789)).toBe('a@sim: Leverage above 3 (now 3.45679)');
  expect(alertMessage('a@sim', 'totalBalance', 'crosses_below', 100000, 99500.5)).toBe(
    'a@sim: Total balance crossed below 100,000 (now 99,500.5)',
  );
});
