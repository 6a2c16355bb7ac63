import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simOrders } from '../../db/schema/orders';
import { wouldTrigger, type VenueOrder } from '../order-venue';
import { snapshotAt } from './accounts';
import { simFillsOf } from './fill-store';
import { withSimFills } from './fills';
import { orderPriceAt } from './market';

/**
 * The simulated exchange's resting orders: a limit rests in sim_orders (status NEW) until its own
 * price path touches it. The path is read back from where the last sweep stopped (swept_at), every
 * PATH_STEP_MS, so a touch between two sweeps still fills — whenever the sweep runs (on any call to
 * the account's venue, and when the orders domain reads open orders).
 */
export const PATH_STEP_MS = 10_000;
/** A resting order unswept for longer is checked over this last stretch only (bounded work). */
export const PATH_LOOKBACK_MS = 6 * 3_600_000;

/** What a triggered protective order pays against the mark (the venue's taker slippage). */
const SIM_TRIGGER_SLIPPAGE = 0.0005;

export type SimOrderRow = typeof simOrders.$inferSelect;

/** The position upsert that nets a fill into sim_positions (entry price averaged while it grows). */
export const NET_FILL_SQL = `ON CONFLICT (account_email, symbol) DO UPDATE SET
  entry_price = CASE
    WHEN sim_positions.quantity = 0 OR (sim_positions.quantity > 0) <> (sim_positions.quantity + excluded.quantity > 0) THEN excluded.entry_price
    WHEN abs(sim_positions.quantity + excluded.quantity) > abs(sim_positions.quantity)
      THEN (sim_positions.quantity * sim_positions.entry_price + excluded.quantity * excluded.entry_price) / (sim_positions.quantity + excluded.quantity)
    ELSE sim_positions.entry_price END,
  quantity = sim_positions.quantity + excluded.quantity,
  updated_at = excluded.updated_at`;

/**
 * What a fill records on its sim_orders row beside the fill (?1 the account's email, ?6 the
 * symbol): its place in the account's fill sequence and the position just before it, read in the
 * same transaction as the position's update.
 */
export const FILL_RECORD_SET = `fill_seq = (SELECT coalesce(max(fill_seq), 0) + 1 FROM sim_orders WHERE account_email = ?1 AND fill_seq IS NOT NULL),
  pre_quantity = (SELECT quantity FROM sim_positions WHERE account_email = ?1 AND symbol = ?6),
  pre_entry_price = (SELECT entry_price FROM sim_positions WHERE account_email = ?1 AND symbol = ?6)`;

export function toVenueOrder(row: SimOrderRow): VenueOrder {
  const status =
    row.status === 'NEW' ? (row.filledQuantity > 0 ? 'PARTIALLY_FILLED' : 'NEW') : (row.status as VenueOrder['status']);
  return {
    exchangeOrderId: row.exchangeOrderId,
    status,
    executedQty: row.filledQuantity,
    avgPrice: row.filledQuantity > 0 ? row.price : null,
  };
}

/**
 * When the price path between `from` and `to` first touches the order (null: it did not): a limit
 * at its price, a protective order at its trigger.
 */
export function touchedAt(
  row: Pick<SimOrderRow, 'symbol' | 'side' | 'limitPrice' | 'type' | 'triggerPrice'>,
  from: number,
  to: number,
): number | null {
  const limit = row.limitPrice!;
  const touches = (t: number) => {
    const p = orderPriceAt(row.symbol, t);
    if (row.type === 'STOP_MARKET' || row.type === 'TAKE_PROFIT_MARKET')
      return wouldTrigger({ side: row.side, type: row.type, triggerPrice: row.triggerPrice! }, p);
    return row.side === 'BUY' ? p <= limit : p >= limit;
  };
  const start = Math.max(from, to - PATH_LOOKBACK_MS);
  for (let t = start + PATH_STEP_MS; t < to; t += PATH_STEP_MS) if (touches(t)) return t;
  return touches(to) ? to : null;
}

