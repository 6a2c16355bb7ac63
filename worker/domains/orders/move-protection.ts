import { sql } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import { domainError } from '../../lib/domain-error';
import type { Session } from '../auth/access';
import { cancelAtVenue } from './open-orders';
import { isProtective } from './order-send';
import { orderByClientIdQuery, orderEmailQuery, toDto } from './order-store';
import { assignedAccountQuery, assignedFrom, depsFor, type OrderContext, venueFromReads } from './orders';
import { sealedKeyByEmailQuery } from './trading-keys';
import { batchReads } from '../../db/batch-reads';
import { checkTriggers, type Protection, protectiveClientId, protectiveInsert, sendRecorded } from './protection';

/**
 * Moves a resting take-profit or stop-loss (a drag on the terminal's chart): the new trigger is
 * checked as a new one would be (tick, not already crossed), the old order is canceled, then the
 * new one is placed under a client id derived from the request's, so a retried move places it
 * once. Cancel first: for a moment the position is unprotected on that side, never doubly closed.
 * A retry after the cancel finds the new order and answers it. Binance's algo orders cannot be
 * amended (no modify endpoint for conditional orders): cancel and replace is how it is done there.
 */
export async function moveProtectionFor(
  ctx: OrderContext,
  session: Session,
  input: { orderClientOrderId: string; triggerPrice: number; clientOrderId: string },
): Promise<OrderDto> {
  // One D1 call: the order to move, the new one a retried move would find (either kind's id), and the
  // order's account and its sealed key (through the order's email).
  const ids = await Promise.all(['tp', 'sl'].map((label) => protectiveClientId(input.clientOrderId, label)));
  const orderEmail = sql`(${orderEmailQuery(ctx.db, session.sub, input.orderClientOrderId)})`;
  const [[old], [movedTp], [movedSl], accountRows, keyRows] = await batchReads(ctx.db, [
    orderByClientIdQuery(ctx.db, session.sub, input.orderClientOrderId),
    orderByClientIdQuery(ctx.db, session.sub, ids[0]!),
    orderByClientIdQuery(ctx.db, session.sub, ids[1]!),
    assignedAccountQuery(ctx.db, session.sub, orderEmail),
    sealedKeyByEmailQuery(ctx.db, orderEmail),
  ]);
  if (!old || !isProtective(old)) throw domainError('NOT_FOUND', 'No such take-profit or stop-loss');
  const kind = old.type === 'STOP_MARKET' ? 'stopLoss' : 'takeProfit';
  // A retried move: the new order is there already.
  const moved = kind === 'stopLoss' ? movedSl : movedTp;
  if (moved) return toDto(moved);
  if (old.status !== 'open')
    throw domainError('CONFLICT', `A ${old.status} ${kind === 'stopLoss' ? 'stop' : 'take-profit'} cannot be moved`, {
      order: toDto(old),
    });
  const account = assignedFrom(accountRows);
  const { venue } = await venueFromReads(ctx.venueFor, account, keyRows);
  await checkTriggers(
    venue,
    old.symbol,
    old.side,
    { [kind]: input.triggerPrice } as Protection,
    await venue.markPrice(old.symbol),
  );
  // The old order's cancel and the new order's pending row are written in one batch (one round
  // less, and all or nothing): the open-orders view never shows both, and a retry after a failed
  // write cancels again (the exchange answers "canceled") and finds no new order yet.
  const cancel = await cancelAtVenue(ctx, account, venue, old);
  // Filled first, or still resting (the exchange refused the cancel): nothing is placed beside it.
  if (cancel.status === 'filled' || cancel.status === 'open') {
    if (cancel.write) await cancel.write;
    const order = toDto(await cancel.finish());
    if (cancel.status === 'filled') throw domainError('CONFLICT', 'It triggered before it could be moved', { order });
    throw domainError('CONFLICT', 'The exchange did not cancel it: try again', { order });
  }
  const args = {
    symbol: old.symbol,
    closeSide: old.side,
    quantity: old.quantity,
    mark: await venue.markPrice(old.symbol),
    base: input.clientOrderId,
    parentOrderId: old.parentOrderId,
    receivedAt: ctx.receivedAt,
    [kind]: input.triggerPrice,
  };
  const { clientOrderId, insert } = await protectiveInsert(ctx, session.sub, account, args, kind);
  const [, [row]] = cancel.write ? await ctx.db.batch([cancel.write, insert]) : [undefined, await insert];
  await cancel.finish();
  return toDto(await sendRecorded(depsFor(ctx, account, venue), session.sub, clientOrderId, row));
}
