/**
 * Risk statistics of an equity series, pure and unit-tested. Input is one row per UTC day (the
 * daily rollup), oldest first; equity is the account's (or trader's summed) total balance.
 */
export interface DailyEquity {
  day: number;
  openEquity: number;
  closeEquity: number;
  minEquity: number;
  maxEquity: number;
  /** Σ leverage over the day's samples and their count (average = sum ÷ samples) */
  leverageSum: number;
  samples: number;
  peakLeverage: number;
}

export interface SeriesStats {
  /** last close ÷ first open − 1; null without data or from zero equity */
  totalReturn: number | null;
  /** deepest fall from a running peak, as a positive fraction (0.25 = −25 %) */
  maxDrawdown: number;
  /** sample standard deviation of daily returns; null with fewer than two returns */
  volatility: number | null;
  /** mean ÷ standard deviation of daily returns × √365, risk-free 0; null when undefined */
  sharpe: number | null;
  avgLeverage: number | null;
  peakLeverage: number | null;
  bestDay: number | null;
  worstDay: number | null;
  days: number;
}

/** Daily returns: each close against the previous close; the first day against its own open. */
export function dailyReturns(days: DailyEquity[]): number[] {
  const out: number[] = [];
  days.forEach((d, i) => {
    const base = i === 0 ? d.openEquity : days[i - 1]!.closeEquity;
    if (base > 0) out.push(d.closeEquity / base - 1);
  });
  return out;
}

export function mean(xs: number[]): number | null {
  return xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Sample standard deviation (n − 1). */
export function stdev(xs: number[]): number | null {
  if (xs.length < 2) return null;
  const m = mean(xs)!;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

export function sharpe(returns: number[]): number | null {
  const sd = stdev(returns);
  if (sd === null || sd < 1e-12) return null;
  return (mean(returns)! / sd) * Math.sqrt(365);
}

/**
 * Max drawdown from the days' ranges. A day's low is measured against the peak before it (the
 * previous highs and the day's open): within a day the order of high and low is unknown, and this
 * reading never reports a fall that may not have happened.
 */
export function maxDrawdown(days: DailyEquity[]): number {
  let peak = 0;
  let worst = 0;
  for (const d of days) {
    peak = Math.max(peak, d.openEquity);
    if (peak > 0) worst = Math.max(worst, 1 - Math.min(d.minEquity, d.closeEquity) / peak);
    peak = Math.max(peak, d.maxEquity, d.closeEquity);
  }
  return worst;
}

/** Drawdown of `equity` from `peak` as a positive fraction (0 at or above the peak). */
export function drawdownFromPeak(equity: number, peak: number): number {
  return peak > 0 ? Math.max(0, 1 - equity / peak) : 0;
}

export function seriesStats(days: DailyEquity[]): SeriesStats {
  const returns = dailyReturns(days);
  const samples = days.reduce((a, d) => a + d.samples, 0);
  const first = days[0];
  const last = days.at(-1);
  return {
    totalReturn: first && last && first.openEquity > 0 ? last.closeEquity / first.openEquity - 1 : null,
    maxDrawdown: maxDrawdown(days),
    volatility: stdev(returns),
    sharpe: sharpe(returns),
    avgLeverage: samples > 0 ? days.reduce((a, d) => a + d.leverageSum, 0) / samples : null,
    peakLeverage: days.length > 0 ? Math.max(...days.map((d) => d.peakLeverage)) : null,
    bestDay: returns.length > 0 ? Math.max(...returns) : null,
    worstDay: returns.length > 0 ? Math.min(...returns) : null,
    days: days.length,
  };
}

/**
 * Several accounts' days summed into one series per day (a trader's or the firm's). Leverage of
 * the sum is not the sum of leverages: the average is weighted by samples and the peak is the
 * highest of the accounts'.
 */
export function sumDays(rows: DailyEquity[]): DailyEquity[] {
  const byDay = new Map<number, DailyEquity>();
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) byDay.set(r.day, { ...r });
    else {
      d.openEquity += r.openEquity;
      d.closeEquity += r.closeEquity;
      d.minEquity += r.minEquity;
      d.maxEquity += r.maxEquity;
      d.leverageSum += r.leverageSum;
      d.samples += r.samples;
      d.peakLeverage = Math.max(d.peakLeverage, r.peakLeverage);
    }
  }
  // A sum of the accounts' lows would be lower than the sum ever was (their lows fall at different
  // times): a summed day keeps only its open and close as its range.
  return [...byDay.values()]
    .map((d) => ({ ...d, minEquity: Math.min(d.openEquity, d.closeEquity), maxEquity: Math.max(d.openEquity, d.closeEquity) }))
    .sort((a, b) => a.day - b.day);
}

/** The largest single position's share of gross notional (0 without positions). */
export function largestPositionShare(notionals: number[]): number {
  const gross = notionals.reduce((a, n) => a + Math.abs(n), 0);
  return gross > 0 ? Math.max(...notionals.map(Math.abs)) / gross : 0;
}
