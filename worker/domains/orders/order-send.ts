import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders, type OrderRow } from '../../db/schema/orders';
import { OrderRejected, type OrderVenue, type VenueOrder } from '../../exchanges/order-venue';
import { logError } from '../../lib/log';
import { passGates, progressGates, releaseGates, settleGates } from './gate/gate-client';
import { CLOCK_SKEW_MS } from './gate/gate-core';
import { orderUpdate, updateOrder, type OrderStep } from './order-store';
import { gateAsk, sizeOrder } from './order-sizing';
import { STALE_PENDING_MS, type OrderDeps, type OrderInput, type OrderReads } from './order-types';
import { checkRecord, refusalMessage } from './risk-check';

/**
 * An order whose outcome is unknown (or whose sender vanished) is claimed by one request, which
 * asks the exchange by client id; only when the exchange has no such order is it sent again —
 * through the gates once more, since its reservation may have lapsed meanwhile.
 */
export async function settle(deps: OrderDeps, row: OrderRow, reads?: OrderReads): Promise<OrderRow> {
  const [claimed] = await claimQuery(deps.db, row, (deps.now ?? Date.now)());
  if (!claimed) return row;
  const found = await askFinal(deps, claimed, claimed.sentAt);
  if (found === undefined)
    return updateOrder(deps, claimed, 'unknown', (deps.now ?? Date.now)(), {}, 'the exchange could not be asked');
  if (found) return recordAnswer(deps, claimed, found, 'found by client id');
  if (reads) {
    const again = await regate(deps, claimed, reads);
    if (again) return updateOrder(deps, claimed, 'canceled', (deps.now ?? Date.now)(), {}, `not sent again: ${again}`);
  }
  return send(deps, claimed);
}

/**
 * Claims an order to settle, unawaited (a sweep batches its claims): only while it is as read (the
 * same updatedAt) and unknown, or pending with no step for STALE_PENDING_MS. Claimed as pending
 * again (fresh updatedAt): a concurrent retry or sweep sees an order in flight, not one to settle.
 */
export const claimQuery = (db: Db, row: OrderRow, now: number) =>
  db
    .update(orders)
    .set({ status: 'pending', updatedAt: now })
    .where(and(eq(orders.id, row.id), eq(orders.updatedAt, row.updatedAt), claimableAt(now)))
    .returning();

/** Orders whose outcome is to be settled at `now`: unknown, or pending whose sender is gone. */
export const claimableAt = (now: number) =>
  or(eq(orders.status, 'unknown'), and(eq(orders.status, 'pending'), lt(orders.updatedAt, now - STALE_PENDING_MS)));

/** The gates' word on sending a lost order again (null: go); a close keeps to what it can still close. */
async function regate(deps: OrderDeps, row: OrderRow, reads: OrderReads): Promise<string | null> {
  if (reads.halt && !row.reduceOnly) return 'trading is off';
  const input = {
    ...row,
    quantity: row.quantity,
    notional: undefined,
    price: row.price ?? undefined,
    timeInForce: row.timeInForce ?? undefined,
    type: row.type === 'LIMIT' ? 'LIMIT' : 'MARKET',
  } as OrderInput;
  const sized = await sizeOrder(deps.venue, input);
  const outcome = await passGates(
    deps.gates,
    reads.gate,
    gateAsk(row.id, row.accountId, input, { ...sized, quantity: row.quantity }, reads.gate),
  );
  if (!outcome.ok)
    return outcome.refusal.kind === 'limit' ? refusalMessage(checkRecord(outcome, row.reduceOnly)) : outcome.refusal.message;
  if (outcome.decision.quantity < row.quantity) {
    await releaseGates(
      deps.gates,
      reads.gate.traders.map((t) => t.traderId),
      row.id,
    );
    return 'the position is smaller than this close now';
  }
  return null;
}

