import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { exchangeAccounts } from '../../db/schema/accounts';
import { orders, type OrderRow } from '../../db/schema/orders';
import type { OrderVenue } from '../../exchanges/order-venue';
import { logError } from '../../lib/log';
import { settleGates } from './gate/gate-client';
import { followFill } from './open-orders';
import { askFinal, claimableAt, claimQuery, isProtective, recordAnswer, send } from './order-send';
import { updateOrder } from './order-store';
import type { ExchangeAccountRow } from './order-types';
import { depsFor, type OrderContext } from './orders';

/** Orders one sweep claims at most: a minute's run stays short whatever piled up. */
export const SWEEP_LIMIT = 40;

export interface SweepCount {
  /** rows this run claimed (another sweep or a retry may have taken the rest) */
  claimed: number;
  /** the exchange had them: their answer recorded */
  found: number;
  /** the exchange never got them: canceled, their reservation released */
  canceled: number;
  /** take-profits and stop-losses the exchange never got: sent now */
  resent: number;
  /** the exchange could not be asked: left for the next run */
  left: number;
}

/**
 * The minute cron's sweep of orders whose outcome was never recorded: pending with no step for
 * STALE_PENDING_MS (the answer's write failed, or the Worker died between send and answer) or
 * unknown — protective orders included, which no retry ever settles. Each is claimed as settle
 * claims one (race-safe with a retry's settle and with another sweep) and the exchange is asked by
 * client id: found, its answer is recorded as recordAnswer does (published, the gates settled or
 * progressed); not there once a late request can no longer arrive, it is canceled and its
 * reservation released; the exchange unreachable, it is left as it was for the next run. An entry
 * is never sent again from here: only a trader's retry resends (settle, through the gates). A
 * take-profit or stop-loss the exchange never got is sent now instead of canceled: left canceled,
 * the position would be unprotected with no one told; its gates have held it as a closer since
 * before its row was written, so sending it needs no new judgement.
 */
export async function sweepStaleOrders(ctx: OrderContext, now = Date.now(), limit = SWEEP_LIMIT): Promise<SweepCount> {
  const count: SweepCount = { claimed: 0, found: 0, canceled: 0, resent: 0, left: 0 };
  // The literal IN matches the partial index orders_unsettled_idx (a bound list would not).
  const candidates = await ctx.db
    .select()
    .from(orders)
    .where(and(sql`${orders.status} IN ('pending', 'unknown')`, claimableAt(now)))
    .orderBy(asc(orders.updatedAt))
    .limit(limit);
  if (candidates.length === 0) return count;
  // One round: every claim (each holds only while its row is as read) and the rows' accounts.
  const [accounts, ...claims] = await ctx.db.batch([
    ctx.db
      .select()
      .from(exchangeAccounts)
      .where(inArray(exchangeAccounts.id, [...new Set(candidates.map((r) => r.accountId))])),
    ...candidates.map((row) => claimQuery(ctx.db, row, now)),
  ]);
  const claimed = claims.flatMap((rows, i) => (rows[0] ? [{ before: candidates[i]!, row: rows[0] }] : []));
  count.claimed = claimed.length;
  await Promise.all(
    accounts.map(async (account) => {
      const mine = claimed.filter((c) => c.row.accountId === account.id);
      if (mine.length === 0) return;
      let venue: OrderVenue;
      try {
        venue = await ctx.venueFor(account);
      } catch (err) {
        logError(`order sweep: no venue for ${account.email}`, err);
        await Promise.all(mine.map((c) => leave(ctx, c.before, c.row, count)));
        return;
      }
      await Promise.all(mine.map((c) => settleOne(ctx, account, venue, c.before, c.row, count)));
    }),
  );
  return count;
}

async function settleOne(
  ctx: OrderContext,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  before: OrderRow,
  row: OrderRow,
  count: SweepCount,
) {
  const deps = depsFor(ctx, account, venue);
  try {
    const found = await askFinal(deps, row, row.sentAt);
    if (found === undefined) return await leave(ctx, before, row, count);
    if (found) {
      const next = await recordAnswer(deps, row, found, 'found by client id');
      count.found++;
      await followFill(ctx, account, venue, next);
      return;
    }
    if (isProtective(row)) {
      // A take-profit or stop-loss the exchange never got is sent now: the trader asked for it, its
      // gates hold it as a closer already, and its client id keeps it once. What the exchange says is recorded.
      await send(deps, row);
      count.resent++;
      return;
    }
    await updateOrder(deps, row, 'canceled', Date.now(), {}, 'not found at the exchange');
    await settleGates(ctx.gates, row.gates, row.id, { filled: 0, includedFrom: Date.now() });
    count.canceled++;
  } catch (err) {
    logError('order sweep: an order could not be settled', err);
  }
}

/**
 * Puts a claimed order back as it was (unknown stays unknown), stamped now so the next run takes
 * the others first; only while the claim still holds.
 */
async function leave(ctx: OrderContext, before: OrderRow, row: OrderRow, count: SweepCount) {
  count.left++;
  if (before.status === row.status) return;
  await ctx.db
    .update(orders)
    .set({ status: before.status })
    .where(and(eq(orders.id, row.id), eq(orders.updatedAt, row.updatedAt), eq(orders.status, row.status)));
}
