import { and, eq, lt, or } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import type { OrderSide } from '../../contract/enums';
import type { Db } from '../../db/client';
import type { exchangeAccounts } from '../../db/schema/accounts';
import { orders, type OrderRow } from '../../db/schema/orders';
import { OrderRejected, roundToStep, type OrderVenue, type SymbolRules, type VenueOrder } from '../../exchanges/order-venue';
import { SIM_ORDER_LEVERAGE } from '../../exchanges/simulated/fills';
import { domainError } from '../../lib/domain-error';
import { logError } from '../../lib/log';
import { passGates, releaseGates, settleGates, type GateReads, type Gates } from './gate/gate-client';
import { CLOCK_SKEW_MS, type OrderAsk } from './gate/gate-core';
import type { haltFrom } from './halts';
import { orderByClientId, toDto, updateOrder, type PublishOrder } from './order-store';
import { checkRecord, haltedRecord, refusalError, refusalMessage } from './risk-check';
import { venueClientId } from './venue-client-id';

export type ExchangeAccountRow = typeof exchangeAccounts.$inferSelect;

export interface OrderInput {
  accountEmail: string;
  symbol: string;
  side: OrderSide;
  notional?: number;
  quantity?: number;
  reduceOnly: boolean;
}

export interface PlaceOrderInput extends OrderInput {
  clientOrderId: string;
  keypressAt?: number;
}

export interface OrderDeps {
  db: Db;
  venue: OrderVenue;
  /** the pre-trade gates (durable-objects/risk-gate.ts) */
  gates: Gates;
  /** each step of the order, as it happens (order-hub.ts: the trader's OrdersHub); none in jobs and benches */
  publish?: PublishOrder;
  /**
   * After a fill acknowledged at `ackAt`: bring the account's latest state up to date, stamped later
   * than `ackAt` (a snapshot stamped in the same millisecond may have been read before the fill);
   * answers the snapshot's time.
   */
  afterFill?: (ackAt: number) => Promise<number>;
  now?: () => number;
  /** waits before a resend (tests pass a fake clock's) */
  sleep?: (ms: number) => Promise<void>;
  /** when the request reached the handler (before the account and its key were read) */
  receivedAt?: number;
}

/** What an order reads before it is sent, all in one D1 batch (orders.ts readForOrder). */
export interface OrderReads {
  /** an earlier order with the same client id */
  existing: OrderRow | undefined;
  halt: ReturnType<typeof haltFrom>;
  gate: GateReads;
  /** the mark price, when its read was started before the account was known */
  markPrice?: Promise<number>;
}

/** A pending order older than this is taken to have lost its sender: settled like an unknown one. */
export const STALE_PENDING_MS = 30_000;

export interface Sized {
  rules: SymbolRules;
  markPrice: number;
  /** rounded to the step; null: a close of the whole position (the gate sizes it) */
  quantity: number | null;
}

/** Quantity from the notional at the mark, rounded down to the step, checked against the symbol's filters. */
export async function sizeOrder(venue: OrderVenue, input: OrderInput, markPrice?: Promise<number>): Promise<Sized> {
  const [rules, mark] = await Promise.all([venue.rules(input.symbol), markPrice ?? venue.markPrice(input.symbol)]);
  if (!rules) throw domainError('BAD_REQUEST', `${input.symbol} cannot be traded on this account`);
  if (!Number.isFinite(mark) || mark <= 0)
    throw domainError('SERVICE_UNAVAILABLE', `No mark price for ${input.symbol} right now`);
  if (input.reduceOnly && input.quantity === undefined && input.notional === undefined)
    return { rules, markPrice: mark, quantity: null };
  const quantity = roundToStep(input.quantity ?? input.notional! / mark, rules.stepSize);
  if (quantity > rules.maxQty) throw domainError('BAD_REQUEST', `Quantity above ${input.symbol}'s maximum of ${rules.maxQty}`);
  // A close is checked against the minimums once the gate has capped it at the position.
  if (input.reduceOnly) return { rules, markPrice: mark, quantity };
  if (quantity < rules.minQty)
    throw domainError('BAD_REQUEST', `Quantity below ${input.symbol}'s minimum of ${rules.minQty} (step ${rules.stepSize})`);
  // Binance lets a reduce-only order under the minimum notional through; we do the same.
  if (quantity * mark < rules.minNotional)
    throw domainError('BAD_REQUEST', `Order notional below ${input.symbol}'s minimum of ${rules.minNotional} USDT`);
  return { rules, markPrice: mark, quantity };
}

