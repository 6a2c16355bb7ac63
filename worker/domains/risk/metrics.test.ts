import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leverageOf, traderExposure } from './exposure-model';
import { addsTo, evaluateFirmLimits, evaluateTraderLimits, effectiveLimits, orderViolation } from './limits';
import {
  dailyReturns,
  drawdownFromPeak,
  emptyFold,
  finishFold,
  foldDays,
  largestPositionShare,
  maxDrawdown,
  seriesStats,
  sumDays,
  type DailyEquity,
} from './metrics';

const DAY = 86_400_000;
/** Days from [open, close, min, max] with a constant leverage of `lev` over 10 samples. */
const days = (rows: [number, number, number, number][], lev = 2): DailyEquity[] =>
  rows.map(([o, c, lo, hi], i) => ({
    day: i * DAY,
    openEquity: o,
    closeEquity: c,
    minEquity: lo,
    maxEquity: hi,
    leverageSum: lev * 10,
    samples: 10,
    peakLeverage: lev + i,
  }));

describe('risk metrics on hand-computed series', () => {
  it('a flat series: no return, no drawdown, no volatility, no Sharpe', () => {
    // Three days at 100 from open to close.
    const s = seriesStats(days(Array.from({ length: 3 }, (): [number, number, number, number] => [100, 100, 100, 100])));
    expect(s).toMatchObject({ totalReturn: 0, maxDrawdown: 0, volatility: 0, sharpe: null, bestDay: 0, worstDay: 0, days: 3 });
    expect(s.avgLeverage).toBe(2);
    expect(s.peakLeverage).toBe(4);
  });

  it('a single drawdown: 110 → 88 is −20 %, the return is close ÷ first open', () => {
    const series = days([
      [100, 110, 100, 110],
      [110, 88, 88, 110],
      [88, 99, 88, 99],
    ]);
    expect(dailyReturns(series)).toEqual([expect.closeTo(0.1, 12), expect.closeTo(-0.2, 12), expect.closeTo(0.125, 12)]);
    const s = seriesStats(series);
    expect(s.maxDrawdown).toBeCloseTo(0.2, 12);
    expect(s.totalReturn).toBeCloseTo(-0.01, 12);
    expect(s.bestDay).toBeCloseTo(0.125, 12);
    expect(s.worstDay).toBeCloseTo(-0.2, 12);
  });

  it('an intraday low counts against the peak before it, not the same day’s later high', () => {
    // Day 2 dips to 95 and later reaches 120: the drawdown is from 100, not from 120.
    expect(
      maxDrawdown(
        days([
          [100, 100, 100, 100],
          [100, 118, 95, 120],
        ]),
      ),
    ).toBeCloseTo(0.05, 12);
  });

  it('a known Sharpe: returns 2 %, 0 %, 1 % → mean 1 %, sd 1 %, Sharpe √365', () => {
    const s = seriesStats(
      days([
        [100, 102, 100, 102],
        [102, 102, 102, 102],
        [102, 103.02, 102, 103.02],
      ]),
    );
    expect(s.volatility).toBeCloseTo(0.01, 12);
    expect(s.sharpe).toBeCloseTo(Math.sqrt(365), 9);
  });

  it('empty input gives nulls, not NaN', () => {
    expect(seriesStats([])).toEqual({
      totalReturn: null,
      maxDrawdown: 0,
      volatility: null,
      sharpe: null,
      avgLeverage: null,
      peakLeverage: null,
      bestDay: null,
      worstDay: null,
      days: 0,
    });
  });

  it('folding the days in two parts (stored as JSON between) gives exactly the whole series’ stats', () => {
    // Balances are zero or at least a cent (a subnormal balance would make a return Infinity).
    const equity = fc.oneof(fc.constant(0), fc.double({ min: 0.01, max: 1e7, noNaN: true }));
    const day = fc.record({
      openEquity: equity,
      closeEquity: equity,
      minEquity: equity,
      maxEquity: equity,
      leverageSum: fc.double({ min: 0, max: 1e4, noNaN: true }),
      samples: fc.integer({ min: 0, max: 1440 }),
      peakLeverage: fc.double({ min: 0, max: 100, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.array(day, { maxLength: 40 }), fc.nat(), (rows, cut) => {
        const series = rows.map((r, i) => ({ ...r, day: i * DAY }));
        const at = series.length === 0 ? 0 : cut % (series.length + 1);
        const stored = JSON.parse(JSON.stringify(foldDays(emptyFold(), series.slice(0, at)))) as ReturnType<typeof emptyFold>;
        const whole = seriesStats(series);
        expect(finishFold(foldDays(stored, series.slice(at)))).toEqual(whole);
        // and the fold is the reference readings of the series
        expect(whole.maxDrawdown).toBe(maxDrawdown(series));
        expect(whole.bestDay).toBe(series.length && dailyReturns(series).length ? Math.max(...dailyReturns(series)) : null);
      }),
      { numRuns: 300 },
    );
  });

  it('sums accounts per day, weighting leverage by samples and keeping open/close as a summed range', () => {
    const a = days([[100, 110, 90, 120]], 1);
    const b = days([[50, 40, 30, 60]], 4).map((d) => ({ ...d, samples: 30, leverageSum: 120 }));
    const [sum] = sumDays([...a, ...b]);
    expect(sum).toMatchObject({ openEquity: 150, closeEquity: 150, minEquity: 150, maxEquity: 150, samples: 40 });
    expect(sum!.leverageSum / sum!.samples).toBeCloseTo(130 / 40, 12);
    expect(sum!.peakLeverage).toBe(4);
  });

  it('drawdown from a peak and the largest position share', () => {
    expect(drawdownFromPeak(75, 100)).toBe(0.25);
    expect(drawdownFromPeak(120, 100)).toBe(0);
    expect(largestPositionShare([300, -100])).toBe(0.75);
    expect(largestPositionShare([])).toBe(0);
  });
});

describe('limit evaluation (shared by breach detection and order entry)', () => {
  // Long 300 BTC-units at 100 on one account, short 100 ETH-units at 100 on another: gross 40,000.
  const positions = [
    { accountId: 'a', symbol: 'BTCUSDT', lo: 300, hi: 300, mark: 100 },
    { accountId: 'b', symbol: 'ETHUSDT', lo: -100, hi: -100, mark: 100 },
  ];
  const exposure = traderExposure(10_000, positions, 0.1);

  it('reports every limit strictly exceeded, with the value and the limit', () => {
    const v = evaluateTraderLimits(exposure, {
      maxLeverage: 3,
      maxDrawdown: 0.1,
      maxPositionNotional: 25_000,
      maxPositionShare: 0.8,
    });
    expect(v).toEqual([
      { kind: 'maxLeverage', value: 4, limit: 3, symbol: null },
      { kind: 'maxPositionNotional', value: 30_000, limit: 25_000, symbol: 'BTCUSDT' },
    ]);
  });

  it('checks every symbol, not only the largest', () => {
    const v = evaluateTraderLimits(exposure, { maxPositionNotional: 5_000 });
    expect(v.map((x) => x.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('counts a long on one account and a short on another both (gross), in leverage and per symbol', () => {
    const hedged = traderExposure(10_000, [
      { accountId: 'a', symbol: 'SOLUSDT', lo: 100, hi: 100, mark: 100 },
      { accountId: 'b', symbol: 'SOLUSDT', lo: -100, hi: -100, mark: 100 },
    ]);
    expect(hedged.gross).toBe(20_000);
    expect(hedged.bySymbol.SOLUSDT).toBe(20_000);
    expect(leverageOf(hedged)).toBe(2);
  });

  it('per-trader overrides win over firm defaults', () => {
    const limits = effectiveLimits({ maxLeverage: 5, maxDrawdown: 0.3 }, { maxLeverage: 2 });
    expect(limits).toEqual({ maxLeverage: 2, maxDrawdown: 0.3 });
    expect(evaluateTraderLimits(exposure, limits).map((v) => v.kind)).toEqual(['maxLeverage']);
  });

  it('zero or negative equity with positions is unbounded leverage', () => {
    expect(evaluateTraderLimits({ ...exposure, equity: 0 }, { maxLeverage: 100 })[0]!.value).toBe(Number.POSITIVE_INFINITY);
  });

  it('an order is judged only where it adds to its position, at the largest it can reach there', () => {
    // A position anywhere between short 10 and flat (a sell of 10 in flight): a buy of 4 can add (from flat to 4).
    expect(addsTo({ lo: -10, hi: 0 }, 4)).toEqual({ adds: true, worst: 4 });
    // Short 10 for sure: a buy of 4 only reduces, whatever happens.
    expect(addsTo({ lo: -10, hi: -10 }, 4)).toEqual({ adds: false, worst: 6 });
    // Long 3 to 5: a sell of 12 can flip to short 9 at most, which is larger than 5.
    expect(addsTo({ lo: 3, hi: 5 }, -12)).toEqual({ adds: true, worst: 9 });
    const after = (extra: number) =>
      traderExposure(10_000, [...positions, { accountId: 'a', symbol: 'SOLUSDT', lo: extra, hi: extra, mark: 100 }]);
    expect(orderViolation(after(150), { maxLeverage: 5 }, 'SOLUSDT')).toMatchObject({ kind: 'maxLeverage', value: 5.5 });
    expect(orderViolation(after(50), { maxLeverage: 5 }, 'SOLUSDT')).toBeNull();
    expect(orderViolation(after(50), { maxPositionNotional: 4_000 }, 'SOLUSDT')).toMatchObject({ kind: 'maxPositionNotional' });
    // On zero equity any added exposure is unbounded leverage.
    expect(orderViolation(traderExposure(0, positions), { maxLeverage: 10 }, 'BTCUSDT')).toMatchObject({
      kind: 'maxLeverage',
      value: Number.POSITIVE_INFINITY,
    });
  });

  it('firm net exposure per symbol uses the absolute net', () => {
    expect(evaluateFirmLimits({ BTCUSDT: -2_000_000, ETHUSDT: 500_000 }, { maxSymbolNetExposure: 1_000_000 })).toEqual([
      { kind: 'maxSymbolNetExposure', value: 2_000_000, limit: 1_000_000, symbol: 'BTCUSDT' },
    ]);
  });
});
