import { and, eq, lt, or } from 'drizzle-orm';
import type { OrderDto } from '../../contract/orders';
import type { OrderSide } from '../../contract/enums';
import type { Db } from '../../db/client';
import type { exchangeAccounts } from '../../db/schema/accounts';
import { orders, type OrderRow, type RiskCheckRecord } from '../../db/schema/orders';
import { OrderRejected, roundToStep, type OrderVenue, type VenueOrder } from '../../exchanges/order-venue';
import { domainError } from '../../lib/domain-error';
import { logError } from '../../lib/log';
import type { haltFrom } from './halts';
import { orderByClientId, toDto, updateOrder, type PublishOrder } from './order-store';
import { evaluatePreTrade, refusalMessage, type PreTradeData } from './risk-check';

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
  /** each step of the order, as it happens (order-hub.ts: the trader's OrdersHub); none in jobs and benches */
  publish?: PublishOrder;
  /** after a fill: bring the account's latest state up to date (dashboards, the next risk check) */
  afterFill?: () => Promise<void>;
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
  risk: PreTradeData;
  /** the mark price, when its read was started before the account was known */
  markPrice?: Promise<number>;
}

/** A pending order older than this is taken to have lost its sender: settled like an unknown one. */
export const STALE_PENDING_MS = 30_000;

interface Sized {
  quantity: number;
  markPrice: number;
  risk: RiskCheckRecord & { accountPosition: number };
}

/** Quantity from the notional at the mark, rounded down to the step, checked against the symbol's minimums; then the risk check. */
export async function sizeAndCheck(
  deps: OrderDeps,
  traderId: string,
  account: ExchangeAccountRow,
  input: OrderInput,
  now: number,
  reads: Pick<OrderReads, 'risk' | 'markPrice'>,
): Promise<Sized> {
  const { venue } = deps;
  const [rules, markPrice] = await Promise.all([venue.rules(input.symbol), reads.markPrice ?? venue.markPrice(input.symbol)]);
  if (!rules) throw domainError('BAD_REQUEST', `${input.symbol} cannot be traded on this account`);
  const sign = input.side === 'BUY' ? 1 : -1;
  const check = (signedNotional: number) =>
    evaluatePreTrade(reads.risk, { traderId, accountId: account.id, symbol: input.symbol, signedNotional, now });
  let raw = input.quantity ?? (input.notional !== undefined ? input.notional / markPrice : 0);
  let held: ReturnType<typeof check> | null = null;
  if (input.reduceOnly) {
    // A close needs the position first: its size caps the order, its side must be the opposite.
    held = check(0);
    const reduces = held.accountPosition !== 0 && Math.sign(held.accountPosition) === -sign;
    if (!reduces)
      throw domainError('BAD_REQUEST', `No ${input.side === 'SELL' ? 'long' : 'short'} ${input.symbol} position to close`);
    const whole = Math.abs(held.accountPosition);
    raw = input.quantity === undefined && input.notional === undefined ? whole : Math.min(raw, whole);
  }
  const quantity = roundToStep(raw, rules.stepSize);
  if (quantity < rules.minQty)
    throw domainError('BAD_REQUEST', `Quantity below ${input.symbol}'s minimum of ${rules.minQty} (step ${rules.stepSize})`);
  if (quantity > rules.maxQty) throw domainError('BAD_REQUEST', `Quantity above ${input.symbol}'s maximum of ${rules.maxQty}`);
  // Binance lets a reduce-only order under the minimum notional through; we do the same.
  if (!input.reduceOnly && quantity * markPrice < rules.minNotional)
    throw domainError('BAD_REQUEST', `Order notional below ${input.symbol}'s minimum of ${rules.minNotional} USDT`);
  if (held)
    return {
      quantity,
      markPrice,
      risk: { passed: true, skipped: 'reduceOnly', after: held.after, accountPosition: held.accountPosition },
    };
  // On the exposure the order would leave, from the data the order's batch read.
  const risk = check(sign * quantity * markPrice);
  return { quantity, markPrice, risk };
}

