import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../metrics';
import { DEFAULT_SIMULATED_ACCOUNTS, SimulatedExchange } from './adapter';
import { SIM_SYMBOLS, priceAt } from './market';

const T = Date.UTC(2026, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('simulated market', () => {
  it('is a pure function of (symbol, time) and starts near realistic prices', () => {
    expect(priceAt('BTCUSDT', T)).toBe(priceAt('BTC', T));
    const ranges: Record<string, [number, number]> = {
      BTCUSDT: [50_000, 180_000],
      ETHUSDT: [1_500, 7_000],
      SOLUSDT: [60, 600],
      BNBUSDT: [350, 1_200],
      XRPUSDT: [0.8, 7],
      DOGEUSDT: [0.1, 1.3],
    };
    for (const symbol of SIM_SYMBOLS) {
      const [lo, hi] = ranges[symbol]!;
      expect(priceAt(symbol, T)).toBeGreaterThan(lo);
      expect(priceAt(symbol, T)).toBeLessThan(hi);
    }
  });

  it('stays positive and moves over 30 days at minute resolution, ticking within seconds', () => {
    for (const symbol of SIM_SYMBOLS) {
      const prices = new Set<number>();
      for (let ms = T - 30 * DAY; ms <= T; ms += 10 * MINUTE) {
        const p = priceAt(symbol, ms);
        expect(p).toBeGreaterThan(0);
        prices.add(p);
      }
      expect(prices.size).toBeGreaterThan(1000);
    }
    expect(priceAt('BTCUSDT', T + 5_000)).not.toBe(priceAt('BTCUSDT', T));
  });

  it('is cheap: 10,000 minute-resolution calls', () => {
    let sum = 0;
    for (let i = 0; i < 10_000; i++) sum += priceAt(SIM_SYMBOLS[i % SIM_SYMBOLS.length]!, T - i * MINUTE);
    expect(sum).toBeGreaterThan(0);
  });

  it('refuses symbols it does not trade', () => {
    expect(() => priceAt('PEPEUSDT', T)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });
});

describe('simulated accounts', () => {
  const exchange = new SimulatedExchange({ now: () => T });

  it('lists the accounts it was given', async () => {
    expect((await exchange.listSubAccounts()).map((a) => a.email)).toEqual(DEFAULT_SIMULATED_ACCOUNTS.map((a) => a.email));
    const custom = new SimulatedExchange({ accounts: [{ email: 'x@sim.meridian', frozen: true }] });
    expect(await custom.listSubAccounts()).toEqual([{ email: 'x@sim.meridian', frozen: true }]);
  });

  it('same email and time give the same snapshot; other emails differ', async () => {
    const a = exchange.snapshotAt('trader-main@sim.meridian', T);
    expect(exchange.snapshotAt('trader-main@sim.meridian', T)).toEqual(a);
    expect(await exchange.getAccountSnapshot('trader-main@sim.meridian')).toEqual(a);
    expect(exchange.snapshotAt('trader-alt@sim.meridian', T)).not.toEqual(a);
  });

  it('holds 1–4 positions whose marks and uPnL follow the market', () => {
    for (const { email } of DEFAULT_SIMULATED_ACCOUNTS) {
      const s = exchange.snapshotAt(email, T);
      expect(s.positions.length).toBeGreaterThanOrEqual(1);
      expect(s.positions.length).toBeLessThanOrEqual(4);
      for (const p of s.positions) {
        expect(p.markPrice).toBe(priceAt(p.symbol, T));
        expect(p.notional).toBeCloseTo(p.size * p.markPrice, 6);
        expect(p.margin).toBeCloseTo(p.notional / p.leverage, 6);
        expect(p.unrealizedPnl).toBeCloseTo((p.markPrice - p.entryPrice) * p.size * (p.side === 'LONG' ? 1 : -1), 6);
      }
      const later = exchange.snapshotAt(email, T + 5_000);
      expect(later.futures.usdtM.unrealizedPnl).not.toBe(s.futures.usdtM.unrealizedPnl);
    }
  });

  it('has coherent metrics: leverage = notional / futures equity', () => {
    for (let ms = T - 30 * DAY; ms <= T; ms += DAY) {
      for (const { email } of DEFAULT_SIMULATED_ACCOUNTS) {
        const s = exchange.snapshotAt(email, ms);
        const m = computeMetrics(s);
        const equity = s.futures.usdtM.marginBalance + s.futures.coinM.marginBalanceUsd;
        expect(m.futuresBalance).toBeCloseTo(equity, 6);
        expect(m.leverage).toBeCloseTo(m.notional / equity, 9);
        expect(m.leverage!).toBeGreaterThan(0);
        expect(m.leverage!).toBeLessThan(10);
        expect(m.totalBalance).toBeCloseTo(m.spotBalance + m.futuresBalance, 6);
        expect(m.spotBalance).toBeGreaterThan(0);
        expect(m.btcPrice).toBe(priceAt('BTCUSDT', ms));
      }
    }
  });

  it('gives mark prices for all or some symbols', async () => {
    const all = await exchange.getMarkPrices();
    expect(Object.keys(all)).toEqual(SIM_SYMBOLS);
    expect(await exchange.getMarkPrices(['ETHUSDT', 'NOPEUSDT'])).toEqual({ ETHUSDT: priceAt('ETHUSDT', T) });
  });
});
