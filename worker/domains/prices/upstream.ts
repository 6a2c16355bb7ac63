import type { Candle } from '../../contract/prices';
import type { BinancePublicMarket } from '../../exchanges/binance/public-market';
import { listedPriceAt, priceAt, SIM_ASSETS } from '../../exchanges/simulated/market';

/** Where the PriceHub reads mark prices: the exchange in production, the simulated market locally. */
export interface MarkPriceUpstream {
  readonly kind: 'binance' | 'simulated';
  /** The current mark price of each exchange symbol (BTCUSDT …) it lists, in one read for all. */
  read(symbols: readonly string[]): Promise<Record<string, number>>;
  /** The last `minutes` 1-minute candles up to now, oldest first (a listed symbol). */
  candles(symbol: string, minutes: number): Promise<Candle[]>;
  /** The bare names (BTC, 1000PEPE) of the symbols the market lists: the only ones priced. */
  listed(): Promise<ReadonlySet<string>>;
}

/** News symbols are bare assets; the exchange prices them against USDT. */
export const exchangeSymbol = (symbol: string) => (symbol.endsWith('USDT') ? symbol : `${symbol}USDT`);
/** 'BTCUSDT' or 'BTC' → 'BTC': how the listing names symbols. */
export const bareSymbol = (symbol: string) => (symbol.endsWith('USDT') ? symbol.slice(0, -4) : symbol);

const MINUTE = 60_000;
/** Samples per simulated minute: enough for a believable high and low. */
const SAMPLES = 12;
const SIM_LISTING: ReadonlySet<string> = new Set(SIM_ASSETS);

export class SimulatedMarkPrices implements MarkPriceUpstream {
  readonly kind = 'simulated';
  constructor(private readonly now: () => number = Date.now) {}

  async listed() {
    return SIM_LISTING;
  }

  /** Listed symbols only: like the exchange's premiumIndex, an unlisted symbol gets no price. */
  async read(symbols: readonly string[]) {
    const at = this.now();
    const prices: Record<string, number> = {};
    for (const s of symbols) {
      const price = listedPriceAt(s, at);
      if (price !== undefined) prices[s] = price;
    }
    return prices;
  }

  async candles(symbol: string, minutes: number): Promise<Candle[]> {
    const now = this.now();
    const last = Math.floor(now / MINUTE) * MINUTE;
    const candles: Candle[] = [];
    for (let time = last - (minutes - 1) * MINUTE; time <= last; time += MINUTE) {
      const end = Math.min(time + MINUTE - 1, now);
      const open = priceAt(symbol, time);
      let high = open;
      let low = open;
      for (let i = 1; i <= SAMPLES; i++) {
        const p = priceAt(symbol, Math.min(time + (i * MINUTE) / SAMPLES, end));
        if (p > high) high = p;
        if (p < low) low = p;
      }
      candles.push({ time, open, high, low, close: priceAt(symbol, end) });
    }
    return candles;
  }
}

export class BinanceMarkPrices implements MarkPriceUpstream {
  readonly kind = 'binance';
  constructor(private readonly market: BinancePublicMarket) {}

  listed() {
    return this.market.listed();
  }

  read(symbols: readonly string[]) {
    return this.market.markPrices(symbols);
  }

  candles(symbol: string, minutes: number) {
    return this.market.klines(symbol, minutes);
  }
}
