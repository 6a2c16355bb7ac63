import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import { batchReads } from '../../db/batch-reads';
import { exchangeAccounts } from '../../db/schema/accounts';
import { orders, type OrderRow } from '../../db/schema/orders';
import { OrderRejected, type OrderVenue } from '../../exchanges/order-venue';
import { domainError } from '../../lib/domain-error';
import { logError } from '../../lib/log';
import type { Session } from '../auth/access';
import { settleGates } from './gate/gate-client';
import {
  listedFrom,
  listOrdersQuery,
  listOrdersWhere,
  orderByClientIdQuery,
  orderEmailQuery,
  orderUpdate,
  toDto,
  updateOrder,
  type OrderStep,
} from './order-store';
import { answerStep, bookOf, isProtective, recordAnswer } from './order-send';
import type { ExchangeAccountRow } from './order-types';
import { attachProtection } from './protection';
import { isCloserRefusal } from './protective-orders';
import { assignedAccountQuery, assignedFrom, depsFor, orderReaderTrader, type OrderContext, venueFromReads } from './orders';
import { sealedKeyByEmailQuery } from './trading-keys';

/**
 * Resting orders: read, brought up to date and canceled. The exchange is the truth about a
 * resting order (it fills on the exchange's own book, or the simulated venue's price path); each
 * read asks it for every order still open and records what changed — a fill moves the order's
 * reservation in the pre-trade gates to the position, a cancel or expiry releases it.
 */

const venueOf = (ctx: OrderContext, account: ExchangeAccountRow) => Promise.resolve(ctx.venueFor(account));

/**
 * Asks the exchange for each open order of these and records its answer; failures leave the order
 * as it was. Says whether any order changed. Run by a trader's read and by the minute cron
 * (open-orders-sync.ts).
 */
export async function syncRows(ctx: OrderContext, rows: OrderRow[]): Promise<boolean> {
  if (rows.length === 0) return false;
  let changed = false;
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const accounts = await ctx.db.select().from(exchangeAccounts).where(inArray(exchangeAccounts.id, accountIds));
  await Promise.all(
    accounts.map(async (account) => {
      const venue = await venueOf(ctx, account);
      for (const row of rows.filter((r) => r.accountId === account.id)) {
        try {
          const answer = await venue.queryOrder(row.symbol, row.venueClientId ?? row.clientOrderId, bookOf(row));
          if (!answer) continue;
          const next = await recordAnswer(depsFor(ctx, account, venue), row, answer);
          if (next !== row) changed = true;
          if (await followFill(ctx, account, venue, next)) changed = true;
        } catch (err) {
          logError('open orders: the exchange could not be asked', err);
        }
      }
    }),
  );
  return changed;
}

/**
 * What an order's fill sets off, once it is recorded (by the open-orders sync, or the sweep of an
 * order whose answer was never written): a filled take-profit or stop-loss cancels its siblings; a
 * filled entry placed with a take-profit / stop-loss gets them (once: their client ids derive from
 * the entry's). Says whether protective orders were placed.
 */
export async function followFill(ctx: OrderContext, account: ExchangeAccountRow, venue: OrderVenue, next: OrderRow) {
  if (next.status !== 'filled') return false;
  if (isProtective(next)) {
    await cancelSiblings(ctx, account, venue, next);
    return false;
  }
  if ((next.takeProfit ?? next.stopLoss) === null) return false;
  try {
    await attachProtection(ctx, account, venue, next);
  } catch (err) {
    // Refused by the gates: recorded (and streamed) as refused, nothing more to do here.
    if (!isCloserRefusal(err)) throw err;
    return false;
  }
  return true;
}

/**
 * Once a take-profit or stop-loss closed the position, the other protective orders of that
 * position go: left waiting, they would close a position opened later.
 */
async function cancelSiblings(ctx: OrderContext, account: ExchangeAccountRow, venue: OrderVenue, done: OrderRow) {
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.accountId, account.id),
        eq(orders.symbol, done.symbol),
        eq(orders.status, 'open'),
        inArray(orders.type, ['STOP_MARKET', 'TAKE_PROFIT_MARKET']),
      ),
    );
  await Promise.all(
    rows.map((row) =>
      cancelOpen(ctx, account, venue, row).catch((err: unknown) => logError('protection: sibling cancel failed', err)),
    ),
  );
}

const openWhere = (traderId: string, accountEmail?: string, symbol?: string) => {
  const filters: SQL[] = [eq(orders.userId, traderId), eq(orders.status, 'open')];
  if (accountEmail) filters.push(eq(orders.accountEmail, accountEmail));
  if (symbol) filters.push(eq(orders.symbol, symbol));
  return and(...filters);
};

