import { and, desc, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import type { OrderStatus } from '../../contract/enums';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { users } from '../../db/schema/users';

/** Tells an order's live views that it has just changed (recorded, sent, settled). Never throws. */
export type PublishOrder = (row: OrderRow) => void;

export function toDto(row: OrderRow, traderName: string | null = null): OrderDto {
  return {
    id: row.id,
    userId: row.userId,
    traderName,
    accountEmail: row.accountEmail,
    clientOrderId: row.clientOrderId,
    symbol: row.symbol,
    side: row.side,
    reduceOnly: row.reduceOnly,
    type: row.type,
    timeInForce: row.timeInForce,
    price: row.price,
    triggerPrice: row.triggerPrice,
    parentOrderId: row.parentOrderId,
    takeProfit: row.takeProfit,
    stopLoss: row.stopLoss,
    quantity: row.quantity,
    markPrice: row.markPrice,
    fillPrice: row.fillPrice,
    filledQuantity: row.filledQuantity,
    status: row.status,
    statusHistory: row.statusHistory,
    riskCheck: row.riskCheck,
    error: row.error,
    exchangeOrderId: row.exchangeOrderId,
    keypressAt: row.keypressAt,
    receivedAt: row.receivedAt,
    sentAt: row.sentAt,
    ackAt: row.ackAt,
    headlineId: row.headlineId,
  };
}

export async function orderByClientId(db: Db, userId: string, clientOrderId: string) {
  const [row] = await orderByClientIdQuery(db, userId, clientOrderId);
  return row;
}

/** orderByClientId's read, unawaited (for the order's db.batch). */
export const orderByClientIdQuery = (db: Db, userId: string, clientOrderId: string) =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)));

/** The account email of the caller's order, as a subquery (its account read in the same round). */
export const orderEmailQuery = (db: Db, userId: string, clientOrderId: string) =>
  db
    .select({ email: orders.accountEmail })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.clientOrderId, clientOrderId)));

/** Moves an order on, appends the step to its history and tells the order's live views (publish). */
export async function updateOrder(
  { db, publish }: { db: Db; publish?: PublishOrder },
  row: OrderRow,
  status: OrderStatus,
  at: number,
  changes: Partial<OrderRow> = {},
  note?: string,
): Promise<OrderRow> {
  const { write, next } = orderUpdate(db, row, status, at, changes, note);
  await write;
  publish?.(next);
  return next;
}

/** Statuses an exchange's answer never moves an order out of. */
const FINAL_STATUSES: OrderStatus[] = ['filled', 'canceled', 'expired', 'rejected', 'refused'];

/**
 * updateOrder's write, unawaited (for a caller's db.batch), and the row it leaves; the caller
 * publishes once it is written. The write answers the ids it changed. `answered`: the write
 * records an exchange's answer, and lands only if the stored order is not ahead of it (a fill
 * never shrinks, a final status never changes): two readers asking the exchange at once — a
 * trader's read and the minute sync — may write in the other order, and the older answer must not
 * move a filled order back to open.
 */
export function orderUpdate(
  db: Db,
  row: OrderRow,
  status: OrderStatus,
  at: number,
  changes: Partial<OrderRow> = {},
  note?: string,
  answered = false,
) {
  const statusHistory = [...row.statusHistory, { status, at, ...(note ? { note } : {}) }];
  const set = { ...changes, status, statusHistory, updatedAt: at };
  const where = answered
    ? and(
        eq(orders.id, row.id),
        sql`coalesce(${orders.filledQuantity}, 0) <= ${changes.filledQuantity ?? 0}`,
        or(notInArray(orders.status, FINAL_STATUSES), eq(orders.status, status)),
      )
    : eq(orders.id, row.id);
  return {
    write: db.update(orders).set(set).where(where).returning({ id: orders.id }),
    next: { ...row, ...set } as OrderRow,
  };
}

/** An order's write split in two: the statement (none when nothing changes) and what follows once it is written. */
export interface OrderStep {
  status: OrderStatus;
  write?: ReturnType<typeof orderUpdate>['write'];
  /** `written`: what the write answered (no row: the stored order was ahead of this answer) */
  finish: (written?: readonly unknown[]) => Promise<OrderRow>;
}

export async function listOrdersWhere(db: Db, where: SQL | undefined, limit: number) {
  return listedFrom(await listOrdersQuery(db, where, limit));
}

/** listOrdersWhere's read, unawaited (for a batch); listedFrom makes its answer. */
export const listOrdersQuery = (db: Db, where: SQL | undefined, limit: number) =>
  db
    .select({ order: orders, name: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.receivedAt))
    .limit(limit);

export const listedFrom = (rows: { order: OrderRow; name: string | null }[]) => rows.map((r) => toDto(r.order, r.name));
