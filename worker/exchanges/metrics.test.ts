import { describe, expect, it } from 'vitest';
import { computeMetrics } from './metrics';
import { parseDecimal } from './parse-number';
import type { AccountSnapshot } from './types';

function snapshot(over: { marginBalance?: number; coinMargin?: number } = {}): AccountSnapshot {
  return {
    email: 'a@b.c',
    takenAt: 0,
    futures: {
      usdtM: {
        walletBalance: 900,
        marginBalance: over.marginBalance ?? 1_000,
        unrealizedPnl: 100,
        initialMargin: 0,
        maintenanceMargin: 0,
      },
      coinM: { walletBalanceUsd: 0, marginBalanceUsd: over.coinMargin ?? 0, unrealizedPnlUsd: -20 },
    },
    positions: [
      {
        symbol: 'BTCUSDT',
        side: 'LONG',
        size: 0.01,
        entryPrice: 1,
        markPrice: 100_000,
        liquidationPrice: null,
        leverage: 10,
        unrealizedPnl: 0,
        notional: 1_000,
        margin: 100,
      },
      {
        symbol: 'ETHUSDT',
        side: 'SHORT',
        size: 1,
        entryPrice: 1,
        markPrice: 2_000,
        liquidationPrice: null,
        leverage: 10,
        unrealizedPnl: 0,
        notional: 2_000,
        margin: 200,
      },
    ],
    spot: { totalUsd: 500, balances: [] },
    btcPrice: 100_000,
  };
}

describe('computeMetrics', () => {
  it('derives the dashboard metrics', () => {
    expect(computeMetrics(snapshot({ coinMargin: 500 }))).toEqual({
      totalBalance: 2_000,
      futuresBalance: 1_500,
      spotBalance: 500,
      futuresUpnl: 100,
      totalUpnl: 80,
      notional: 3_000,
      leverage: 2,
      btcPrice: 100_000,
      positions: 2,
    });
  });

  it('leverage is null when futures equity is zero or negative', () => {
    expect(computeMetrics(snapshot({ marginBalance: 0 })).leverage).toBeNull();
    expect(computeMetrics(snapshot({ marginBalance: -50 })).leverage).toBeNull();
  });
});

describe('parseDecimal', () => {
  it('accepts decimal strings and numbers', () => {
    expect(parseDecimal('10250.50000000', 'x')).toBe(10250.5);
    expect(parseDecimal('-0.001', 'x')).toBe(-0.001);
    expect(parseDecimal('1e-8', 'x')).toBe(1e-8);
    expect(parseDecimal(42, 'x')).toBe(42);
  });

  it.each(['', ' ', 'NaN', 'Infinity', '0x1f', '1,5', 'abc', null, undefined, Number.NaN])('rejects %j', (value) => {
    expect(() => parseDecimal(value, 'field')).toThrow(
      expect.objectContaining({ code: 'BAD_GATEWAY', message: 'Exchange sent an invalid number for field' }),
    );
  });
});
