import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { releaseGates, type Gates } from './gate/gate-client';

/**
 * A take-profit or stop-loss is a closer in the gate of every trader of its account
 * (protective-orders.ts). One whose account gained a trader after it was placed — or placed before
 * closers existed (its row names no gate) — is handed to the gates that lack it: by the assignment
 * itself, before the trader can trade the account, and by the minute cron for anything left.
 */

const RESTING = ['pending', 'open', 'unknown'] as const;
const PROTECTIVE = ['STOP_MARKET', 'TAKE_PROFIT_MARKET'] as const;

/** One closer one trader's gate lacks. */
export interface MissingCloser {
  orderId: string;
  traderId: string;
  accountId: string;
  symbol: string;
  mark: number;
}

const notNamed = (traderId: string) => sql`NOT EXISTS (SELECT 1 FROM json_each(${orders.gates}) WHERE value = ${traderId})`;

/** The account's take-profits and stop-losses that still rest (or may: in flight, outcome unknown). */
export const restingClosersQuery = (db: Db, accountId: string) =>
  db
    .select({
      orderId: orders.id,
      accountId: orders.accountId,
      symbol: orders.symbol,
      mark: orders.markPrice,
      gates: orders.gates,
    })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), inArray(orders.status, RESTING), inArray(orders.type, PROTECTIVE)));

/**
 * Every resting closer with a trader of its account whose gate its row does not name (the cron's
 * read). Open and in-flight rows are read apart, each over its partial index, not the whole table.
 */
export const missingClosersQuery = (db: Db) =>
  db.all<MissingCloser>(sql`
    SELECT o.id AS orderId, a.user_id AS traderId, o.account_id AS accountId, o.symbol, o.mark_price AS mark
    FROM (SELECT id, account_id, symbol, mark_price, gates, type FROM orders WHERE status = 'open'
          UNION ALL
          SELECT id, account_id, symbol, mark_price, gates, type FROM orders WHERE status IN ('pending', 'unknown')) o
    JOIN account_assignments a ON a.account_id = o.account_id
    WHERE o.type IN ('STOP_MARKET', 'TAKE_PROFIT_MARKET')
      AND NOT EXISTS (SELECT 1 FROM json_each(o.gates) WHERE value = a.user_id)`);

/**
 * Holds each closer in its trader's gate and returns the writes naming that gate on the closer's
 * row (so its fill or end reaches it), for the caller's batch; `settle` with their results lets
 * go of a hold whose row stopped resting meanwhile. An end reported between the write and a reader
 * that read the row before it leaves the hold behind: on the safe side, it only refuses flips.
 */
export async function holdMissingClosers(db: Db, gates: Gates, missing: readonly MissingCloser[]) {
  await Promise.all(
    missing.map((m) =>
      gates.trader(m.traderId).holdCloser({ orderId: m.orderId, accountId: m.accountId, symbol: m.symbol, mark: m.mark }),
    ),
  );
  // Written while the row rests (naming the gate unless it does already): no row back means it ended.
  const writes: BatchItem<'sqlite'>[] = missing.map((m) =>
    db
      .update(orders)
      .set({
        gates: sql`CASE WHEN ${notNamed(m.traderId)} THEN json_insert(${orders.gates}, '$[#]', ${m.traderId}) ELSE ${orders.gates} END`,
      })
      .where(and(eq(orders.id, m.orderId), inArray(orders.status, RESTING)))
      .returning({ id: orders.id }),
  );
  // An ended row told the gates it named, perhaps before this hold: let go of it here (again is harmless).
  const settle = async (results: readonly unknown[]) => {
    const ended = missing.filter((_, i) => (results[i] as unknown[]).length === 0);
    await Promise.all(ended.map((m) => releaseGates(gates, [m.traderId], m.orderId, false)));
  };
  return { writes, settle };
}

/** The minute cron's pass: every closer a gate lacks is held there and named on its row. */
export async function reconcileClosers(db: Db, gates: Gates): Promise<number> {
  const missing = await missingClosersQuery(db);
  if (missing.length === 0) return 0;
  const { writes, settle } = await holdMissingClosers(db, gates, missing);
  const [first, ...rest] = writes;
  await settle(await db.batch([first!, ...rest]));
  return missing.length;
}
