import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { orders, type OrderRow } from '../../db/schema/orders';
import { logError } from '../../lib/log';
import { syncRows } from './open-orders';
import type { OrderContext } from './orders';

/** Open orders one run asks the exchange about at most: a minute's run stays short however many rest. */
export const OPEN_SYNC_LIMIT = 40;

export interface OpenSyncCount {
  /** rows this run claimed (another run may have taken the rest) */
  claimed: number;
  /** accounts whose sync failed as a whole (no venue): their orders left as they were */
  failedAccounts: number;
}

/**
 * The minute cron's sync of open orders, so that what the exchange did is recorded with no trader
 * reading them: a resting limit's or a stop's fill, an entry's take-profit / stop-loss attached once
 * it filled, a triggered protective order's sibling canceled (syncRows and followFill, the read
 * path's own functions).
 *
 * Rotation is by synced_at, not updated_at: a resting order whose answer changes nothing is not
 * written (answerStep), so its updated_at never moves and, ordered by it, the same oldest orders
 * would take every run's bound while the rest were never asked. Each run claims its rows by
 * stamping synced_at while it is as read: a second cron run at once gets none of them. A trader's
 * read may still sync the same order at the same time; that is safe by construction: protective
 * orders are inserted under client ids derived from the entry's (the second insert is a no-op and
 * sends nothing), a second cancel of a sibling finds it canceled, and the gates' progress is
 * cumulative (a repeated report changes nothing).
 */
export async function syncOpenOrders(ctx: OrderContext, now = Date.now(), limit = OPEN_SYNC_LIMIT): Promise<OpenSyncCount> {
  const count: OpenSyncCount = { claimed: 0, failedAccounts: 0 };
  // The literal matches the partial index orders_open_synced_idx (a bound value would not); NULL
  // (never asked by the cron) sorts first.
  const candidates = await ctx.db
    .select()
    .from(orders)
    .where(and(sql`${orders.status} = 'open'`, or(isNull(orders.syncedAt), lt(orders.syncedAt, now))))
    .orderBy(asc(orders.syncedAt))
    .limit(limit);
  const [first, ...rest] = candidates.map((row) => claimQuery(ctx, row, now));
  if (!first) return count;
  const claims = await ctx.db.batch([first, ...rest]);
  const claimed = claims.flatMap((rows) => rows);
  count.claimed = claimed.length;
  const accountIds = [...new Set(claimed.map((r) => r.accountId))];
  await Promise.all(
    accountIds.map((accountId) =>
      syncRows(
        ctx,
        claimed.filter((r) => r.accountId === accountId),
      ).catch((err: unknown) => {
        count.failedAccounts++;
        logError(`open-orders sync: account ${accountId} could not be synced`, err);
      }),
    ),
  );
  return count;
}

/** Claims an open order for this run: only while it is open and as last stamped. */
const claimQuery = (ctx: OrderContext, row: OrderRow, now: number) =>
  ctx.db
    .update(orders)
    .set({ syncedAt: now })
    .where(
      and(
        eq(orders.id, row.id),
        sql`${orders.status} = 'open'`,
        row.syncedAt === null ? isNull(orders.syncedAt) : eq(orders.syncedAt, row.syncedAt),
      ),
    )
    .returning();
