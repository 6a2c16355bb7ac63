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
import { checkTriggers } from './protection';
import { holdClosers, type Protection, protectiveClientId, protectiveInsert, sendRecorded } from './protective-orders';
import { releaseGates } from './gate/gate-client';
import { traderGateQueries, traderGateReadsFrom } from './gate/gate-reads';

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
  const readAt = Date.now();
  const [[old], [movedTp], [movedSl], accountRows, keyRows, ...gateRows] = await batchReads(ctx.db, [
    orderByClientIdQuery(ctx.db, session.sub, input.orderClientOrderId),
    orderByClientIdQuery(ctx.db, session.sub, ids[0]!),
    orderByClientIdQuery(ctx.db, session.sub, ids[1]!),
    assignedAccountQuery(ctx.db, session.sub, orderEmail),
    sealedKeyByEmailQuery(ctx.db, orderEmail),
    ...traderGateQueries(ctx.db, orderEmail),
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
  const mark = await venue.markPrice(old.symbol);
  await checkTriggers(venue, old.symbol, old.side, { [kind]: input.triggerPrice } as Protection, mark);
  const args = {
    symbol: old.symbol,
    closeSide: old.side,
    quantity: old.quantity,
    mark,
    base: input.clientOrderId,
    parentOrderId: old.parentOrderId,
    receivedAt: ctx.receivedAt,
    [kind]: input.triggerPrice,
  };
  // The new order is a closer in the gates before the old one goes: the position is never counted
  // as unprotected-and-unclosable in between (and a move is never refused for a limit: the old one
  // already made the position closable).
  const id = crypto.randomUUID();
  const gates = await holdClosers(
    ctx,
    session.sub,
    account,
    args,
    [id],
    [kind],
    traderGateReadsFrom(gateRows, session.sub, readAt),
  );
  // The old order's cancel and the new order's pending row are written in one batch (one round
  // less, and all or nothing): the open-orders view never shows both, and a retry after a failed
  // write cancels again (the exchange answers "canceled") and finds no new order yet.
  const cancel = await cancelAtVenue(ctx, account, venue, old);
  // Filled first, or still resting (the exchange refused the cancel): nothing is placed beside it.
  if (cancel.status === 'filled' || cancel.status === 'open') {
    await releaseGates(ctx.gates, gates, id, false);
    const order = toDto(await cancel.finish(cancel.write ? await cancel.write : undefined));
    if (cancel.status === 'filled') throw domainError('CONFLICT', 'It triggered before it could be moved', { order });
    throw domainError('CONFLICT', 'The exchange did not cancel it: try again', { order });
  }
  const { clientOrderId, insert } = await protectiveInsert(ctx, session.sub, account, args, kind, { id, gates });
  const [canceled, [row]] = cancel.write ? await ctx.db.batch([cancel.write, insert]) : [undefined, await insert];
  if (!row) await releaseGates(ctx.gates, gates, id, false);
  await cancel.finish(canceled);
  return toDto(await sendRecorded(depsFor(ctx, account, venue), session.sub, clientOrderId, row));
}