export async function openSimOrders(db: Db, email: string, symbol?: string): Promise<SimOrderRow[]> {
  const filters = [eq(simOrders.accountEmail, email), eq(simOrders.status, 'NEW')];
  if (symbol) filters.push(eq(simOrders.symbol, symbol));
  return db
    .select()
    .from(simOrders)
    .where(and(...filters));
}

/**
 * Fills every resting order of the account its price path touched since the last sweep, at its
 * limit (a maker fill, no slippage). Each fill is one transaction: the position moves only if the
 * order was still NEW, so two sweeps at once never fill an order twice. A reduce-only order fills
 * at most the position on its other side, and expires when there is none (as Binance's do); a
 * triggered protective order closes the whole position. Orders fill in the order the path reached
 * them, each seeing the fills before it (a take-profit and a stop touched in one sweep never both close).
 */
export async function sweepSimOrders(db: Db, email: string, now: number): Promise<void> {
  const open = await openSimOrders(db, email);
  if (open.length === 0) return;
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  let fills: Awaited<ReturnType<typeof simFillsOf>> | undefined;
  const reached = open
    .filter((row) => row.type !== 'LIMIT' || row.limitPrice !== null)
    .map((row) => ({ row, at: touchedAt(row, row.sweptAt ?? row.ts, now) }))
    .sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity));
  for (const { row, at } of reached) {
    const protective = row.type === 'STOP_MARKET' || row.type === 'TAKE_PROFIT_MARKET';
    if (at === null) {
      statements.push(
        d1
          .prepare(`UPDATE sim_orders SET swept_at = ?3 WHERE account_email = ?1 AND client_order_id = ?2 AND status = 'NEW'`)
          .bind(email, row.clientOrderId, now),
      );
      continue;
    }
    const sign = row.side === 'BUY' ? 1 : -1;
    let quantity = row.quantity - row.filledQuantity;
    if (row.reduceOnly) {
      fills ??= await simFillsOf(db, email);
      const p = withSimFills(snapshotAt(email, at), fills).positions.find((x) => x.symbol === row.symbol);
      const reduces = p && (p.side === 'LONG') === (row.side === 'SELL');
      // A protective order closes the whole position as it is when it triggers (closePosition).
      quantity = !reduces ? 0 : protective ? p.size : Math.min(quantity, p.size);
    }
    // A limit fills at its price (maker); a triggered order takes at the mark, with slippage.
    const mark = orderPriceAt(row.symbol, at);
    const price = protective ? Number((mark * (1 + sign * SIM_TRIGGER_SLIPPAGE)).toPrecision(8)) : row.limitPrice!;
    if (fills) {
      // Later orders of this sweep see this fill.
      const f = fills.find((x) => x.symbol === row.symbol);
      if (f) f.quantity += sign * quantity;
      else fills.push({ symbol: row.symbol, quantity: sign * quantity, entryPrice: price });
    }
    if (quantity <= 0) {
      statements.push(
        d1
          .prepare(
            `UPDATE sim_orders SET status = 'EXPIRED' WHERE account_email = ?1 AND client_order_id = ?2 AND status = 'NEW'`,
          )
          .bind(email, row.clientOrderId),
      );
      continue;
    }
    // The order's row first (with the position as it stood, for its realized PnL), then the
    // position, only if the order was still NEW: two sweeps at once never fill it twice.
    statements.push(
      d1
        .prepare(
          `UPDATE sim_orders SET status = 'FILLED', filled_quantity = filled_quantity + ?3, price = ?4, ts = ?5, swept_at = ?5,
             maker = ?7, ${FILL_RECORD_SET}
           WHERE account_email = ?1 AND client_order_id = ?2 AND status = 'NEW'`,
        )
        .bind(email, row.clientOrderId, quantity, price, at, row.symbol, protective ? 0 : 1),
      d1
        .prepare(
          `INSERT INTO sim_positions (account_email, symbol, quantity, entry_price, updated_at)
           SELECT ?1, ?2, ?3, ?4, ?5 WHERE changes() > 0
           ${NET_FILL_SQL}`,
        )
        .bind(email, row.symbol, sign * quantity, price, at),
    );
  }
  if (statements.length > 0) await d1.batch(statements);
}
