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
  it('accepts a complete rule', async () => {
    expect(await validateRule(valid)).toEqual({});
    expect(await validateRule(valid, 'rule-1')).toEqual({});
  });

  it('names each wrong field', async () => {
    const errors = await validateRule({ ...valid, threshold: 'abc', cooldownSeconds: '1.5', channels: [], accountEmail: '' });
    expect(Object.keys(errors).sort()).toEqual(['accountEmail', 'channels', 'cooldownSeconds', 'threshold']);
    // Ranges and channels come from the contract's schema, with its messages.
    expect(errors.channels).toBe('Pick at least one channel');
    expect((await validateRule({ ...valid, cooldownSeconds: String(7 * 86_400 + 1) })).cooldownSeconds).toBe(
      'At most 7 days (604,800 seconds)',
    );
    expect((await validateRule({ ...valid, cooldownSeconds: '59' }, 'rule-1')).cooldownSeconds).toBe('At least 60 seconds');
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
