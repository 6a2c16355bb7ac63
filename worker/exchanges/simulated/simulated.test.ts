import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../metrics';
import { DEFAULT_SIMULATED_ACCOUNTS, SimulatedExchange } from './adapter';
import {
  BOOK_SYMBOLS,
  isListed,
  listedPriceAt,
  priceAt,
  REFERENCE_AS_OF,
  SIM_ASSETS,
  SIM_ORDER_RULES,
  SIM_SYMBOLS,
} from './market';
import { REFERENCE_MARKETS } from './reference-markets';

const T = Date.UTC(2026, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('simulated market', () => {
  it("lists about 100 Binance USDⓈ-M perpetuals, each once, under Binance's own names", () => {
    expect(REFERENCE_MARKETS.length).toBeGreaterThanOrEqual(95);
    expect(new Set(SIM_ASSETS).size).toBe(SIM_ASSETS.length);
    expect(SIM_SYMBOLS.slice(0, 2)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(SIM_ASSETS).toContain('1000PEPE');
    expect(isListed('PEPE')).toBe(false);
    expect(REFERENCE_AS_OF).toMatch(/^2025-\d\d-\d\d$/);
  });

  it('has exchange-like rules: ticks fine enough for the price, a minimum order that fits the step', () => {
    for (const m of REFERENCE_MARKETS) {
      // Four or more significant digits of price on the tick (Binance quotes about five).
      expect(m.price / m.tick, m.base).toBeGreaterThanOrEqual(1_000);
      expect(m.price / m.tick, m.base).toBeLessThanOrEqual(10_000_000);
      // The smallest order (one step, or the minimum notional) stays small, as on the exchange.
      expect(m.step * m.price, m.base).toBeLessThanOrEqual(Math.max(25, m.minNotional));
      expect(m.step * m.price, m.base).toBeGreaterThan(0.0001);
      expect(m.vol, m.base).toBeGreaterThanOrEqual(30);
      expect(m.vol, m.base).toBeLessThanOrEqual(200);
      const rules = SIM_ORDER_RULES[`${m.base}USDT`]!;
      expect(rules.stepSize).toBe(m.step);
      expect(rules.maxQty * m.price).toBeGreaterThan(5_000_000);
    }
  });

  it('is a pure function of (symbol, time), on the tick, and stays near the reference price', () => {
    expect(priceAt('BTCUSDT', T)).toBe(priceAt('BTC', T));
    for (const m of REFERENCE_MARKETS) {
      for (let ms = T - 60 * DAY; ms <= T; ms += 5 * DAY) {
        const p = priceAt(m.base, ms);
        expect(p, m.base).toBeGreaterThan(m.price / 4);
        expect(p, m.base).toBeLessThan(m.price * 4);
        const ticks = p / m.tick;
        expect(Math.abs(ticks - Math.round(ticks)), m.base).toBeLessThan(1e-6);
      }
    }
    expect(priceAt('BTCUSDT', T)).toBeGreaterThan(45_000);
    expect(priceAt('BTCUSDT', T)).toBeLessThan(180_000);
  });

  it('moves each symbol with its own volatility (annualised, from 5-minute returns)', () => {
    for (const base of ['BTC', 'ETH', 'TRX', 'SOL', 'DOGE', 'FARTCOIN']) {
      const vol = REFERENCE_MARKETS.find((m) => m.base === base)!.vol;
      let sum = 0;
      let sq = 0;
      const n = 4_000;
      for (let i = 0; i < n; i++) {
        const t = T - i * 37 * MINUTE;
        const r = Math.log(priceAt(base, t + 5 * MINUTE) / priceAt(base, t));
        sum += r;
        sq += r * r;
      }
      const sd = Math.sqrt(sq / n - (sum / n) ** 2);
      const annualised = sd * Math.sqrt((365 * DAY) / (5 * MINUTE)) * 100;
      expect(annualised, base).toBeGreaterThan(vol * 0.7);
      expect(annualised, base).toBeLessThan(vol * 1.4);
    }
  });

  it('stays positive and moves over 30 days at minute resolution, ticking within seconds', () => {
    for (const symbol of BOOK_SYMBOLS) {
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

  it('invents no price for a symbol it does not list', () => {
    expect(() => priceAt('PEPEUSDT', T)).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
    expect(listedPriceAt('NOTACOIN', T)).toBeUndefined();
    expect(listedPriceAt('1000PEPEUSDT', T)).toBe(priceAt('1000PEPE', T));
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
