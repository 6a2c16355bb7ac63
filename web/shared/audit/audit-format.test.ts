import { describe, expect, it } from 'vitest';
import { changeText, compactValue, localInputToMs, targetText } from './audit-format';

describe('audit entries as the table shows them', () => {
  it('reads before → after in one line', () => {
    expect(changeText({ before: { maxLeverage: 5 }, after: { maxLeverage: 3 } })).toBe('maxLeverage: 5 → maxLeverage: 3');
    expect(changeText({ before: null, after: { enabled: false, reason: 'drawdown' } })).toBe('enabled: false, reason: drawdown');
    expect(changeText({ before: { tradingKey: 'set' }, after: null })).toBe('tradingKey: set');
    expect(compactValue({ nested: { a: 1 }, list: [1, 2] })).toBe('nested: {"a":1}, list: [1,2]');
    expect(compactValue(null)).toBe('');
  });

  it('names the target by its label, else its id', () => {
    expect(targetText({ target: { type: 'user', id: 'u1', label: 'ada@example.com' } })).toBe('ada@example.com');
    expect(targetText({ target: { type: 'order', id: 'o1', label: null } })).toBe('o1');
    expect(targetText({ target: null })).toBe('');
  });

  it('reads the time range inputs', () => {
    expect(localInputToMs('')).toBeUndefined();
    expect(localInputToMs('nonsense')).toBeUndefined();
    expect(localInputToMs('2026-11-27T12:00')).toBe(new Date('2026-11-27T12:00').getTime());
  });
});
