import { eq, sql } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import type { OrderSide } from '../../contract/enums';
import { batchReads } from '../../db/batch-reads';
import { accountLatest, exchangeAccounts } from '../../db/schema/accounts';
import { orders, type OrderRow } from '../../db/schema/orders';
import { onTick, wouldTrigger, type OrderVenue } from '../../exchanges/order-venue';
import type { Position } from '../../exchanges/types';
import { domainError } from '../../lib/domain-error';
import type { Session } from '../auth/access';
import { toDto } from './order-store';
import type { ExchangeAccountRow, PlaceOrderInput } from './order-types';
import { placeOrder } from './place-order';
import {
  assignedAccountQuery,
  assignedFrom,
  depsFor,
  earlyMark,
  placeOrderFor,
  readForOrder,
  type OrderContext,
  venueFromReads,
} from './orders';
import { sealedKeyByEmailQuery } from './trading-keys';
import { isCloserRefusal, KINDS, placeProtection, type Protection } from './protective-orders';
import type { GateReads } from './gate/gate-client';
import { traderGateQueries, traderGateReadsFrom } from './gate/gate-reads';

/**
 * Take-profit and stop-loss: reduce-only conditional orders that close the whole position when the
 * mark crosses their trigger, attached at entry or added to an open position (protective-orders.ts
 * places them: each passes its trader gates as a closer of the position first).
 */

/** Triggers the exchange would refuse, refused first with what to do: off the tick, or already crossed. */
export async function checkTriggers(
  venue: OrderVenue,
  symbol: string,
  closeSide: OrderSide,
  p: Protection,
  mark: number,
  reference: 'mark' | 'limit price' = 'mark',
  tickSize?: number | null,
) {
  const tick = tickSize === undefined ? (await venue.rules(symbol))?.tickSize : tickSize;
  for (const [key, type, label] of KINDS) {
    const triggerPrice = p[key];
    if (triggerPrice === undefined) continue;
    const name = label === 'tp' ? 'take-profit' : 'stop-loss';
    // A distance larger than the entry itself leaves no price to trigger at.
    if (!(triggerPrice > 0))
      throw domainError('BAD_REQUEST', `The ${name}'s distance puts its trigger at or below zero`, { reason: 'priceFilter' });
    if (tick && !onTick(triggerPrice, tick))
      throw domainError('BAD_REQUEST', `The ${name} price ${triggerPrice} is not on ${symbol}'s tick of ${tick}`, {
        reason: 'priceFilter',
      });
    if (wouldTrigger({ side: closeSide, type, triggerPrice }, mark))
      throw domainError(
        'BAD_REQUEST',
        `The ${name} at ${triggerPrice} would trigger immediately: the ${reference} is ${mark}. Put it ${
          (type === 'STOP_MARKET') === (closeSide === 'SELL') ? 'below' : 'above'
        } the ${reference}`,
        { reason: 'wouldTrigger' },
      );
  }
}

/** A distance from the entry, in % or in price, as a trigger on the tick: a take-profit beyond the entry, a stop short of it. */
export function triggerFromDistance(
  entry: number,
  distance: { percent: number } | { offset: number },
  closeSide: OrderSide,
  kind: 'tp' | 'sl',
  tick?: number | null,
) {
  const sign = (kind === 'tp') === (closeSide === 'SELL') ? 1 : -1;
  const raw = 'percent' in distance ? entry * (1 + (sign * distance.percent) / 100) : entry + sign * distance.offset;
  if (!tick) return Number(raw.toPrecision(8));
  const decimals = Math.max(0, Math.round(-Math.log10(tick)));
  return Number((Math.round(raw / tick) * tick).toFixed(decimals));
}

export type EntryProtection = Protection & {
  takeProfitPercent?: number;
  stopLossPercent?: number;
  takeProfitOffset?: number;
  stopLossOffset?: number;
};

/**
 * An order with a take-profit and/or stop-loss. The triggers (a price, or a distance in % or in price
 * from the entry: the limit price, or the mark for a market entry) are checked first, against the tick and
 * the entry, and recorded on the entry; nothing is sent when one is wrong. They are attached once
 * the entry filled: a market entry or a crossing limit at once, a resting limit when its fill is
 * seen (attachProtection, from the open-orders sync). The entry passes the pre-trade gate as any
 * order; each protective order passes it as a closer of the position (protective-orders.ts).
 */
