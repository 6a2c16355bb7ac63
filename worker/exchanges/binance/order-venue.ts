import {
  OrderOutcomeUnknown,
  OrderRejected,
  type ConditionalOrderRequest,
  type LimitOrderRequest,
  type OrderBook,
  type MarketOrderRequest,
  type OrderVenue,
  type SymbolRules,
  type VenueOrder,
} from '../order-venue';
import { domainError } from '../../lib/domain-error';
import { parseErrorBody } from './errors';
import { orderRefusalMessage, UNKNOWN_OUTCOME_CODES } from './order-errors';
import { buildQuery, createSigner, type QueryParams, type SignedRequestConfig } from './sign';

/** With the sub-account's own key and secret. */
export interface BinanceOrderConfig extends SignedRequestConfig {
  futuresBaseUrl: string;
  /** default 5 s: an order answer later than this is an unknown outcome */
  timeoutMs?: number;
  /** an HMAC signer made from apiSecret and kept by the caller (its imported key is reused) */
  signer?: (payload: string) => Promise<string>;
}

interface RawFilter {
  filterType: string;
  stepSize?: string;
  minQty?: string;
  maxQty?: string;
  notional?: string;
  tickSize?: string;
  minPrice?: string;
  maxPrice?: string;
  multiplierUp?: string;
  multiplierDown?: string;
}
/** The Algo Service's order (`/fapi/v1/algoOrder`). */
interface RawAlgoOrder {
  algoId: number;
  clientAlgoId: string;
  algoStatus: 'NEW' | 'TRIGGERING' | 'TRIGGERED' | 'FINISHED' | 'CANCELED' | 'REJECTED' | 'EXPIRED';
  executedQty?: string;
  avgPrice?: string;
  /** the order the Algo Service placed in the matching engine once triggered ("" before): its fills carry this id */
  actualOrderId?: string;
}
interface RawOrder {
  orderId: number;
  status: VenueOrder['status'];
  executedQty: string;
  avgPrice?: string;
}

/** exchangeInfo per base URL, kept an hour: symbol rules rarely change. */
const RULES_TTL_MS = 3_600_000;
const rulesCache = new Map<string, { at: number; rules: Map<string, SymbolRules> }>();
/**
 * Mark prices per base URL and symbol, kept a second (Binance itself publishes the mark once a
 * second): orders on one symbol in the same second share one read. Only settled values are kept,
 * never a request in flight (workerd does not let one request wait on another's I/O).
 */
export const MARK_TTL_MS = 1_000;
const markCache = new Map<string, { at: number; price: number }>();

export function parseSymbolRules(symbols: { symbol: string; filters: RawFilter[] }[]): Map<string, SymbolRules> {
  const out = new Map<string, SymbolRules>();
  for (const s of symbols) {
    const f = (type: string) => s.filters.find((x) => x.filterType === type);
    // Market orders obey MARKET_LOT_SIZE where the symbol has one.
    const lot = f('MARKET_LOT_SIZE') ?? f('LOT_SIZE');
    if (!lot?.stepSize) continue;
    out.set(s.symbol, {
      symbol: s.symbol,
      stepSize: Number(lot.stepSize),
      minQty: Number(lot.minQty ?? 0),
      maxQty: Number(lot.maxQty ?? Infinity),
      minNotional: Number(f('MIN_NOTIONAL')?.notional ?? 0),
      ...priceRules(f('PRICE_FILTER'), f('PERCENT_PRICE')),
    });
  }
  return out;
}

/** PRICE_FILTER (tick, bounds; "0" means no bound) and PERCENT_PRICE (the band around the mark). */
function priceRules(price: RawFilter | undefined, percent: RawFilter | undefined) {
  const n = (v: string | undefined) => (v !== undefined && Number(v) > 0 ? Number(v) : undefined);
  return {
    tickSize: n(price?.tickSize),
    minPrice: n(price?.minPrice),
    maxPrice: n(price?.maxPrice),
    multiplierUp: n(percent?.multiplierUp),
    multiplierDown: n(percent?.multiplierDown),
  };
}

export type BinanceMarketConfig = Pick<BinanceOrderConfig, 'futuresBaseUrl' | 'fetch' | 'now'>;

/** The public reads an order needs before it is signed (symbol rules, mark price): no key. */
export class BinanceMarket {
  protected readonly base: string;
  protected readonly fetchFn: NonNullable<BinanceOrderConfig['fetch']>;
  protected readonly now: () => number;

  constructor(config: BinanceMarketConfig) {
    this.base = config.futuresBaseUrl.replace(/\/+$/, '');
    this.fetchFn = config.fetch ?? ((input, init) => fetch(input, init));
    this.now = config.now ?? Date.now;
  }

