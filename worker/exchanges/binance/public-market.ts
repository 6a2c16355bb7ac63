import { domainError } from '../../lib/domain-error';
import { DEFAULT_FUTURES_BASE_URL } from './client';

/**
 * Binance USDⓈ-M futures public market data (no key): mark prices and 1-minute klines. See
 * docs/MARKET-DATA.md for the endpoints, weights and limits. The base URL is configuration
 * (BINANCE_FUTURES_BASE_URL), which is how tests point it at a fake.
 */
export interface PublicMarketConfig {
  baseUrl?: string;
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  timeoutMs?: number;
}

export interface Kline {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

const num = (value: unknown, what: string) => {
  const n = typeof value === 'string' || typeof value === 'number' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw domainError('BAD_GATEWAY', `Binance sent an invalid ${what}.`);
  return n;
};

export class BinancePublicMarket {
  private readonly baseUrl: string;
  private readonly fetchFn: NonNullable<PublicMarketConfig['fetch']>;
  private readonly timeoutMs: number;

  constructor(config: PublicMarketConfig = {}) {
    this.baseUrl = (config.baseUrl?.trim() || DEFAULT_FUTURES_BASE_URL).replace(/\/+$/, '');
    // Bound through a closure: workerd throws "Illegal invocation" when fetch is called detached.
    this.fetchFn = config.fetch ?? ((input, init) => fetch(input, init));
    this.timeoutMs = config.timeoutMs ?? 5000;
  }

  private async get(path: string): Promise<unknown> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.baseUrl}${path}`, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch {
      throw domainError('BAD_GATEWAY', 'Binance market data is unreachable.');
    }
    if (!res.ok) {
      const status = res.status === 429 || res.status === 418 ? 'TOO_MANY_REQUESTS' : 'BAD_GATEWAY';
      throw domainError(status, `Binance market data answered ${res.status}.`, { status: res.status });
    }
    try {
      return await res.json();
    } catch {
      throw domainError('BAD_GATEWAY', 'Binance sent market data that is not JSON.');
    }
  }

  /**
   * Mark prices of the wanted symbols (BTCUSDT …) in one request: the all-symbols premiumIndex
   * (weight 10) costs the same however many symbols are watched; unknown symbols are left out.
   */
  async markPrices(symbols: readonly string[]): Promise<Record<string, number>> {
    const rows = await this.get('/fapi/v1/premiumIndex');
    if (!Array.isArray(rows)) throw domainError('BAD_GATEWAY', 'Binance sent an unexpected premiumIndex answer.');
    const wanted = new Set(symbols);
    const prices: Record<string, number> = {};
    for (const row of rows as { symbol?: unknown; markPrice?: unknown }[]) {
      if (typeof row.symbol !== 'string' || !wanted.has(row.symbol)) continue;
      const price = Number(row.markPrice);
      if (price > 0) prices[row.symbol] = price;
    }
    return prices;
  }

  /** The last `limit` 1-minute klines (≤ 1000; weight 1–10 by limit), oldest first. */
  async klines(symbol: string, limit: number): Promise<Kline[]> {
    const rows = await this.get(`/fapi/v1/klines?symbol=${encodeURIComponent(symbol)}&interval=1m&limit=${limit}`);
    if (!Array.isArray(rows)) throw domainError('BAD_GATEWAY', 'Binance sent unexpected klines.');
    return (rows as unknown[][]).map((k) => ({
      time: num(k[0], 'kline time'),
      open: num(k[1], 'kline open'),
      high: num(k[2], 'kline high'),
      low: num(k[3], 'kline low'),
      close: num(k[4], 'kline close'),
    }));
  }
}
