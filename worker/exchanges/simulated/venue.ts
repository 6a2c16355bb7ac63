import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simOrders, simPositions } from '../../db/schema/orders';
import {
  OrderRejected,
  type MarketOrderRequest,
  type OrderVenue,
  type SymbolRules,
  type VenueOrder,
} from '../order-venue';
import { snapshotAt } from './accounts';
import { withSimFills } from './fills';
import { orderPriceAt, SIM_ORDER_RULES } from './market';
import { simFillsOf } from './fill-store';

/** Half a basis point against the taker, like a thin book's spread. */
export const SIM_SLIPPAGE = 0.0005;

const priceDecimals = (price: number) => Math.max(2, 5 - Math.floor(Math.log10(price)));

/**
 * The simulated exchange's order desk for one account: fills market orders at once at the
 * simulated mark with slippage, remembers them by client id (what a query reads) and adds them to
 * the account's positions (sim_positions), so the dashboards and the risk views move.
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
    for (let attempt = 0; attempt < 8; attempt++) {
      const filled = await this.tryFill(req);
      if (filled) return filled;
    }
    throw new OrderRejected('Reduce-only order rejected: the position kept changing', -2022);
  }

  private async tryFill(req: MarketOrderRequest): Promise<VenueOrder | null> {
    const existing = await this.queryOrder(req.symbol, req.clientOrderId);
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
    const price = Math.round(mark * (1 + sign * SIM_SLIPPAGE) * scale) / scale;
    const exchangeOrderId = `sim-${crypto.randomUUID()}`;
    const signedQty = sign * quantity;
    // Netting in SQL, so two fills on one account at once both count; a close only on the fills it was capped on.
    const unchanged = before === null ? sql`0 = 1` : sql`${simPositions.quantity} = ${before}`;
    const upsert = this.db
      .insert(simPositions)
      .values({ accountEmail: this.email, symbol: req.symbol, quantity: signedQty, entryPrice: price, updatedAt: now })
      .onConflictDoUpdate({
        target: [simPositions.accountEmail, simPositions.symbol],
        set: {
          entryPrice: sql`CASE
            WHEN ${simPositions.quantity} = 0 OR (${simPositions.quantity} > 0) <> (${simPositions.quantity} + excluded.quantity > 0) THEN excluded.entry_price
            WHEN abs(${simPositions.quantity} + excluded.quantity) > abs(${simPositions.quantity})
              THEN (${simPositions.quantity} * ${simPositions.entryPrice} + excluded.quantity * excluded.entry_price) / (${simPositions.quantity} + excluded.quantity)
            ELSE ${simPositions.entryPrice} END`,
          quantity: sql`${simPositions.quantity} + excluded.quantity`,
          updatedAt: now,
        },
        setWhere: req.reduceOnly ? unchanged : undefined,
      })
      .toSQL();
    const d1 = this.db.$client;
    // One transaction: the order is remembered only if its fill was written (changes() of the upsert).
    const [written] = await d1.batch([
      d1.prepare(upsert.sql).bind(...upsert.params),
      d1
        .prepare(
          `INSERT INTO sim_orders (account_email, client_order_id, exchange_order_id, symbol, side, quantity, price, ts)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE changes() > 0`,
        )
        .bind(this.email, req.clientOrderId, exchangeOrderId, req.symbol, req.side, quantity, price, now),
    ]);
    if (!written?.meta.changes) return null;
    return { exchangeOrderId, status: 'FILLED', executedQty: quantity, avgPrice: price };
  }

  async queryOrder(_symbol: string, clientOrderId: string): Promise<VenueOrder | null> {
    const [row] = await this.db
      .select()
      .from(simOrders)
      .where(and(eq(simOrders.accountEmail, this.email), eq(simOrders.clientOrderId, clientOrderId)));
    return row
      ? { exchangeOrderId: row.exchangeOrderId, status: 'FILLED', executedQty: row.quantity, avgPrice: row.price }
      : null;
  }
}