export async function placeProtectedOrderFor(
  ctx: OrderContext,
  session: Session,
  input: PlaceOrderInput & EntryProtection,
): Promise<OrderDto> {
  const { takeProfitPercent, stopLossPercent, takeProfitOffset, stopLossOffset, ...entry } = input;
  const tpDistance =
    takeProfitPercent !== undefined
      ? { percent: takeProfitPercent }
      : takeProfitOffset !== undefined
        ? { offset: takeProfitOffset }
        : null;
  const slDistance =
    stopLossPercent !== undefined
      ? { percent: stopLossPercent }
      : stopLossOffset !== undefined
        ? { offset: stopLossOffset }
        : null;
  if ((entry.takeProfit ?? entry.stopLoss ?? tpDistance ?? slDistance) == null) return placeOrderFor(ctx, session, entry);
  // The entry's own reads (one D1 call, its mark started alongside) serve the triggers too.
  const receivedAt = ctx.receivedAt ?? Date.now();
  const { account, venue, reads } = await readForOrder(ctx, session.sub, entry, receivedAt);
  const closeSide: OrderSide = input.side === 'BUY' ? 'SELL' : 'BUY';
  const tick = (await venue.rules(input.symbol))?.tickSize ?? null;
  const reference =
    input.type === 'LIMIT' && input.price !== undefined
      ? input.price
      : await (reads.markPrice ?? (reads.markPrice = venue.markPrice(input.symbol)));
  if (tpDistance) entry.takeProfit = triggerFromDistance(reference, tpDistance, closeSide, 'tp', tick);
  if (slDistance) entry.stopLoss = triggerFromDistance(reference, slDistance, closeSide, 'sl', tick);
  const protection = { takeProfit: entry.takeProfit, stopLoss: entry.stopLoss };
  await checkTriggers(
    venue,
    input.symbol,
    closeSide,
    protection,
    reference,
    input.type === 'LIMIT' ? 'limit price' : 'mark',
    tick,
  );
  const placed = await placeOrder({ ...depsFor(ctx, account, venue), receivedAt }, session.sub, account, entry, reads);
  if (placed.status !== 'filled') return placed;
  // The entry's row and its trader gates' reads for the protective orders, in one D1 call.
  const readAt = Date.now();
  const [[row], ...gateRows] = await batchReads(ctx.db, [
    ctx.db.select().from(orders).where(eq(orders.id, placed.id)),
    ...traderGateQueries(ctx.db, account.email),
  ]);
  try {
    await attachProtection(ctx, account, venue, row!, traderGateReadsFrom(gateRows, session.sub, readAt));
  } catch (err) {
    // The entry filled; its protection refused by the gates is recorded (and streamed) as refused.
    if (!isCloserRefusal(err)) throw err;
  }
  return placed;
}

/**
 * Once an entry filled, its take-profit and stop-loss go to the exchange (once: their client ids
 * derive from the entry's). Binance USDⓈ-M has no take-profit/stop-loss attached to an order on
 * POST /fapi/v1/order (the app's "TP/SL" is the app placing conditional orders itself): here too,
 * the entry's fill is seen (its answer, or the open-orders sync for a resting limit) and then the
 * conditional orders go to the Algo Service. A trigger the market crossed meanwhile is refused
 * by the exchange and recorded as rejected on that protective order.
 */
export async function attachProtection(
  ctx: OrderContext,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  entry: OrderRow,
  traders?: GateReads['traders'],
) {
  if (entry.status !== 'filled' || !entry.filledQuantity || (entry.takeProfit ?? entry.stopLoss) === null) return [];
  return placeProtection(
    ctx,
    entry.userId,
    account,
    venue,
    {
      symbol: entry.symbol,
      closeSide: entry.side === 'BUY' ? 'SELL' : 'BUY',
      quantity: entry.filledQuantity,
      mark: entry.fillPrice ?? entry.markPrice,
      base: entry.clientOrderId,
      parentOrderId: entry.id,
      takeProfit: entry.takeProfit ?? undefined,
      stopLoss: entry.stopLoss ?? undefined,
    },
    traders,
  );
}

/** Adds a take-profit and/or stop-loss to an open position (as the latest snapshot shows it). */
export async function protectPositionFor(
  ctx: OrderContext,
  session: Session,
  input: { accountEmail: string; symbol: string; clientOrderId: string } & Protection,
): Promise<OrderDto[]> {
  if (input.takeProfit === undefined && input.stopLoss === undefined)
    throw domainError('BAD_REQUEST', 'Give a take-profit or a stop-loss price');
  // One D1 call: the account, its sealed key and its latest positions (through the account's email)
  // are read together; the mark price alongside when this isolate knows the account's exchange.
  const email = input.accountEmail.toLowerCase();
  const early = earlyMark(ctx.venueFor, email, input.symbol);
  const readAt = Date.now();
  const [accountRows, keyRows, [latest], ...gateRows] = await batchReads(ctx.db, [
    assignedAccountQuery(ctx.db, session.sub, email),
    sealedKeyByEmailQuery(ctx.db, email),
    ctx.db
      .select()
      .from(accountLatest)
      .where(
        eq(
          accountLatest.accountId,
          sql`(${ctx.db.select({ id: exchangeAccounts.id }).from(exchangeAccounts).where(eq(exchangeAccounts.email, email))})`,
        ),
      ),
    ...traderGateQueries(ctx.db, email),
  ]);
  const account = assignedFrom(accountRows);
  const positions = latest?.accountId === account.id ? (latest.positions as Position[]) : [];
  const position = positions.find((p) => p.symbol === input.symbol && p.size > 0);
  if (!position)
    throw domainError('BAD_REQUEST', `No open ${input.symbol} position on this account to protect`, { reason: 'noPosition' });
  const { venue, markPrice } = await venueFromReads(ctx.venueFor, account, keyRows, early);
  const closeSide: OrderSide = position.side === 'LONG' ? 'SELL' : 'BUY';
  const mark = await (markPrice ?? venue.markPrice(input.symbol));
  await checkTriggers(venue, input.symbol, closeSide, input, mark);
  const rows = await placeProtection(
    ctx,
    session.sub,
    account,
    venue,
    {
      symbol: input.symbol,
      closeSide,
      quantity: position.size,
      mark,
      base: input.clientOrderId,
      parentOrderId: null,
      receivedAt: ctx.receivedAt,
      takeProfit: input.takeProfit,
      stopLoss: input.stopLoss,
    },
    traderGateReadsFrom(gateRows, session.sub, readAt),
  );
  return rows.map((r) => toDto(r));
}
