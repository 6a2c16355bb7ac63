import { sql } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import { domainError } from '../../lib/domain-error';
import type { Session } from '../auth/access';
import { cancelOpen } from './open-orders';
import { isProtective } from './order-send';
import { orderByClientIdQuery, orderEmailQuery, toDto } from './order-store';
import { assignedAccountQuery, assignedFrom, type OrderContext } from './orders';
import { checkTriggers, type Protection, placeProtection, protectiveClientId } from './protection';

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
  // One round: the order to move, the new one a retried move would find (either kind's id), and the
  // order's account (through the order's email).
  const ids = await Promise.all(['tp', 'sl'].map((label) => protectiveClientId(input.clientOrderId, label)));
  const [[[old], [movedTp], [movedSl]], accountRows] = await Promise.all([
    ctx.db.batch([
      orderByClientIdQuery(ctx.db, session.sub, input.orderClientOrderId),
      orderByClientIdQuery(ctx.db, session.sub, ids[0]!),
      orderByClientIdQuery(ctx.db, session.sub, ids[1]!),
    ]),
    assignedAccountQuery(ctx.db, session.sub, sql`(${orderEmailQuery(ctx.db, session.sub, input.orderClientOrderId)})`),
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
  const venue = await ctx.venueFor(account);
  await checkTriggers(
    venue,
    old.symbol,
    old.side,
    { [kind]: input.triggerPrice } as Protection,
    await venue.markPrice(old.symbol),
  );
  const canceled = await cancelOpen(ctx, account, venue, old);
  if (canceled.status === 'filled')
    throw domainError('CONFLICT', 'It triggered before it could be moved', { order: toDto(canceled) });
  const [row] = await placeProtection(ctx, session.sub, account, venue, {
    symbol: old.symbol,
    closeSide: old.side,
    quantity: old.quantity,
    mark: await venue.markPrice(old.symbol),
    base: input.clientOrderId,
    parentOrderId: old.parentOrderId,
    ...(kind === 'stopLoss' ? { stopLoss: input.triggerPrice } : { takeProfit: input.triggerPrice }),
  });
  return toDto(row!);
}