/** The order as its gates judge it. */
export function gateAsk(orderId: string, accountId: string, input: OrderInput, sized: Sized, reads: GateReads): OrderAsk {
  const held = reads.traders[0]?.read.accounts
    .find((a) => a.accountId === accountId)
    ?.positions.find((p) => p.symbol === input.symbol);
  return {
    orderId,
    accountId,
    symbol: input.symbol,
    side: input.side,
    quantity: sized.quantity,
    reduceOnly: input.reduceOnly,
    mark: sized.markPrice,
    stepSize: sized.rules.stepSize,
    minQty: sized.rules.minQty,
    // A leverage setting of 0 would make the shown margin infinite: nothing non-finite is stored.
    leverageSetting: held?.leverage && held.leverage > 0 ? held.leverage : SIM_ORDER_LEVERAGE,
  };
}

function sameOrder(row: OrderRow, input: PlaceOrderInput, accountId: string) {
  return (
    row.accountId === accountId &&
    row.symbol === input.symbol &&
    row.side === input.side &&
    row.reduceOnly === input.reduceOnly &&
    row.requestedNotional === (input.notional ?? null) &&
    row.requestedQuantity === (input.quantity ?? null)
  );
}

/**
 * Places a market order exactly once per (trader, clientOrderId). The order passes the pre-trade
 * gates first (they reserve its exposure, so parallel orders never judge the same room twice),
 * then its intent is recorded before anything is sent; the unique index lets only one request own
 * it, and every other request with the same id gets that order back (settled first when its
 * outcome is unknown).
 */
export async function placeOrder(
  deps: OrderDeps,
  traderId: string,
  account: ExchangeAccountRow,
  input: PlaceOrderInput,
  reads: OrderReads,
): Promise<OrderDto> {
  const now = deps.now ?? Date.now;
  const receivedAt = deps.receivedAt ?? now();
  // A replay ignores the halt, a new order needs it.
  const { existing, halt } = reads;
  if (existing) return replay(deps, existing, input, account.id, reads);

  const orderId = crypto.randomUUID();
  const sized = await sizeOrder(deps.venue, input, reads.markPrice);
  let quantity = sized.quantity ?? 0;
  let riskCheck;
  let gates: string[] = [];
  if (halt && !input.reduceOnly) riskCheck = haltedRecord(halt);
  else {
    const outcome = await passGates(deps.gates, reads.gate, gateAsk(orderId, account.id, input, sized, reads.gate));
    if (!outcome.ok && outcome.refusal.kind !== 'limit') {
      const status = outcome.refusal.kind === 'staleRead' ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST';
      throw domainError(status, outcome.refusal.message);
    }
    riskCheck = checkRecord(outcome, input.reduceOnly);
    if (outcome.ok) {
      quantity = outcome.decision.quantity;
      gates = reads.gate.traders.map((t) => t.traderId);
    }
  }

  const status = riskCheck.passed ? 'pending' : 'refused';
  const [row] = await deps.db
    .insert(orders)
    .values({
      id: orderId,
      userId: traderId,
      accountId: account.id,
      accountEmail: account.email,
      exchange: account.exchange,
      clientOrderId: input.clientOrderId,
      venueClientId: await venueClientId(traderId, input.clientOrderId),
      gates,
      symbol: input.symbol,
      side: input.side,
      reduceOnly: input.reduceOnly,
      requestedNotional: input.notional ?? null,
      requestedQuantity: input.quantity ?? null,
      quantity,
      markPrice: sized.markPrice,
      status,
      statusHistory: [{ status, at: receivedAt, ...(riskCheck.passed ? {} : { note: refusalMessage(riskCheck) }) }],
      riskCheck,
      keypressAt: input.keypressAt ?? null,
      receivedAt,
      updatedAt: receivedAt,
    })
    .onConflictDoNothing()
    .returning();
  if (row) deps.publish?.(row); // the intent is recorded (or refused): its first step
  if (!row) {
    // Another request with this id recorded it first (double keypress, two tabs): that one sends.
    await releaseGates(deps.gates, gates, orderId);
    return replay(deps, (await orderByClientId(deps.db, traderId, input.clientOrderId))!, input, account.id, reads);
  }
  if (status === 'refused') throw refusalError(row);
  return toDto(await send(deps, row));
}

