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

/**
 * A series' stats folded day by day, so the settled days can be folded once and stored
 * (risk_stats_base) and later days folded on top: `seriesStats` is `finishFold(foldDays(emptyFold(),
 * days))`, so the stored path computes the very same numbers in the very same order.
 */
export interface SeriesFold {
  firstOpen: number | null;
  lastClose: number | null;
  /** running peak and deepest fall for maxDrawdown */
  peak: number;
  worst: number;
  returns: number[];
  leverageSum: number;
  samples: number;
  peakLeverage: number | null;
  days: number;
}

export function emptyFold(): SeriesFold {
  return { firstOpen: null, lastClose: null, peak: 0, worst: 0, returns: [], leverageSum: 0, samples: 0, peakLeverage: null, days: 0 };
}

/** Folds `days` (oldest first, all after the fold's days) into a copy of `fold`. */
export function foldDays(fold: SeriesFold, days: DailyEquity[]): SeriesFold {
  const f = { ...fold, returns: [...fold.returns] };
  for (const d of days) {
    // Daily return: the close against the previous close; the first day against its own open.
    const base = f.days === 0 ? d.openEquity : f.lastClose!;
    if (base > 0) f.returns.push(d.closeEquity / base - 1);
    if (f.days === 0) f.firstOpen = d.openEquity;
    f.lastClose = d.closeEquity;
    // maxDrawdown's reading, one day at a time.
    f.peak = Math.max(f.peak, d.openEquity);
    if (f.peak > 0) f.worst = Math.max(f.worst, 1 - Math.min(d.minEquity, d.closeEquity) / f.peak);
    f.peak = Math.max(f.peak, d.maxEquity, d.closeEquity);
    f.leverageSum += d.leverageSum;
    f.samples += d.samples;
    f.peakLeverage = f.peakLeverage === null ? d.peakLeverage : Math.max(f.peakLeverage, d.peakLeverage);
    f.days += 1;
  }
  return f;
}

export function finishFold(f: SeriesFold): SeriesStats {
  const { returns } = f;
  return {
    totalReturn: f.firstOpen !== null && f.lastClose !== null && f.firstOpen > 0 ? f.lastClose / f.firstOpen - 1 : null,
    maxDrawdown: f.worst,
    volatility: stdev(returns),
    sharpe: sharpe(returns),
    avgLeverage: f.samples > 0 ? f.leverageSum / f.samples : null,
    peakLeverage: f.peakLeverage,
    bestDay: returns.length > 0 ? Math.max(...returns) : null,
    worstDay: returns.length > 0 ? Math.min(...returns) : null,
    days: f.days,
  };
}

export function seriesStats(days: DailyEquity[]): SeriesStats {
  return finishFold(foldDays(emptyFold(), days));
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