  /**
   * A public read before an order is sent. An exchange that does not answer, or answers an error,
   * refuses the order with a §8 error the trader can read (nothing was sent), never a 500.
   */
  private async publicRead<T>(path: string, what: string, timeoutMs: number): Promise<T> {
    let res: Response;
    try {
      res = await this.fetchFn(`${this.base}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
      // The timeout covers the body too: reading it is inside the same guard.
      if (res.ok) return (await res.json()) as T;
    } catch (err) {
      const name = err instanceof Error ? err.name : '';
      if (name === 'SyntaxError')
        throw domainError('BAD_GATEWAY', `Binance sent an unreadable answer to the ${what}: the order was not sent.`);
      const timedOut = name === 'TimeoutError';
      throw domainError(
        timedOut ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY',
        `Binance did not answer the ${what} ${timedOut ? `within ${timeoutMs / 1000} s` : '(connection failed)'}: the order was not sent.`,
      );
    }
    throw domainError('BAD_GATEWAY', `Binance answered HTTP ${res.status} to the ${what}: the order was not sent.`);
  }

  async rules(symbol: string): Promise<SymbolRules | null> {
    let cached = rulesCache.get(this.base);
    if (!cached || this.now() - cached.at > RULES_TTL_MS) {
      const body = await this.publicRead<{ symbols: { symbol: string; filters: RawFilter[] }[] }>(
        '/fapi/v1/exchangeInfo',
        'symbol rules request',
        10_000,
      );
      cached = { at: this.now(), rules: parseSymbolRules(body.symbols) };
      rulesCache.set(this.base, cached);
    }
    return cached.rules.get(symbol) ?? null;
  }

  async markPrice(symbol: string): Promise<number> {
    const key = `${this.base} ${symbol}`;
    const hit = markCache.get(key);
    const at = this.now();
    if (hit && at - hit.at < MARK_TTL_MS && at >= hit.at) return hit.price;
    const body = await this.publicRead<{ markPrice?: string }>(
      `/fapi/v1/premiumIndex?${buildQuery({ symbol })}`,
      'mark price request',
      5_000,
    );
    const price = Number(body?.markPrice);
    if (!(price > 0)) throw domainError('BAD_GATEWAY', 'Binance sent an invalid mark price: the order was not sent.');
    markCache.set(key, { at, price });
    return price;
  }
}

/**
 * USDⓈ-M futures market orders with one sub-account's own key. Never retries a send by itself:
 * a timeout, a 5xx or -1006/-1007 is OrderOutcomeUnknown, which the caller settles by queryOrder.
 */
export class BinanceOrderVenue extends BinanceMarket implements OrderVenue {
  private readonly sign: (payload: string) => Promise<string>;

  /**
   * Binance accepts a signed request until recvWindow after its timestamp, and a timestamp up to
   * 1 s ahead of its clock; the last second covers a request already in its matching engine's queue.
   */
  readonly lateArrivalMs: number;

  constructor(private readonly config: BinanceOrderConfig) {
    super(config);
    this.sign = config.signer ?? createSigner(config.apiSecret);
    this.lateArrivalMs = (config.recvWindow ?? 5_000) + 2_000;
  }

  async placeMarketOrder(req: MarketOrderRequest): Promise<VenueOrder> {
    return this.post({
      symbol: req.symbol,
      side: req.side,
      type: 'MARKET',
      quantity: String(req.quantity),
      reduceOnly: req.reduceOnly ? 'true' : undefined,
      newClientOrderId: req.clientOrderId,
      newOrderRespType: 'RESULT',
    });
  }

  /** `type=LIMIT` with `timeInForce` (GTX is post-only) and `price` on the tick. */
  async placeLimitOrder(req: LimitOrderRequest): Promise<VenueOrder> {
    return this.post({
      symbol: req.symbol,
      side: req.side,
      type: 'LIMIT',
      timeInForce: req.timeInForce,
      price: String(req.price),
      quantity: String(req.quantity),
      reduceOnly: req.reduceOnly ? 'true' : undefined,
      newClientOrderId: req.clientOrderId,
      newOrderRespType: 'RESULT',
    });
  }

  /**
   * Take-profit and stop-loss go to the Algo Service since 2025-12-09 (`POST /fapi/v1/algoOrder`,
   * algoType=CONDITIONAL; the order endpoint answers -4120 for them): closePosition=true closes the
   * whole position when the mark (workingType=MARK_PRICE) crosses triggerPrice.
   */
  async placeConditionalOrder(req: ConditionalOrderRequest): Promise<VenueOrder> {
    return this.post(
      {
        algoType: 'CONDITIONAL',
        symbol: req.symbol,
        side: req.side,
        type: req.type,
        triggerPrice: String(req.triggerPrice),
        workingType: 'MARK_PRICE',
        closePosition: 'true',
        clientAlgoId: req.clientOrderId,
      },
      '/fapi/v1/algoOrder',
    );
  }

  private async post(params: QueryParams, path = '/fapi/v1/order'): Promise<VenueOrder> {
    let res: Response;
    let text: string;
    try {
      res = await this.fetchFn(await this.signedUrl(path, params), {
        method: 'POST',
        headers: { 'X-MBX-APIKEY': this.config.apiKey },
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 5_000),
      });
      text = await res.text();
    } catch (err) {
      throw new OrderOutcomeUnknown(`No answer from Binance (${err instanceof Error ? err.message : 'network'})`);
    }
    const body = parseErrorBody(text);
    // 5xx: Binance's own words are "execution status unknown".
    if (res.status >= 500 || (body.code !== undefined && UNKNOWN_OUTCOME_CODES.has(body.code)))
      throw new OrderOutcomeUnknown(`Binance: ${body.msg ?? `HTTP ${res.status}`}; outcome unknown`);
    if (!res.ok) throw new OrderRejected(orderRefusalMessage(res.status, body), body.code);
    return toVenueOrder(JSON.parse(text) as RawOrder | RawAlgoOrder);
  }

  /** `DELETE /fapi/v1/order` by origClientOrderId: -2011 (not open any more) is a refusal, -2013 no such order. */
  async cancelOrder(symbol: string, clientOrderId: string, book: OrderBook = 'book'): Promise<VenueOrder | null> {
    const { res, text } = await this.signed('DELETE', ...byClientId(symbol, clientOrderId, book));
    if (res.ok)
      return book === 'book' ? toVenueOrder(JSON.parse(text) as RawOrder) : this.queryOrder(symbol, clientOrderId, book);
    const body = parseErrorBody(text);
    if (body.code === -2013) return null;
    if (res.status < 500 && body.code !== undefined) throw new OrderRejected(orderRefusalMessage(res.status, body), body.code);
    throw new Error(`Binance cancel failed: ${body.msg ?? `HTTP ${res.status}`}`);
  }

  /** `DELETE /fapi/v1/allOpenOrders?symbol=`: every open order of the account in the symbol. */
  async cancelAllOrders(symbol: string): Promise<void> {
    const { res, text } = await this.signed('DELETE', '/fapi/v1/allOpenOrders', { symbol });
    if (res.ok) return;
    const body = parseErrorBody(text);
    throw new Error(`Binance cancel-all failed: ${body.msg ?? `HTTP ${res.status}`}`);
  }

  private async signed(method: string, path: string, params: QueryParams) {
    const res = await this.fetchFn(await this.signedUrl(path, params), {
      method,
      headers: { 'X-MBX-APIKEY': this.config.apiKey },
      signal: AbortSignal.timeout(this.config.timeoutMs ?? 5_000),
    });
    return { res, text: await res.text() };
  }

  async queryOrder(symbol: string, clientOrderId: string, book: OrderBook = 'book'): Promise<VenueOrder | null> {
    const { res, text } = await this.signed('GET', ...byClientId(symbol, clientOrderId, book));
    if (res.ok) return toVenueOrder(JSON.parse(text) as RawOrder | RawAlgoOrder);
    const body = parseErrorBody(text);
    // -2013: "Order does not exist."
    if (body.code === -2013) return null;
    throw new Error(`Binance order query failed: ${body.msg ?? `HTTP ${res.status}`}`);
  }

  private async signedUrl(path: string, params: QueryParams) {
    const query = buildQuery({ ...params, recvWindow: this.config.recvWindow ?? 5_000, timestamp: this.now() });
    return `${this.base}${path}?${query}&signature=${await this.sign(query)}`;
  }
}

/** An order's path and id parameter: the order book's, or the Algo Service's (conditional orders). */
function byClientId(symbol: string, clientOrderId: string, book: OrderBook): [string, QueryParams] {
  return book === 'book'
    ? ['/fapi/v1/order', { symbol, origClientOrderId: clientOrderId }]
    : ['/fapi/v1/algoOrder', { clientAlgoId: clientOrderId }];
}

/** The Algo Service's statuses as the order's: waiting or triggering is still open; finished filled or not. */
function algoStatus(raw: RawAlgoOrder): VenueOrder['status'] {
  switch (raw.algoStatus) {
    case 'NEW':
    case 'TRIGGERING':
    case 'TRIGGERED':
      return 'NEW';
    case 'FINISHED':
      return Number(raw.executedQty ?? 0) > 0 ? 'FILLED' : 'EXPIRED';
    default:
      return raw.algoStatus;
  }
}

function toVenueOrder(raw: RawOrder | RawAlgoOrder): VenueOrder {
  const avg = Number(raw.avgPrice ?? 0);
  if ('algoId' in raw)
    return {
      // Once triggered, the matching engine's order id: the account's trades name that one, so its fills find this order.
      exchangeOrderId: raw.actualOrderId ? String(raw.actualOrderId) : `algo-${raw.algoId}`,
      status: algoStatus(raw),
      executedQty: Number(raw.executedQty ?? 0),
      avgPrice: avg > 0 ? avg : null,
    };
  return {
    exchangeOrderId: String(raw.orderId),
    status: raw.status,
    executedQty: Number(raw.executedQty),
    avgPrice: avg > 0 ? avg : null,
  };
}
