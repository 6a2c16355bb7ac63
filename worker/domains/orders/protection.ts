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
import { orderByClientId, toDto } from './order-store';
import { send } from './order-send';
import type { ExchangeAccountRow, OrderDeps, PlaceOrderInput } from './order-types';
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
import { venueClientId } from './venue-client-id';

/**
 * Take-profit and stop-loss: reduce-only conditional orders that close the whole position when the
 * mark crosses their trigger, attached at entry or added to an open position. They hold no room in
 * the pre-trade gates (they only ever close), and are exactly-once like every order: each one's
 * client id derives from the request's, so a retried request finds them instead of sending twice.
 */
export interface Protection {
  /** trigger prices */
  takeProfit?: number;
  stopLoss?: number;
}

const KINDS = [
  ['takeProfit', 'TAKE_PROFIT_MARKET', 'tp'],
  ['stopLoss', 'STOP_MARKET', 'sl'],
] as const;

/** A protective order's client id: 'p' + 32 base64url characters of SHA-256 of the request's id and the kind. */
export const protectiveClientId = async (base: string, kind: string) => `p${(await venueClientId(base, kind)).slice(1)}`;

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

type ProtectionArgs = {
  symbol: string;
  closeSide: OrderSide;
  quantity: number;
  mark: number;
  base: string;
  parentOrderId: string | null;
  /** when the trader's request reached the Worker; none when the system places it (an entry's fill seen) */
  receivedAt?: number;
} & Protection;

/** Records and sends each protective order once; answers them as they stand. */
export async function placeProtection(
  ctx: OrderContext,
  traderId: string,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  args: ProtectionArgs,
): Promise<OrderRow[]> {
  const deps = depsFor(ctx, account, venue);
  const out: OrderRow[] = [];
  for (const [key] of KINDS) {
    if (args[key] === undefined) continue;
    const { clientOrderId, insert } = await protectiveInsert(ctx, traderId, account, args, key);
    const [row] = await insert;
    out.push(await sendRecorded(deps, traderId, clientOrderId, row));
  }
  return out;
}

/**
 * A protective order's pending row, unawaited (a move writes it in one batch with the old order's
 * cancel): inserted once, under the client id derived from the request's; a retry inserts nothing.
 */
export async function protectiveInsert(
  ctx: OrderContext,
  traderId: string,
  account: ExchangeAccountRow,
  args: ProtectionArgs,
  key: keyof Protection,
) {
  const [, type, label] = KINDS.find(([k]) => k === key)!;
  const clientOrderId = await protectiveClientId(args.base, label);
  const now = Date.now();
  // The order's clock starts where the trader's request arrived, as placeOrder's does, not at its row.
  const receivedAt = args.receivedAt ?? now;
  const insert = ctx.db
    .insert(orders)
    .values({
      id: crypto.randomUUID(),
      userId: traderId,
      accountId: account.id,
      accountEmail: account.email,
      exchange: account.exchange,
      clientOrderId,
      venueClientId: await venueClientId(traderId, clientOrderId),
      symbol: args.symbol,
      side: args.closeSide,
      type,
      triggerPrice: args[key],
      parentOrderId: args.parentOrderId,
      reduceOnly: true,
      quantity: args.quantity,
      markPrice: args.mark,
      status: 'pending',
      statusHistory: [{ status: 'pending', at: receivedAt }],
      riskCheck: { passed: true, skipped: 'reduceOnly' },
      receivedAt,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return { clientOrderId, insert };
}

/** Sends a protective order whose row was just inserted; one already there (a retry) is answered as it stands. */
export async function sendRecorded(deps: OrderDeps, traderId: string, clientOrderId: string, row: OrderRow | undefined) {
  if (!row) return (await orderByClientId(deps.db, traderId, clientOrderId))!;
  deps.publish?.(row);
  return send(deps, row);
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
 * order; the protective orders only close, so they hold no room in it.
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
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, placed.id));
  await attachProtection(ctx, account, venue, row!);
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
export async function attachProtection(ctx: OrderContext, account: ExchangeAccountRow, venue: OrderVenue, entry: OrderRow) {
  if (entry.status !== 'filled' || !entry.filledQuantity || (entry.takeProfit ?? entry.stopLoss) === null) return [];
  return placeProtection(ctx, entry.userId, account, venue, {
    symbol: entry.symbol,
    closeSide: entry.side === 'BUY' ? 'SELL' : 'BUY',
    quantity: entry.filledQuantity,
    mark: entry.fillPrice ?? entry.markPrice,
    base: entry.clientOrderId,
    parentOrderId: entry.id,
    takeProfit: entry.takeProfit ?? undefined,
    stopLoss: entry.stopLoss ?? undefined,
  });
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
  const [accountRows, keyRows, [latest]] = await batchReads(ctx.db, [
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
  const rows = await placeProtection(ctx, session.sub, account, venue, {
    symbol: input.symbol,
    closeSide,
    quantity: position.size,
    mark,
    base: input.clientOrderId,
    parentOrderId: null,
    receivedAt: ctx.receivedAt,
    takeProfit: input.takeProfit,
    stopLoss: input.stopLoss,
  });
  return rows.map((r) => toDto(r));
}
