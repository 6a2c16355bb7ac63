import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { simOrders } from '../../db/schema/orders';
import { MAKER_FEE_RATE, realizedPnlOf, TAKER_FEE_RATE, type VenueFill, type VenueIncome } from '../fill-history';
import { snapshotAt } from './accounts';
import { withSimFills, type SimFill } from './fills';
import { listedPriceAt } from './market';
import { hashString, hashUnit } from './prng';

/**
 * The simulated venue's trade history and funding, as Binance's userTrades and income report
 * them. Each fill's row holds the position just before it (written in the fill's own transaction),
 * so its realized PnL is priced on the account's average entry at that instant: the book the
 * account holds (accounts.ts) netted with the fills before it, as the dashboards show it.
 */

type FilledRow = typeof simOrders.$inferSelect;

/** The account's position in the symbol just before this fill: its own book at that instant with the earlier fills. */
function positionBefore(email: string, row: FilledRow): { quantity: number; entryPrice: number } {
  const earlier: SimFill[] =
    row.preQuantity === null
      ? []
      : [{ symbol: row.symbol, quantity: row.preQuantity, entryPrice: row.preEntryPrice ?? row.price }];
  const p = withSimFills(snapshotAt(email, row.ts), earlier).positions.find((x) => x.symbol === row.symbol);
  return p ? { quantity: p.side === 'LONG' ? p.size : -p.size, entryPrice: p.entryPrice } : { quantity: 0, entryPrice: 0 };
}

export function simFillOf(email: string, row: FilledRow): VenueFill {
  const fee = row.price * row.filledQuantity * (row.maker ? MAKER_FEE_RATE : TAKER_FEE_RATE);
  return {
    tradeId: `sim-${row.fillSeq}`,
    exchangeOrderId: row.exchangeOrderId,
    symbol: row.symbol,
    side: row.side,
    price: row.price,
    quantity: row.filledQuantity,
    fee,
    feeAsset: 'USDT',
    feeUsd: fee,
    realizedPnl: realizedPnlOf(positionBefore(email, row), { side: row.side, quantity: row.filledQuantity, price: row.price }),
    maker: row.maker,
    ts: row.ts,
  };
}

export const FUNDING_INTERVAL_MS = 8 * 3_600_000;

/**
 * The simulated funding rate of a symbol at one settlement: near Binance's usual +0.01 % per 8 h,
 * now and then negative or up to about +0.035 %. Simulated, deterministic, never a real rate.
 */
export function simFundingRate(symbol: string, settlement: number): number {
  const k = Math.floor(settlement / FUNDING_INTERVAL_MS);
  return Number((0.0001 + 0.00025 * hashUnit(hashString(`funding:${symbol}`), k)).toFixed(6));
}

/** The net fill position after one more fill (sim_positions' own netting). */
function net(p: SimFill | undefined, row: FilledRow): SimFill {
  const q = (row.side === 'BUY' ? 1 : -1) * row.filledQuantity;
  if (!p || p.quantity === 0 || Math.sign(p.quantity) !== Math.sign(p.quantity + q))
    return { symbol: row.symbol, quantity: (p?.quantity ?? 0) + q, entryPrice: row.price };
  const after = p.quantity + q;
  const entryPrice = Math.abs(after) > Math.abs(p.quantity) ? (p.quantity * p.entryPrice + q * row.price) / after : p.entryPrice;
  return { symbol: row.symbol, quantity: after, entryPrice };
}

/**
 * Funding settled at every 8-hour mark (00, 08, 16 UTC) in (from, to] on the positions the
 * account held then (its book and its fills up to that instant): a long pays a positive rate.
 * `fills` are the account's filled rows, oldest first.
 */
export function simFundingBetween(email: string, fills: FilledRow[], from: number, to: number): VenueIncome[] {
  const out: VenueIncome[] = [];
  const byFillTime = [...fills].sort((a, b) => a.ts - b.ts || (a.fillSeq ?? 0) - (b.fillSeq ?? 0));
  const held = new Map<string, SimFill>();
  let next = 0;
  for (let t = (Math.floor(from / FUNDING_INTERVAL_MS) + 1) * FUNDING_INTERVAL_MS; t <= to; t += FUNDING_INTERVAL_MS) {
    for (; next < byFillTime.length && byFillTime[next]!.ts <= t; next++) {
      const row = byFillTime[next]!;
      held.set(row.symbol, net(held.get(row.symbol), row));
    }
    for (const p of withSimFills(snapshotAt(email, t), [...held.values()]).positions) {
      const mark = listedPriceAt(p.symbol, t);
      if (mark === undefined) continue;
      const amount = -(p.side === 'LONG' ? p.size : -p.size) * mark * simFundingRate(p.symbol, t);
      out.push({ id: `FUNDING_FEE:${p.symbol}:${t}`, kind: 'FUNDING_FEE', symbol: p.symbol, amountUsd: amount, ts: t });
    }
  }
  return out;
}

/** Every filled row of the account in fill order (funding needs the positions through time), unawaited. */
export function simFilledRowsQuery(db: Db, email: string) {
  return db
    .select()
    .from(simOrders)
    .where(and(eq(simOrders.accountEmail, email), isNotNull(simOrders.fillSeq)))
    .orderBy(asc(simOrders.fillSeq));
}
