import { eq } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import type { OrderSide } from '../../contract/enums';
import { accountLatest } from '../../db/schema/accounts';
import { orders, type OrderRow } from '../../db/schema/orders';
import { onTick, wouldTrigger, type OrderVenue } from '../../exchanges/order-venue';
import type { Position } from '../../exchanges/types';
import { domainError } from '../../lib/domain-error';
import type { Session } from '../auth/access';
import { orderByClientId, toDto } from './order-store';
import { send } from './order-send';
import type { ExchangeAccountRow, PlaceOrderInput } from './order-types';
import { assignedAccount, depsFor, placeOrderFor, type OrderContext } from './orders';
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
const protectiveClientId = async (base: string, kind: string) => `p${(await venueClientId(base, kind)).slice(1)}`;

/** Triggers the exchange would refuse, refused first with what to do: off the tick, or already crossed. */
export async function checkTriggers(venue: OrderVenue, symbol: string, closeSide: OrderSide, p: Protection, mark: number) {
  const tick = (await venue.rules(symbol))?.tickSize;
  for (const [key, type, label] of KINDS) {
    const triggerPrice = p[key];
    if (triggerPrice === undefined) continue;
    const name = label === 'tp' ? 'take-profit' : 'stop-loss';
    if (tick && !onTick(triggerPrice, tick))
      throw domainError('BAD_REQUEST', `The ${name} price ${triggerPrice} is not on ${symbol}'s tick of ${tick}`, {
        reason: 'priceFilter',
      });
    if (wouldTrigger({ side: closeSide, type, triggerPrice }, mark))
      throw domainError(
        'BAD_REQUEST',
        `The ${name} at ${triggerPrice} would trigger immediately: the mark is ${mark}. Put it ${
          (type === 'STOP_MARKET') === (closeSide === 'SELL') ? 'below' : 'above'
        } the mark`,
        { reason: 'wouldTrigger' },
      );
  }
}

/** Records and sends each protective order once; answers them as they stand. */
async function placeProtection(
  ctx: OrderContext,
  traderId: string,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  args: {
    symbol: string;
    closeSide: OrderSide;
    quantity: number;
    mark: number;
    base: string;
    parentOrderId: string | null;
  } & Protection,
): Promise<OrderRow[]> {
  const deps = depsFor(ctx, account, venue);
  const out: OrderRow[] = [];
  for (const [key, type, label] of KINDS) {
    const triggerPrice = args[key];
    if (triggerPrice === undefined) continue;
    const clientOrderId = await protectiveClientId(args.base, label);
    const now = Date.now();
    const [row] = await ctx.db
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
        triggerPrice,
        parentOrderId: args.parentOrderId,
        reduceOnly: true,
        quantity: args.quantity,
        markPrice: args.mark,
        status: 'pending',
        statusHistory: [{ status: 'pending', at: now }],
        riskCheck: { passed: true, skipped: 'reduceOnly' },
        receivedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      out.push((await orderByClientId(ctx.db, traderId, clientOrderId))!);
      continue;
    }
    ctx.publish?.(row);
    out.push(await send(deps, row));
  }
  return out;
}

/** An order with a take-profit and/or stop-loss: the triggers are checked first, placed once the entry filled. */
export async function placeProtectedOrderFor(
  ctx: OrderContext,
  session: Session,
  input: PlaceOrderInput & Protection,
): Promise<OrderDto> {
  const { takeProfit, stopLoss, ...entry } = input;
  if (takeProfit === undefined && stopLoss === undefined) return placeOrderFor(ctx, session, entry);
  const account = await assignedAccount(ctx.db, session.sub, input.accountEmail);
  const venue = await ctx.venueFor(account);
  const closeSide: OrderSide = input.side === 'BUY' ? 'SELL' : 'BUY';
  await checkTriggers(venue, input.symbol, closeSide, { takeProfit, stopLoss }, await venue.markPrice(input.symbol));
  const placed = await placeOrderFor(ctx, session, entry);
  if (placed.status === 'filled' && placed.filledQuantity)
    await placeProtection(ctx, session.sub, account, venue, {
      symbol: placed.symbol,
      closeSide,
      quantity: placed.filledQuantity,
      mark: placed.fillPrice ?? placed.markPrice,
      base: input.clientOrderId,
      parentOrderId: placed.id,
      takeProfit,
      stopLoss,
    });
  return placed;
}

/** Adds a take-profit and/or stop-loss to an open position (as the latest snapshot shows it). */
export async function protectPositionFor(
  ctx: OrderContext,
  session: Session,
  input: { accountEmail: string; symbol: string; clientOrderId: string } & Protection,
): Promise<OrderDto[]> {
  if (input.takeProfit === undefined && input.stopLoss === undefined)
    throw domainError('BAD_REQUEST', 'Give a take-profit or a stop-loss price');
  const account = await assignedAccount(ctx.db, session.sub, input.accountEmail);
  const [latest] = await ctx.db.select().from(accountLatest).where(eq(accountLatest.accountId, account.id));
  const position = ((latest?.positions ?? []) as Position[]).find((p) => p.symbol === input.symbol && p.size > 0);
  if (!position)
    throw domainError('BAD_REQUEST', `No open ${input.symbol} position on this account to protect`, { reason: 'noPosition' });
  const venue = await ctx.venueFor(account);
  const closeSide: OrderSide = position.side === 'LONG' ? 'SELL' : 'BUY';
  const mark = await venue.markPrice(input.symbol);
  await checkTriggers(venue, input.symbol, closeSide, input, mark);
  const rows = await placeProtection(ctx, session.sub, account, venue, {
    symbol: input.symbol,
    closeSide,
    quantity: position.size,
    mark,
    base: input.clientOrderId,
    parentOrderId: null,
    takeProfit: input.takeProfit,
    stopLoss: input.stopLoss,
  });
  return rows.map((r) => toDto(r));
}
