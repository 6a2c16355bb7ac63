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

/** The listing per base URL (exchangeInfo, weight 1), kept an hour: contracts are listed and delisted rarely. */
export const LISTING_TTL_MS = 3_600_000;
const listingCache = new Map<string, { at: number; bases: ReadonlySet<string> }>();

interface RawContract {
  symbol?: unknown;
  quoteAsset?: unknown;
  contractType?: unknown;
  status?: unknown;
}

/**
 * The bare names (BTC, 1000PEPE) of the USDT perpetuals that trade, from exchangeInfo's `symbols`.
 * A field the answer leaves out does not exclude a contract (the symbol's USDT suffix decides).
 */
export function listedBases(contracts: readonly RawContract[]): Set<string> {
  const bases = new Set<string>();
  for (const c of contracts) {
    if (typeof c.symbol !== 'string' || !c.symbol.endsWith('USDT')) continue;
    if (c.quoteAsset !== undefined && c.quoteAsset !== 'USDT') continue;
    if (c.contractType !== undefined && c.contractType !== 'PERPETUAL') continue;
    if (c.status !== undefined && c.status !== 'TRADING') continue;
    bases.add(c.symbol.slice(0, -4));
  }
  return bases;
}

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

  /**
   * The bare names of the listed USDT perpetuals (what a price stream may ask for), cached an hour
   * per base URL; after the hour a failed read keeps the last list rather than refusing everyone.
   */
  async listed(now = Date.now()): Promise<ReadonlySet<string>> {
    const cached = listingCache.get(this.baseUrl);
    if (cached && now - cached.at < LISTING_TTL_MS) return cached.bases;
    try {
      const body = (await this.get('/fapi/v1/exchangeInfo')) as { symbols?: unknown };
      if (!Array.isArray(body?.symbols)) throw domainError('BAD_GATEWAY', 'Binance sent an unexpected exchangeInfo answer.');
      const bases = listedBases(body.symbols as RawContract[]);
      listingCache.set(this.baseUrl, { at: now, bases });
      return bases;
    } catch (err) {
      if (cached) return cached.bases;
      throw err;
    }
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
