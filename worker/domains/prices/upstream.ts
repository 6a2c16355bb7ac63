import type { Candle } from '../../contract/prices';
import type { BinancePublicMarket } from '../../exchanges/binance/public-market';
import { anyPriceAt } from '../../exchanges/simulated/market';

/** Where the PriceHub reads mark prices: the exchange in production, the simulated market locally. */
export interface MarkPriceUpstream {
  readonly kind: 'binance' | 'simulated';
  /** The current mark price of each exchange symbol (BTCUSDT …) it knows, in one read for all. */
  read(symbols: readonly string[]): Promise<Record<string, number>>;
  /** The last `minutes` 1-minute candles up to now, oldest first. */
  candles(symbol: string, minutes: number): Promise<Candle[]>;
}

/** News symbols are bare assets; the exchange prices them against USDT. */
export const exchangeSymbol = (symbol: string) => (symbol.endsWith('USDT') ? symbol : `${symbol}USDT`);

const MINUTE = 60_000;
/** Samples per simulated minute: enough for a believable high and low. */
const SAMPLES = 12;

export class SimulatedMarkPrices implements MarkPriceUpstream {
  readonly kind = 'simulated';
  constructor(private readonly now: () => number = Date.now) {}

  async read(symbols: readonly string[]) {
    const at = this.now();
    return Object.fromEntries(symbols.map((s) => [s, anyPriceAt(s, at)]));
  }

  async candles(symbol: string, minutes: number): Promise<Candle[]> {
    const now = this.now();
    const last = Math.floor(now / MINUTE) * MINUTE;
    const candles: Candle[] = [];
    for (let time = last - (minutes - 1) * MINUTE; time <= last; time += MINUTE) {
      const end = Math.min(time + MINUTE - 1, now);
      const open = anyPriceAt(symbol, time);
      let high = open;
      let low = open;
      for (let i = 1; i <= SAMPLES; i++) {
        const p = anyPriceAt(symbol, Math.min(time + (i * MINUTE) / SAMPLES, end));
        if (p > high) high = p;
        if (p < low) low = p;
      }
      candles.push({ time, open, high, low, close: anyPriceAt(symbol, end) });
    }
    return candles;
  }
}

export class BinanceMarkPrices implements MarkPriceUpstream {
  readonly kind = 'binance';
  constructor(private readonly market: BinancePublicMarket) {}

  read(symbols: readonly string[]) {
    return this.market.markPrices(symbols);
  }

  candles(symbol: string, minutes: number) {
    return this.market.klines(symbol, minutes);
  }
}
