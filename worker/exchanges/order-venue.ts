import type { OrderSide, TimeInForce } from '../contract/enums';

/** Where orders go: the simulated venue or an exchange account (one venue per sub-account). */

/** The exchange's rules for one symbol (Binance: LOT_SIZE / MARKET_LOT_SIZE, PRICE_FILTER and MIN_NOTIONAL). */
export interface SymbolRules {
  symbol: string;
  stepSize: number;
  minQty: number;
  maxQty: number;
  /** USD */
  minNotional: number;
  /** PRICE_FILTER: a limit price is a multiple of tickSize within [minPrice, maxPrice] (0: no bound) */
  tickSize?: number;
  minPrice?: number;
  maxPrice?: number;
  /** PERCENT_PRICE: a limit price stays within [mark × multiplierDown, mark × multiplierUp] */
  multiplierUp?: number;
  multiplierDown?: number;
}

export interface MarketOrderRequest {
  symbol: string;
  side: OrderSide;
  /** already rounded to the step size */
  quantity: number;
  reduceOnly: boolean;
  clientOrderId: string;
}

/** A limit order: rests on the book at `price` until filled, canceled or (IOC) at once expired. */
export interface LimitOrderRequest extends MarketOrderRequest {
  /** on the symbol's tick */
  price: number;
  /** GTX: post-only, rejected when it would take */
  timeInForce: TimeInForce;
}

/**
 * A protective order (take-profit or stop-loss): once the mark crosses `triggerPrice` it closes the
 * whole position at market (Binance: an algo order, closePosition=true, workingType=MARK_PRICE).
 */
export interface ConditionalOrderRequest {
  symbol: string;
  /** the side that closes the position: SELL for a long */
  side: OrderSide;
  type: 'STOP_MARKET' | 'TAKE_PROFIT_MARKET';
  triggerPrice: number;
  clientOrderId: string;
}

/** Whether an order lives on the order book or with the exchange's conditional (algo) service. */
export type OrderBook = 'book' | 'conditional';

/** Whether a protective order would trigger at once at this mark (Binance -2021). */
export function wouldTrigger(req: Pick<ConditionalOrderRequest, 'side' | 'type' | 'triggerPrice'>, mark: number): boolean {
  // A stop closing a long (SELL) triggers at or below its price; a take-profit closing a long at or above.
  const below = (req.type === 'STOP_MARKET') === (req.side === 'SELL');
  return below ? mark <= req.triggerPrice : mark >= req.triggerPrice;
}

/** What the exchange says about one order (its answer to the send, or to a query by client id). */
export interface VenueOrder {
  exchangeOrderId: string;
  status: 'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'EXPIRED' | 'REJECTED';
  executedQty: number;
  avgPrice: number | null;
}

/** The exchange refused the order: nothing was done; `message` is what a trader can act on. */
export class OrderRejected extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'OrderRejected';
  }
}

/**
 * The send's outcome is not known (timeout, 5xx, Binance -1007): the order may or may not exist.
 * Never resend before querying by the client order id.
 */
export class OrderOutcomeUnknown extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OrderOutcomeUnknown';
  }
}

export interface OrderVenue {
  rules(symbol: string): Promise<SymbolRules | null>;
  markPrice(symbol: string): Promise<number>;
  /** Throws OrderRejected (definitely not placed) or OrderOutcomeUnknown (maybe placed). */
  placeMarketOrder(req: MarketOrderRequest): Promise<VenueOrder>;
  /** Throws OrderRejected (not placed: price filter, post-only would cross, …) or OrderOutcomeUnknown. */
  placeLimitOrder(req: LimitOrderRequest): Promise<VenueOrder>;
  /** Throws OrderRejected (not placed: would trigger immediately, no position, …) or OrderOutcomeUnknown. */
  placeConditionalOrder(req: ConditionalOrderRequest): Promise<VenueOrder>;
  /** null: the exchange has no order with this client id. */
  queryOrder(symbol: string, clientOrderId: string, book?: OrderBook): Promise<VenueOrder | null>;
  /**
   * Cancels a resting order; answers the order as it stands afterwards (it may have filled first).
   * null: the exchange has no such order. Throws OrderRejected when it is no longer open.
   */
  cancelOrder(symbol: string, clientOrderId: string, book?: OrderBook): Promise<VenueOrder | null>;
  /** Cancels every open order of the account in the symbol (Binance: DELETE /fapi/v1/allOpenOrders). */
  cancelAllOrders(symbol: string): Promise<void>;
  /**
   * How long after it was sent a request the exchange has not shown yet may still become an order
   * (Binance: recvWindow plus its clock allowance). "No such order" is only final after this, so a
   * resend waits for it; 0 or absent when the venue answers in-process.
   */
  readonly lateArrivalMs?: number;
}

/** The quantity rounded down to the step size, without binary-fraction noise (0.1 + 0.2). */
export function roundToStep(quantity: number, stepSize: number): number {
  const decimals = Math.max(0, Math.ceil(-Math.log10(stepSize) - 1e-9));
  const steps = Math.floor(quantity / stepSize + 1e-9);
  return Number((steps * stepSize).toFixed(decimals));
}

/** Whether a price lies on the tick (tolerating binary-fraction noise). */
export function onTick(price: number, tickSize: number): boolean {
  const steps = price / tickSize;
  return Math.abs(steps - Math.round(steps)) < 1e-6;
}
