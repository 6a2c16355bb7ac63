import { describe, expect, it } from 'vitest';
import { CHANNELS, describeCondition, describeCooldown } from './alert-format';
import { COOLDOWN_HINT, validateRule } from './rule-dialog';

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

  it('hints what the server accepts and where Telegram alerts go', () => {
    expect(COOLDOWN_HINT).toBe('Quiet time after it fires: 60 s (1 min) to 7 days');
    expect(CHANNELS.find((c) => c.value === 'telegram')?.hint).toMatch(/firm’s Telegram alert chats/);
  });

  it('describes rules in the metric unit', () => {
    expect(describeCondition({ metric: 'totalBalance', operator: '>', threshold: 1000 })).toBe('Total balance > $1,000.00');
    expect(describeCondition({ metric: 'leverage', operator: 'crosses_above', threshold: 3 })).toBe(
      'Leverage crosses above 3.00×',
    );
    expect(describeCooldown(0)).toBe('1 min'); // a rule stored before the minimum waits the minimum
    expect(describeCooldown(300)).toBe('5 min');
  });
});
