import { describe, expect, it } from 'vitest';
import { compactRule, describeActions, describeConditions, ruleProblems } from './rule-format';

const base = { name: 'ETF', enabled: true, priority: 100, conditions: {}, actions: {} };

describe('custom rule form helpers', () => {
  it('needs a condition and an action (the contract checks the name)', () => {
    expect(ruleProblems(base)).toEqual({
      conditions: expect.any(String),
      actions: 'Add at least one action',
    });
    expect(ruleProblems({ ...base, conditions: { symbols: ['BTC'] }, actions: { sound: false } })).toEqual({});
  });

  it('refuses an invalid regular expression', () => {
    expect(ruleProblems({ ...base, conditions: { text: '(etf', isRegex: true }, actions: { garbage: true } }).text).toMatch(
      /^Invalid regular expression/,
    );
  });

  it('keeps only what the rule means', () => {
    expect(
      compactRule({
        ...base,
        name: ' ETF ',
        conditions: { text: '  ', isRegex: true, sources: [], symbols: ['BTC'] },
        actions: { addSymbols: [], importance: 'high' },
      }),
    ).toEqual({ name: 'ETF', enabled: true, priority: 100, conditions: { symbols: ['BTC'] }, actions: { importance: 'high' } });
  });

  it('describes conditions and actions in words', () => {
    expect(describeConditions({ text: 'etf', caseSensitive: true, importanceAtLeast: 'high' })).toEqual([
      'contains “etf” (case-sensitive)',
      'importance ≥ High',
    ]);
    expect(describeActions({ importance: 'critical', forwardToTelegram: true, removeSymbols: ['XRP'] })).toEqual([
      '→ Critical',
      'Forward to Telegram',
      '−XRP',
    ]);
  });
});