/** The row with one more step in its history, in memory: written with the next update. */
const withStep = (row: OrderRow, status: OrderRow['status'], at: number, note: string): OrderRow => ({
  ...row,
  statusHistory: [...row.statusHistory, { status, at, note }],
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The client id the exchange knows the order by (rows from before it was derived used the browser's). */
const venueIdOf = (row: OrderRow) => row.venueClientId ?? row.clientOrderId;

/**
 * The exchange's word on the order, where "no such order" (null) is final: asked again once the
 * request sent at `sentAt` can no longer arrive (the venue's lateArrivalMs). Resending on an
 * earlier "no" could make a slow request and its resend two orders.
 */
export async function askFinal(deps: OrderDeps, row: OrderRow, sentAt: number | null): Promise<VenueOrder | null | undefined> {
  const found = await queryQuietly(deps.venue, row);
  if (found !== null || sentAt === null) return found;
  const wait = sentAt + (deps.venue.lateArrivalMs ?? 0) - (deps.now ?? Date.now)();
  if (wait <= 0) return null;
  await (deps.sleep ?? sleep)(wait);
  return queryQuietly(deps.venue, row);
}

async function queryQuietly(venue: OrderVenue, row: OrderRow): Promise<VenueOrder | null | undefined> {
  try {
    return await venue.queryOrder(row.symbol, venueIdOf(row), bookOf(row));
  } catch {
    return undefined;
  }
}

export async function send(deps: OrderDeps, row: OrderRow, attempt = 1): Promise<OrderRow> {
  const now = deps.now ?? Date.now;
  const sentAt = now();
  let answer: VenueOrder;
  try {
    const req = {
      symbol: row.symbol,
      side: row.side,
      quantity: row.quantity,
      reduceOnly: row.reduceOnly,
      clientOrderId: venueIdOf(row),
    };
    answer =
      row.type === 'LIMIT'
        ? await deps.venue.placeLimitOrder({ ...req, price: row.price!, timeInForce: row.timeInForce ?? 'GTC' })
        : isProtective(row)
          ? await deps.venue.placeConditionalOrder({ ...req, type: row.type, triggerPrice: row.triggerPrice! })
          : await deps.venue.placeMarketOrder(req);
  } catch (err) {
    if (err instanceof OrderRejected) {
      const rejected = await updateOrder(deps, row, 'rejected', now(), { sentAt, ackAt: now(), error: err.message }, err.message);
      await settleGates(deps.gates, row.gates, row.id, { filled: 0, includedFrom: now() });
      return rejected;
    }
    const note = err instanceof Error ? err.message : 'Exchange unavailable';
    // Settle before any retry: the order may exist although the answer was lost. The row stays
    // pending (ours) meanwhile; only an outcome still unknown afterwards is left for a retry to
    // claim — and its reservation stays in the gates until then.
    const unknown = withStep({ ...row, sentAt, error: note }, 'unknown', now(), note);
    const found = attempt < 2 ? await askFinal(deps, unknown, sentAt) : await queryQuietly(deps.venue, unknown);
    if (found) return recordAnswer(deps, unknown, found, 'found by client id');
    if (found === null && attempt < 2) return send(deps, unknown, attempt + 1);
    return updateOrder(deps, row, 'unknown', now(), { sentAt, error: note }, note);
  }
  return recordAnswer(deps, { ...row, sentAt }, answer);
}

/** A take-profit or stop-loss: waits at the exchange for its trigger, closes the whole position. */
export const isProtective = (row: Pick<OrderRow, 'type'>): row is OrderRow & { type: 'STOP_MARKET' | 'TAKE_PROFIT_MARKET' } =>
  row.type === 'STOP_MARKET' || row.type === 'TAKE_PROFIT_MARKET';

/** Where the exchange keeps the order: its book, or (protective orders) its conditional-order service. */
export const bookOf = (row: Pick<OrderRow, 'type'>) => (isProtective(row) ? ('conditional' as const) : ('book' as const));

/** Our status for the exchange's word on an order: a limit still on the book (or a trigger waiting) is open. */
function statusOf(row: OrderRow, answer: VenueOrder): OrderRow['status'] {
  const resting = row.type !== 'MARKET';
  switch (answer.status) {
    case 'FILLED':
      return 'filled';
    case 'PARTIALLY_FILLED':
      return resting ? 'open' : 'filled';
    case 'NEW':
      return resting ? 'open' : 'pending';
    case 'REJECTED':
      return 'rejected';
    case 'EXPIRED':
      return resting ? 'expired' : answer.executedQty > 0 ? 'filled' : 'canceled';
    default:
      return answer.executedQty > 0 && !resting ? 'filled' : 'canceled';
  }
}

export async function recordAnswer(deps: OrderDeps, row: OrderRow, answer: VenueOrder, note?: string): Promise<OrderRow> {
  const step = answerStep(deps, row, answer, note);
  return step.finish(step.write ? await step.write : undefined);
}

/**
 * recordAnswer in two halves: the row's write, unawaited (a caller batches it with its own), and
 * what follows once it is written (publish, the gates).
 */
export function answerStep(deps: OrderDeps, row: OrderRow, answer: VenueOrder, note?: string): OrderStep {
  const at = (deps.now ?? Date.now)();
  const status = statusOf(row, answer);
  const executed = answer.executedQty;
  // A resting order's answer that changes nothing (the same status, no new fill) is not a step.
  if (row.type !== 'MARKET' && status === row.status && executed === (row.filledQuantity ?? 0))
    return { status, finish: () => Promise.resolve(row) };
  // Snapshots from this time on show the fill: the one written now, or any taken after the clocks agree.
  // The account is refreshed while the answer is written (one D1 round less; neither needs the other).
  const newlyFilled = executed > (row.filledQuantity ?? 0);
  const refreshed =
    status !== 'pending' && newlyFilled && deps.afterFill
      ? deps.afterFill(at).catch((err: unknown) => {
          logError('order: account refresh after a fill failed', err);
          return at + CLOCK_SKEW_MS;
        })
      : undefined;
  const { write, next } = orderUpdate(
    deps.db,
    row,
    status,
    at,
    {
      sentAt: row.sentAt,
      ackAt: row.ackAt ?? at,
      exchangeOrderId: answer.exchangeOrderId,
      fillPrice: answer.avgPrice,
      filledQuantity: executed,
      error: executed > 0 || status === 'open' ? null : row.error,
    },
    note,
    true,
  );
  const finish = async (written?: readonly unknown[]) => {
    // A newer answer was written first (a fill, a final status): this one changes nothing, the
    // stored order is the truth (and its own writer told the views and the gates).
    if (written && written.length === 0) return (await deps.db.select().from(orders).where(eq(orders.id, row.id)))[0] ?? row;
    deps.publish?.(next);
    if (status === 'pending') return next; // still working at the exchange: its reservation stays
    const includedFrom = refreshed ? await refreshed : at + CLOCK_SKEW_MS;
    const signed = (row.side === 'BUY' ? 1 : -1) * executed;
    // Resting: what filled moves from the order's reservation to the position; what rests stays. A
    // take-profit or stop-loss stays a closer of its position while it rests; its fill is a fill.
    if (row.type === 'LIMIT' || isProtective(row))
      await progressGates(deps.gates, row.gates, row.id, { executed: signed, open: status === 'open', includedFrom });
    else await settleGates(deps.gates, row.gates, row.id, { filled: status === 'filled' ? signed : 0, includedFrom });
    return next;
  };
  return { status, write, finish };
}