function refusal(row: OrderRow) {
  const r = row.riskCheck;
  return domainError('PRECONDITION_FAILED', refusalMessage(r), {
    limit: r.limit,
    symbol: r.symbol ?? null,
    value: r.value,
    limitValue: r.limitValue,
    excess: r.value !== undefined && r.limitValue !== undefined ? r.value - r.limitValue : undefined,
    order: toDto(row),
  });
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
 * Places a market order exactly once per (trader, clientOrderId): the intent is recorded before
 * anything is sent, and the unique index lets only one request own it; every other request with
 * the same id gets that order back (settling it first when its outcome is unknown).
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
  if (existing) return replay(deps, existing, input, account.id);

  let sized: Sized;
  if (halt && !input.reduceOnly) {
    // Still sized, so the refused order is recorded with what it would have been.
    const markPrice = await (reads.markPrice ?? deps.venue.markPrice(input.symbol));
    sized = {
      quantity: input.quantity ?? (input.notional ?? 0) / markPrice,
      markPrice,
      risk: { passed: false, limit: 'tradingOff', accountPosition: 0 },
    };
  } else sized = await sizeAndCheck(deps, traderId, account, input, receivedAt, reads);

  const { accountPosition: _p, ...riskCheck } = sized.risk;
  const status = riskCheck.passed ? 'pending' : 'refused';
  const [row] = await deps.db
    .insert(orders)
    .values({
      id: crypto.randomUUID(),
      userId: traderId,
      accountId: account.id,
      accountEmail: account.email,
      exchange: account.exchange,
      clientOrderId: input.clientOrderId,
      symbol: input.symbol,
      side: input.side,
      reduceOnly: input.reduceOnly,
      requestedNotional: input.notional ?? null,
      requestedQuantity: input.quantity ?? null,
      quantity: sized.quantity,
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
  // Another request with this id recorded it first (double keypress, two tabs): that one sends.
  if (!row) return replay(deps, (await orderByClientId(deps.db, traderId, input.clientOrderId))!, input, account.id);
  if (status === 'refused') throw refusal(row);
  return toDto(await send(deps, row));
}

async function replay(deps: OrderDeps, row: OrderRow, input: PlaceOrderInput, accountId: string): Promise<OrderDto> {
  if (!sameOrder(row, input, accountId))
    throw domainError('CONFLICT', 'This clientOrderId was already used for another order', { order: toDto(row) });
  if (row.status === 'refused') throw refusal(row);
  if (row.status === 'unknown' || row.status === 'pending') return toDto(await settle(deps, row));
  return toDto(row);
}

/**
 * An order whose outcome is unknown (or whose sender vanished) is claimed by one request, which
 * asks the exchange by client id; only when the exchange has no such order is it sent again.
 */
async function settle(deps: OrderDeps, row: OrderRow): Promise<OrderRow> {
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
  if (found === undefined) return updateOrder(deps, claimed, 'unknown', (deps.now ?? Date.now)(), {}, 'the exchange could not be asked');
  if (found) return recordAnswer(deps, claimed, found, 'found by client id');
  return send(deps, claimed);
}

/** The row with one more step in its history, in memory: written with the next update. */
const withStep = (row: OrderRow, status: OrderRow['status'], at: number, note: string): OrderRow => ({
  ...row,
  statusHistory: [...row.statusHistory, { status, at, note }],
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

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
    return await venue.queryOrder(row.symbol, row.clientOrderId);
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
      clientOrderId: row.clientOrderId,
    });
  } catch (err) {
    if (err instanceof OrderRejected)
      return updateOrder(deps, row, 'rejected', now(), { sentAt, ackAt: now(), error: err.message }, err.message);
    const note = err instanceof Error ? err.message : 'Exchange unavailable';
    // Settle before any retry: the order may exist although the answer was lost. The row stays
    // pending (ours) meanwhile; only an outcome still unknown afterwards is left for a retry to claim.
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
  if (filled && deps.afterFill)
    await deps.afterFill().catch((err: unknown) => logError('order: account refresh after a fill failed', err));
  return next;
}