async function replay(
  deps: OrderDeps,
  row: OrderRow,
  input: PlaceOrderInput,
  accountId: string,
  reads?: OrderReads,
): Promise<OrderDto> {
  if (!sameOrder(row, input, accountId))
    throw domainError('CONFLICT', 'This clientOrderId was already used for another order', { order: toDto(row) });
  if (row.status === 'refused') throw refusalError(row);
  if (row.status === 'unknown' || row.status === 'pending') return toDto(await settle(deps, row, reads));
  return toDto(row);
}

/**
 * An order whose outcome is unknown (or whose sender vanished) is claimed by one request, which
 * asks the exchange by client id; only when the exchange has no such order is it sent again —
 * through the gates once more, since its reservation may have lapsed meanwhile.
 */
export async function settle(deps: OrderDeps, row: OrderRow, reads?: OrderReads): Promise<OrderRow> {
  const now = (deps.now ?? Date.now)();
  const claimable = or(
    eq(orders.status, 'unknown'),
    and(eq(orders.status, 'pending'), lt(orders.updatedAt, now - STALE_PENDING_MS)),
  );
  // Claimed as pending again (fresh updatedAt): a concurrent retry sees an order in flight, not one to settle.
  const [claimed] = await deps.db
    .update(orders)
    .set({ status: 'pending', updatedAt: now })
    .where(and(eq(orders.id, row.id), eq(orders.updatedAt, row.updatedAt), claimable))
    .returning();
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

/** The gates' word on sending a lost order again (null: go); a close keeps to what it can still close. */
async function regate(deps: OrderDeps, row: OrderRow, reads: OrderReads): Promise<string | null> {
  if (reads.halt && !row.reduceOnly) return 'trading is off';
  const input = { ...row, quantity: row.quantity, notional: undefined } as OrderInput;
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
async function askFinal(deps: OrderDeps, row: OrderRow, sentAt: number | null): Promise<VenueOrder | null | undefined> {
  const found = await queryQuietly(deps.venue, row);
  if (found !== null || sentAt === null) return found;
  const wait = sentAt + (deps.venue.lateArrivalMs ?? 0) - (deps.now ?? Date.now)();
  if (wait <= 0) return null;
  await (deps.sleep ?? sleep)(wait);
  return queryQuietly(deps.venue, row);
}

async function queryQuietly(venue: OrderVenue, row: OrderRow): Promise<VenueOrder | null | undefined> {
  try {
    return await venue.queryOrder(row.symbol, venueIdOf(row));
  } catch {
    return undefined;
  }
}

async function send(deps: OrderDeps, row: OrderRow, attempt = 1): Promise<OrderRow> {
  const now = deps.now ?? Date.now;
  const sentAt = now();
  let answer: VenueOrder;
  try {
    answer = await deps.venue.placeMarketOrder({
      symbol: row.symbol,
      side: row.side,
      quantity: row.quantity,
      reduceOnly: row.reduceOnly,
      clientOrderId: venueIdOf(row),
    });
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

async function recordAnswer(deps: OrderDeps, row: OrderRow, answer: VenueOrder, note?: string): Promise<OrderRow> {
  const at = (deps.now ?? Date.now)();
  const filled = answer.status === 'FILLED' || answer.status === 'PARTIALLY_FILLED';
  const status = filled ? 'filled' : answer.status === 'NEW' ? 'pending' : answer.status === 'REJECTED' ? 'rejected' : 'canceled';
  const next = await updateOrder(
    deps,
    row,
    status,
    at,
    {
      sentAt: row.sentAt,
      ackAt: row.ackAt ?? at,
      exchangeOrderId: answer.exchangeOrderId,
      fillPrice: answer.avgPrice,
      filledQuantity: answer.executedQty,
      error: filled ? null : row.error,
    },
    note,
  );
  if (status === 'pending') return next; // still working at the exchange: its reservation stays
  // Snapshots from this time on show the fill: the one written now, or any taken after the clocks agree.
  let includedFrom = at + CLOCK_SKEW_MS;
  if (filled && deps.afterFill)
    includedFrom = await deps.afterFill(at).catch((err: unknown) => {
      logError('order: account refresh after a fill failed', err);
      return includedFrom;
    });
  const executed = filled ? answer.executedQty : 0;
  await settleGates(deps.gates, row.gates, row.id, { filled: (row.side === 'BUY' ? 1 : -1) * executed, includedFrom });
  return next;
}
