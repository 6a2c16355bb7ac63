import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simOrders } from '../../db/schema/orders';
import {
  onTick,
  OrderRejected,
  wouldTrigger,
  type ConditionalOrderRequest,
  type LimitOrderRequest,
  type MarketOrderRequest,
  type OrderVenue,
  type SymbolRules,
  type VenueOrder,
} from '../order-venue';
import { snapshotAt } from './accounts';
import { withSimFills } from './fills';
import { orderPriceAt, SIM_ORDER_RULES } from './market';
import { simFillsOf } from './fill-store';
import { NET_FILL_SQL, openSimOrders, sweepSimOrders, toVenueOrder } from './resting';

const POSITION_OF = 'SELECT 1 FROM sim_positions WHERE account_email = ?1 AND symbol = ?4';

/** Half a basis point against the taker, like a thin book's spread. */
export const SIM_SLIPPAGE = 0.0005;

const priceDecimals = (price: number) => Math.max(2, 5 - Math.floor(Math.log10(price)));

/** How a fill is priced from the mark: a market order takes with slippage, a crossing limit no worse than its price. */
type Pricing = { kind: 'MARKET' } | { kind: 'LIMIT'; limit: number; timeInForce: LimitOrderRequest['timeInForce'] };
/** A row of the venue's order memory as it is written. */
type SimOrderRow = typeof simOrders.$inferInsert;

/**
 * The simulated exchange's order desk for one account: fills market orders at once at the
 * simulated mark with slippage, rests limit orders until its price path touches them
 * (resting.ts), remembers orders by client id (what a query reads) and adds fills to the
 * account's positions (sim_positions), so the dashboards and the risk views move.
 */
export class SimulatedVenue implements OrderVenue {
  constructor(
    private readonly db: Db,
    private readonly email: string,
    private readonly now: () => number = Date.now,
  ) {}

  async rules(symbol: string): Promise<SymbolRules | null> {
    // The market's own reference data: Binance's filters as of its stated date (market.ts).
    const r = SIM_ORDER_RULES[symbol];
    return r ? { symbol, ...r } : null;
  }

  async markPrice(symbol: string): Promise<number> {
    return orderPriceAt(symbol, this.now());
  }

  /**
   * Fills at the mark with slippage. A reduce-only order is capped at the position as it stands
   * when the fill is written, as Binance does: the write only lands if the account's fills are
   * still what the cap was computed on, and is tried again otherwise — parallel closes never flip it.
   */
  async placeMarketOrder(req: MarketOrderRequest): Promise<VenueOrder> {
    // Resting orders the path touched fill first, as they would have on a book.
    await sweepSimOrders(this.db, this.email, this.now());
    return this.fill(req, { kind: 'MARKET' });
  }

