import { describe, expect, it } from 'vitest';
import { describeCondition, describeCooldown } from './alert-format';
import { validateRule } from './rule-dialog';

const valid = {
  accountEmail: 'trader-main@sim.meridian',
  metric: 'totalBalance' as const,
  operator: '>' as const,
  threshold: '0',
  cooldownSeconds: '60',
  channels: ['toast' as const],
  enabled: true,
};

describe('alert rule form', () => {
  it('accepts a complete rule', () => {
    expect(validateRule(valid)).toEqual({});
  });

  it('names each wrong field', () => {
    const errors = validateRule({ ...valid, threshold: 'abc', cooldownSeconds: '1.5', channels: [], accountEmail: '' });
    expect(Object.keys(errors).sort()).toEqual(['accountEmail', 'channels', 'cooldownSeconds', 'threshold']);
    expect(validateRule({ ...valid, cooldownSeconds: String(7 * 86_400 + 1) }).cooldownSeconds).toBeTruthy();
    expect(validateRule({ ...valid, cooldownSeconds: '59' }).cooldownSeconds).toMatch(/from 60/);
  });

  it('describes rules in the metric unit', () => {
    expect(describeCondition({ metric: 'totalBalance', operator: '>', threshold: 1000 })).toBe('Total balance > $1,000.00');
    expect(describeCondition({ metric: 'leverage', operator: 'crosses_above', threshold: 3 })).toBe(
      'Leverage crosses above 3.00×',
    );
    expect(describeCooldown(0)).toBe('none');
    expect(describeCooldown(300)).toBe('5 min');
  });
});
