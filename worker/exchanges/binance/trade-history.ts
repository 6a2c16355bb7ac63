import type { OrderSide } from '../../contract/enums';
import type { VenueFill, VenueIncome } from '../fill-history';
import { parseErrorBody } from './errors';
import { buildQuery, createSigner, type QueryParams } from './sign';

/**
 * A Binance USDⓈ-M sub-account's trade history and income, read with its own key:
 * `GET /fapi/v1/userTrades` (one symbol, paged by `fromId`, or a window of at most 7 days by
 * `startTime`/`endTime`; at most 1,000 a page) and `GET /fapi/v1/income` (paged by `startTime`,
 * oldest first, at most 1,000 a page). Numbers arrive as strings; commissions are negative.
 */
export interface BinanceHistoryConfig {
  futuresBaseUrl: string;
  apiKey: string;
  apiSecret: string;
  signer?: (payload: string) => Promise<string>;
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  now?: () => number;
  recvWindow?: number;
}

/** One row of `GET /fapi/v1/userTrades` as Binance sends it. */
export interface RawTrade {
  id: number;
  orderId: number;
  symbol: string;
  side: OrderSide;
  price: string;
  qty: string;
  commission: string;
  commissionAsset: string;
  realizedPnl: string;
  maker: boolean;
  time: number;
}

interface RawIncome {
  symbol: string;
  incomeType: string;
  income: string;
  asset: string;
  time: number;
  tranId: number | string;
}

/** One userTrades row as a fill (its fee in its own asset; priced in USD by the import), and its trade id. */
export type BinanceTrade = Omit<VenueFill, 'feeUsd'> & { id: number };

export const HISTORY_PAGE = 1_000;
export const TRADES_WINDOW_MS = 7 * 24 * 3_600_000;

export class BinanceTradeHistory {
  private readonly sign: (payload: string) => Promise<string>;
  private readonly fetchFn: NonNullable<BinanceHistoryConfig['fetch']>;

  constructor(private readonly config: BinanceHistoryConfig) {
    this.sign = config.signer ?? createSigner(config.apiSecret);
    this.fetchFn = config.fetch ?? ((input, init) => fetch(input, init));
  }

  private async get<T>(path: string, params: QueryParams): Promise<T> {
    const query = buildQuery({
      ...params,
      recvWindow: this.config.recvWindow ?? 5_000,
      timestamp: (this.config.now ?? Date.now)(),
    });
    const res = await this.fetchFn(`${this.config.futuresBaseUrl}${path}?${query}&signature=${await this.sign(query)}`, {
      headers: { 'X-MBX-APIKEY': this.config.apiKey },
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) {
      const body = parseErrorBody(text);
      throw new Error(`Binance ${path} failed: ${body.msg ?? `HTTP ${res.status}`}${body.code ? ` (${body.code})` : ''}`);
    }
    return JSON.parse(text) as T;
  }

  /** A symbol's trades from a trade id on, or within a window (fromId and a window exclude each other). */
  async userTrades(
    symbol: string,
    at: { fromId: number } | { startTime: number; endTime: number },
    limit = HISTORY_PAGE,
  ): Promise<BinanceTrade[]> {
    const rows = await this.get<RawTrade[]>('/fapi/v1/userTrades', { symbol, ...at, limit });
    return rows.map((r) => ({
      id: r.id,
      tradeId: String(r.id),
      exchangeOrderId: String(r.orderId),
      symbol: r.symbol,
      side: r.side,
      price: Number(r.price),
      quantity: Number(r.qty),
      fee: Math.abs(Number(r.commission)),
      feeAsset: r.commissionAsset,
      realizedPnl: Number(r.realizedPnl),
      maker: r.maker,
      ts: r.time,
    }));
  }

  /** Income from `startTime` on, oldest first (USDⓈ-M income is in USDT or USDC: taken at par). */
  async income(startTime: number, limit = HISTORY_PAGE): Promise<VenueIncome[]> {
    const rows = await this.get<RawIncome[]>('/fapi/v1/income', { startTime, limit });
    return rows.map((r) => ({
      id: `${r.incomeType}:${r.tranId}:${r.symbol}`,
      kind: r.incomeType,
      symbol: r.symbol || null,
      amountUsd: Number(r.income),
      ts: r.time,
    }));
  }
}
