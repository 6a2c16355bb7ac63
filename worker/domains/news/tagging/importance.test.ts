import { describe, expect, it } from 'vitest';
import { defaultImportance, hasUrgentKeyword, importanceAtLeast } from './importance';

describe('urgent keywords', () => {
  it.each([
    ['Exchange hacked, $100M drained', true],
    ['Bridge exploit under way', true],
    ['Binance halts withdrawals', true],
    ['Coinbase to delist XYZ', true],
    ['SEC sues exchange', true],
    ['Spot ETH ETF approval expected', true],
    ['SEC approves spot bitcoin ETFs', true],
    ['$200M in longs liquidated', true],
    ['Liquidations top $1B', true],
    ['Lender files for bankruptcy', true],
    ['USDC depegs', true],
    ['Stablecoin de-peg', true],
    ['Wait a sec, markets are calm', false],
    ['Hackathon winners announced', false],
    ['Second quarter results', false],
    ['ETF inflows continue', false],
  ])('%s → %s', (title, expected) => {
    expect(hasUrgentKeyword(title)).toBe(expected);
  });
});

describe('default importance', () => {
  it('is high with an urgent keyword, medium with symbols, low otherwise', () => {
    expect(defaultImportance({ title: 'Exchange hacked', symbols: [] })).toBe('high');
    expect(defaultImportance({ title: 'BTC up 2%', symbols: ['BTC'] })).toBe('medium');
    expect(defaultImportance({ title: 'Markets calm', symbols: [] })).toBe('low');
  });
  it('compares importance levels', () => {
    expect(importanceAtLeast('high', 'medium')).toBe(true);
    expect(importanceAtLeast('medium', 'medium')).toBe(true);
    expect(importanceAtLeast('low', 'critical')).toBe(false);
  });
});