/** Resting orders, up to date: your own; any trader's for the risk team and admins. */
export async function listOpenOrdersFor(
  ctx: OrderContext,
  session: Session,
  input: { accountEmail?: string; traderId?: string },
): Promise<OrderDto[]> {
  const traderId = orderReaderTrader(session, input.traderId);
  const where = openWhere(traderId, input.accountEmail);
  // One D1 call when the exchange changed nothing: the list is read beside the rows to ask about.
  const [rows, listed] = await batchReads(ctx.db, [
    ctx.db.select().from(orders).where(where),
    listOrdersQuery(ctx.db, where, 500),
  ]);
  return (await syncRows(ctx, rows)) ? listOrdersWhere(ctx.db, where, 500) : listedFrom(listed);
}

/** Cancels one resting order at the exchange and records how it ended (it may have filled first). */
export async function cancelOpen(
  ctx: OrderContext,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  row: OrderRow,
): Promise<OrderRow> {
  const step = await cancelAtVenue(ctx, account, venue, row);
  return step.finish(step.write ? await step.write : undefined);
}

/**
 * cancelOpen's cancel at the exchange, its outcome not yet written: the row's write (for a
 * caller's db.batch) and what follows once it is written.
 */
export async function cancelAtVenue(
  ctx: OrderContext,
  account: ExchangeAccountRow,
  venue: OrderVenue,
  row: OrderRow,
): Promise<OrderStep> {
  const id = row.venueClientId ?? row.clientOrderId;
  let answer;
  try {
    answer = await venue.cancelOrder(row.symbol, id, bookOf(row));
  } catch (err) {
    // Not open any more (filled or expired meanwhile): what the exchange says now is the answer.
    if (!(err instanceof OrderRejected)) throw err;
    answer = await venue.queryOrder(row.symbol, id, bookOf(row));
  }
  if (answer) return answerStep(depsFor(ctx, account, venue), row, answer, 'canceled by the trader');
  // The exchange never had it: nothing rests, nothing filled.
  const { write, next } = orderUpdate(ctx.db, row, 'canceled', Date.now(), {}, 'not at the exchange');
  return {
    status: 'canceled',
    write,
    finish: async () => {
      ctx.publish?.(next);
      await settleGates(ctx.gates, row.gates, row.id, { filled: 0, includedFrom: Date.now() });
      return next;
    },
  };
}

/**
 * Cancels an order: a resting one at the exchange; one whose outcome is unknown is asked for first
 * — if the exchange never got it, it is marked canceled, never sent again, and its reservation
 * leaves the gates.
 */
export async function cancelOrderFor(ctx: OrderContext, session: Session, clientOrderId: string) {
  const { db, publish } = ctx;
  // One D1 call: the order, its account and the account's sealed key (through the order's email) are read together.
  const orderEmail = sql`(${orderEmailQuery(db, session.sub, clientOrderId)})`;
  const [[row], accountRows, keyRows] = await batchReads(db, [
    orderByClientIdQuery(db, session.sub, clientOrderId),
    assignedAccountQuery(db, session.sub, orderEmail),
    sealedKeyByEmailQuery(db, orderEmail),
  ]);
  if (!row) throw domainError('NOT_FOUND', 'No such order');
  if (row.status !== 'unknown' && row.status !== 'open')
    throw domainError('CONFLICT', `A ${row.status} order cannot be canceled`, { order: toDto(row) });
  const account = assignedFrom(accountRows);
  const { venue } = await venueFromReads(ctx.venueFor, account, keyRows);
  if (row.status === 'open') {
    const done = await cancelOpen(ctx, account, venue, row);
    if (done.status === 'filled')
      throw domainError('CONFLICT', 'The order filled before it could be canceled', { order: toDto(done) });
    return toDto(done);
  }
  const found = await venue.queryOrder(row.symbol, row.venueClientId ?? row.clientOrderId, bookOf(row));
  if (found) throw domainError('CONFLICT', 'The exchange has this order: it cannot be canceled any more', { order: toDto(row) });
  const canceled = await updateOrder({ db, publish }, row, 'canceled', Date.now(), {}, 'canceled before reaching the exchange');
  await settleGates(ctx.gates, row.gates, row.id, { filled: 0, includedFrom: Date.now() });
  return toDto(canceled);
}

/**
 * Cancels every resting order of the caller on one account (optionally one symbol), one by one:
 * a shared sub-account's other traders keep theirs, which Binance's allOpenOrders would not.
 */
export async function cancelAllOrdersFor(
  ctx: OrderContext,
  session: Session,
  input: { accountEmail: string; symbol?: string },
): Promise<OrderDto[]> {
  // One D1 call: the account, its sealed key and the caller's open orders on it are read together.
  const email = input.accountEmail.toLowerCase();
  const [accountRows, keyRows, open] = await batchReads(ctx.db, [
    assignedAccountQuery(ctx.db, session.sub, email),
    sealedKeyByEmailQuery(ctx.db, email),
    ctx.db
      .select()
      .from(orders)
      .where(openWhere(session.sub, email, input.symbol)),
  ]);
  const account = assignedFrom(accountRows);
  const { venue } = await venueFromReads(ctx.venueFor, account, keyRows);
  const rows = open.filter((row) => row.accountId === account.id);
  const done = await Promise.all(rows.map((row) => cancelOpen(ctx, account, venue, row)));
  return done.map((row) => toDto(row));
}
