import { priceAt } from '../../../exchanges/simulated/market';

/** The words and figures the simulated stories are written with: picks, prices, levels, dates. */

export interface Coin {
  /** the ticker a headline writes ($PEPE) */
  symbol: string;
  name: string;
  /** relative frequency in the news */
  weight: number;
  /** the simulated market's contract when it is not the ticker (PEPE trades as 1000PEPE) */
  market?: string;
  /** coins per contract unit (1000 for 1000PEPE) */
  unit?: number;
}

export const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
export const int = (rng: () => number, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

export function weighted<T extends { weight: number }>(rng: () => number, items: readonly T[]): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = rng() * total;
  for (const item of items) {
    r -= item.weight;
    if (r < 0) return item;
  }
  return items[items.length - 1]!;
}

/** The coin's price at `ts`: the simulated market's, per coin (1000PEPE's ÷ 1000). */
export function priceOf(coin: Coin, ts: number): number {
  return priceAt(coin.market ?? coin.symbol, ts) / (coin.unit ?? 1);
}

/** "$97,000", "$3,450", "$187.5", "$0.3812", "$0.0000095" */
export function usd(value: number): string {
  if (value >= 1000) return `$${Math.round(value).toLocaleString('en-US')}`;
  const digits = value >= 10 ? 1 : value >= 0.01 ? 4 : 1 - Math.floor(Math.log10(value));
  const fixed = value.toFixed(digits);
  return `$${fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed}`;
}

/** "$45.3M", "$1,240M" */
export function usdMillions(value: number): string {
  return value >= 100 ? `$${Math.round(value).toLocaleString('en-US')}M` : `$${value.toFixed(1)}M`;
}

/** A round level just crossed: 97,000 for BTC at 97,412, 3,400 for ETH at 3,431. */
export function roundLevel(price: number, up: boolean): number {
  const step = 10 ** Math.floor(Math.log10(price)) / 10;
  return up ? Math.floor(price / step) * step : Math.ceil(price / step) * step;
}

/** The coin's percent change over `span` up to `ts`, on the simulated market. */
export function change(coin: Coin, ts: number, span: number): number {
  const then = priceOf(coin, ts - span);
  return ((priceOf(coin, ts) - then) / then) * 100;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** ETF flows are reported for the previous trading day. */
export function lastTradingDay(ts: number): string {
  const day = new Date(ts).getUTCDay();
  return day === 0 || day === 1 || day === 6 ? 'Friday' : WEEKDAYS[day - 1]!;
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'vs', 'with']);

/** Publishers' headline style: capitalised words, small words left alone. */
export function titleCase(text: string): string {
  return text
    .split(' ')
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.replace(/^[a-z]/, (c) => c.toUpperCase())))
    .join(' ');
}

export const millions = (rng: () => number, min: number, max: number) => int(rng, min, max);