  private async fill(req: MarketOrderRequest, pricing: Pricing): Promise<VenueOrder> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const filled = await this.tryFill(req, pricing);
      if (filled) return filled;
    }
    throw new OrderRejected('Reduce-only order rejected: the position kept changing', -2022);
  }

  /**
   * A limit that crosses the mark takes at once (GTC, IOC) or is refused (GTX, post-only); one
   * that does not rests (GTC, GTX) or expires unfilled (IOC). Binance's PRICE_FILTER and
   * PERCENT_PRICE answers for a price off the tick or outside the band.
   */
  async placeLimitOrder(req: LimitOrderRequest): Promise<VenueOrder> {
    const now = this.now();
    await sweepSimOrders(this.db, this.email, now);
    if (await this.queryRow(req.clientOrderId)) throw new OrderRejected('Duplicate client order id', -4116);
    const rules = (await this.rules(req.symbol))!;
    const mark = orderPriceAt(req.symbol, now);
    if (!onTick(req.price, rules.tickSize!)) throw new OrderRejected('Price not increased by tick size.', -4014);
    if (req.price > mark * rules.multiplierUp!)
      throw new OrderRejected(`Limit price can't be higher than ${mark * rules.multiplierUp!}.`, -4016);
    if (req.price < mark * rules.multiplierDown!)
      throw new OrderRejected(`Limit price can't be lower than ${mark * rules.multiplierDown!}.`, -4024);
    const crosses = req.side === 'BUY' ? req.price >= mark : req.price <= mark;
    if (crosses && req.timeInForce === 'GTX')
      throw new OrderRejected('Due to the order could not be executed as maker, the Post Only order will be rejected.', -5022);
    if (crosses) return this.fill(req, { kind: 'LIMIT', limit: req.price, timeInForce: req.timeInForce });
    if (req.reduceOnly && !(await this.reduces(req, now)))
      throw new OrderRejected('Reduce-only order rejected: there is no position for it to reduce', -2022);
    const status = req.timeInForce === 'IOC' ? 'EXPIRED' : 'NEW';
    const exchangeOrderId = `sim-${crypto.randomUUID()}`;
    await this.rest(req, exchangeOrderId, now, {
      quantity: req.quantity,
      price: req.price,
      status,
      type: 'LIMIT',
      timeInForce: req.timeInForce,
      limitPrice: req.price,
      reduceOnly: req.reduceOnly,
    });
    return { exchangeOrderId, status, executedQty: 0, avgPrice: null };
  }

  /**
   * A protective order waits for its trigger on the price path (resting.ts sweep); refused when the
   * mark is already past it (Binance -2021) or there is no position on the other side to close.
   */
  async placeConditionalOrder(req: ConditionalOrderRequest): Promise<VenueOrder> {
    const now = this.now();
    await sweepSimOrders(this.db, this.email, now);
    if (await this.queryRow(req.clientOrderId)) throw new OrderRejected('Duplicate client order id', -4116);
    const rules = (await this.rules(req.symbol))!;
    if (!onTick(req.triggerPrice, rules.tickSize!)) throw new OrderRejected('Price not increased by tick size.', -4014);
    if (wouldTrigger(req, orderPriceAt(req.symbol, now))) throw new OrderRejected('Order would immediately trigger.', -2021);
    const snapshot = withSimFills(snapshotAt(this.email, now), await simFillsOf(this.db, this.email));
    const p = snapshot.positions.find((x) => x.symbol === req.symbol);
    if (!p || (p.side === 'LONG') !== (req.side === 'SELL'))
      throw new OrderRejected('Reduce-only order rejected: there is no position for it to close', -2022);
    const exchangeOrderId = `sim-algo-${crypto.randomUUID()}`;
    await this.rest(req, exchangeOrderId, now, {
      quantity: p.size,
      price: req.triggerPrice,
      status: 'NEW',
      type: req.type,
      triggerPrice: req.triggerPrice,
      reduceOnly: true,
    });
    return { exchangeOrderId, status: 'NEW', executedQty: 0, avgPrice: null };
  }

  /** Keeps an order that did not fill at once (resting, or expired) in the venue's memory, unfilled. */
  private async rest(
    req: { clientOrderId: string; symbol: string; side: SimOrderRow['side'] },
    exchangeOrderId: string,
    now: number,
    order: Omit<
      SimOrderRow,
      'accountEmail' | 'clientOrderId' | 'exchangeOrderId' | 'symbol' | 'side' | 'ts' | 'filledQuantity' | 'sweptAt'
    >,
  ): Promise<void> {
    await this.db.insert(simOrders).values({
      accountEmail: this.email,
      clientOrderId: req.clientOrderId,
      exchangeOrderId,
      symbol: req.symbol,
      side: req.side,
      ts: now,
      filledQuantity: 0,
      sweptAt: now,
      ...order,
    });
  }

  private async reduces(req: MarketOrderRequest, now: number): Promise<boolean> {
    const snapshot = withSimFills(snapshotAt(this.email, now), await simFillsOf(this.db, this.email));
    const p = snapshot.positions.find((x) => x.symbol === req.symbol);
    return !!p && (p.side === 'LONG') === (req.side === 'SELL');
  }

  private async tryFill(req: MarketOrderRequest, pricing: Pricing): Promise<VenueOrder | null> {
    const existing = await this.queryRow(req.clientOrderId);
    if (existing) throw new OrderRejected('Duplicate client order id', -4116);
    const now = this.now();
    const mark = orderPriceAt(req.symbol, now);
    let quantity = req.quantity;
    const fills = await simFillsOf(this.db, this.email);
    const before = fills.find((f) => f.symbol === req.symbol)?.quantity ?? null;
    if (req.reduceOnly) {
      const snapshot = withSimFills(snapshotAt(this.email, now), fills);
      const p = snapshot.positions.find((x) => x.symbol === req.symbol);
      const reduces = p && (p.side === 'LONG') === (req.side === 'SELL');
      if (!reduces) throw new OrderRejected('Reduce-only order rejected: there is no position for it to reduce', -2022);
      quantity = Math.min(quantity, p.size);
    }
    const sign = req.side === 'BUY' ? 1 : -1;
    const scale = 10 ** priceDecimals(mark);
    const taken = Math.round(mark * (1 + sign * SIM_SLIPPAGE) * scale) / scale;
    // A crossing limit takes, but never at a worse price than its own.
    const price = pricing.kind === 'LIMIT' ? (sign > 0 ? Math.min(taken, pricing.limit) : Math.max(taken, pricing.limit)) : taken;
    const exchangeOrderId = `sim-${crypto.randomUUID()}`;
    const signedQty = sign * quantity;
    // Netting in SQL, so two fills on one account at once both count; a close only on the fills it
    // was capped on. One transaction: the order's row first, with the position as it stood just
    // before (its realized PnL follows from it), then the position, only if the row was written.
    const unchanged = !req.reduceOnly
      ? '1'
      : before === null
        ? `NOT EXISTS (${POSITION_OF} )`
        : `EXISTS (${POSITION_OF} AND quantity = ?13)`;
    const d1 = this.db.$client;
    const [written] = await d1.batch([
      d1
        .prepare(
          `INSERT INTO sim_orders (account_email, client_order_id, exchange_order_id, symbol, side, quantity, price, ts,
             status, type, time_in_force, limit_price, filled_quantity, reduce_only, maker, fill_seq, pre_quantity, pre_entry_price)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'FILLED', ?9, ?10, ?11, ?6, ?12, 0,
             (SELECT coalesce(max(fill_seq), 0) + 1 FROM sim_orders WHERE account_email = ?1 AND fill_seq IS NOT NULL),
             (SELECT quantity FROM sim_positions WHERE account_email = ?1 AND symbol = ?4),
             (SELECT entry_price FROM sim_positions WHERE account_email = ?1 AND symbol = ?4)
           WHERE ${unchanged}`,
        )
        .bind(
          this.email,
          req.clientOrderId,
          exchangeOrderId,
          req.symbol,
          req.side,
          quantity,
          price,
          now,
          pricing.kind,
          pricing.kind === 'LIMIT' ? pricing.timeInForce : null,
          pricing.kind === 'LIMIT' ? pricing.limit : null,
          req.reduceOnly ? 1 : 0,
          ...(before === null || !req.reduceOnly ? [] : [before]),
        ),
      d1
        .prepare(
          `INSERT INTO sim_positions (account_email, symbol, quantity, entry_price, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5 WHERE changes() > 0
           ${NET_FILL_SQL}`,
        )
        .bind(this.email, req.symbol, signedQty, price, now),
    ]);
    if (!written?.meta.changes) return null;
    return { exchangeOrderId, status: 'FILLED', executedQty: quantity, avgPrice: price };
  }

  private async queryRow(clientOrderId: string) {
    const [row] = await this.db
      .select()
      .from(simOrders)
      .where(and(eq(simOrders.accountEmail, this.email), eq(simOrders.clientOrderId, clientOrderId)));
    return row;
  }

  async queryOrder(_symbol: string, clientOrderId: string): Promise<VenueOrder | null> {
    await sweepSimOrders(this.db, this.email, this.now());
    const row = await this.queryRow(clientOrderId);
    return row ? toVenueOrder(row) : null;
  }

  /** Binance answers -2011 ("Unknown order sent.") to a cancel of an order that is not open. */
  async cancelOrder(_symbol: string, clientOrderId: string): Promise<VenueOrder | null> {
    await sweepSimOrders(this.db, this.email, this.now());
    const [canceled] = await this.db
      .update(simOrders)
      .set({ status: 'CANCELED' })
      .where(and(eq(simOrders.accountEmail, this.email), eq(simOrders.clientOrderId, clientOrderId), eq(simOrders.status, 'NEW')))
      .returning();
    if (canceled) return toVenueOrder(canceled);
    if (!(await this.queryRow(clientOrderId))) return null;
    throw new OrderRejected('Unknown order sent.', -2011);
  }

  async cancelAllOrders(symbol: string): Promise<void> {
    await sweepSimOrders(this.db, this.email, this.now());
    await this.db
      .update(simOrders)
      .set({ status: 'CANCELED' })
      .where(and(eq(simOrders.accountEmail, this.email), eq(simOrders.symbol, symbol), eq(simOrders.status, 'NEW')));
  }

  /** The account's resting orders (tests, the open-orders view's reconciliation). */
  async openOrders(symbol?: string) {
    await sweepSimOrders(this.db, this.email, this.now());
    return openSimOrders(this.db, this.email, symbol);
  }
}
