import type { OrderSide } from '../../../contract/enums';
import { roundToStep } from '../../../exchanges/order-venue';
import { traderExposure, firmNet, leverageOf, shareOf, type PositionRange } from '../../risk/exposure-model';
import { addsTo, firmOrderViolation, orderViolation, type LimitSet, type LimitViolation } from '../../risk/limits';

/**
 * The pre-trade gate's pure core. A gate (one per trader, one for the firm) keeps what the last
 * snapshot may not show yet: orders accepted and in flight, and fills since. Each order is judged
 * on the snapshot it read plus those items, as ranges: an order in flight may fill anywhere between
 * nothing and all of it, a fill may or may not be in a snapshot taken around it. Every limit is
 * judged on the largest value any outcome allows, so no interleaving of orders, fills and
 * snapshots lets accepted orders take a limit past its value (gate-core.property.test.ts).
 * The Durable Object (durable-objects/risk-gate.ts) runs `decide` with no await between the check
 * and the reservation, which is what serialises the orders.
 */
export interface GateItem {
  orderId: string;
  accountId: string;
  symbol: string;
  /** signed base quantity (buy +) the order may add: it fills anywhere between 0 and this */
  qty: number;
  mark: number;
  /** signed base quantity filled, once known (null: in flight) */
  filled: number | null;
  /** snapshots taken at or after this time surely include the fill (null: in flight) */
  includedFrom: number | null;
  /** gate clock: reserved at */
  at: number;
  /** gate clock: when a read first showed the fill included (the item is dropped a while later) */
  confirmedAt?: number;
  /**
   * A resting order (a limit on the book): `qty` is what still rests, counted in full until the
   * order is done however long that takes; `reported` is the signed quantity it filled so far
   * (each fill is an item of its own, `<orderId>#<reported>`).
   */
  resting?: { reported: number };
  /**
   * A take-profit or stop-loss resting on the position (`qty` 0): it may close the position at any
   * moment, whatever the position is then. Its fills are items of their own, as a resting order's.
   */
  closes?: true;
}

export interface HeldPosition {
  symbol: string;
  /** signed base quantity, long + */
  qty: number;
  mark: number;
  /** the position's leverage setting (shown margin only) */
  leverage?: number;
}

/** One account as the order's read saw it (its latest snapshot). */
export interface AccountRead {
  accountId: string;
  /** the snapshot's time (null: never snapshotted) */
  ts: number | null;
  /** futures margin balance, USD */
  equity: number;
  positions: HeldPosition[];
}

/** What the order read for one trader: every account of theirs, their limits. */
export interface TraderRead {
  accounts: AccountRead[];
  limits: LimitSet;
  /** the worker's clock when the read started */
  readAt: number;
}

/** What the order read for the firm: the net notional of every account in the symbol, and snapshot times. */
export interface FirmRead {
  /** Σ signed notional of every account's latest snapshot in the symbol, USD */
  net: number;
  /** the snapshot time of accounts that traded the symbol lately (others: their items stay counted) */
  ts: Record<string, number>;
  limits: LimitSet;
  readAt: number;
}

export interface OrderAsk {
  orderId: string;
  accountId: string;
  symbol: string;
  side: OrderSide;
  /** base quantity asked (rounded to the step); null: a reduce-only order for the whole position */
  quantity: number | null;
  reduceOnly: boolean;
  mark: number;
  stepSize: number;
  minQty: number;
  /** the position's leverage setting (margin shown in the check) */
  leverageSetting: number;
  /** a limit order: it may rest on the book, counted in full for as long as it does */
  rests?: boolean;
}

export interface CheckSummary {
  /** worst-case leverage after the order; null: unbounded (equity ≤ 0) */
  leverage: number | null;
  /** the trader's notional in the symbol after the order, worst case */
  positionNotional: number;
  /** the account's margin in the symbol after the order */
  margin: number;
}

export type Refusal =
  | { kind: 'limit'; violation: LimitViolation }
  | { kind: 'noPosition'; message: string }
  | { kind: 'belowMinimum'; message: string }
  | { kind: 'staleRead'; message: string };

export type Decision =
  /** onlyReduces: the order cannot make its position larger in any outcome (allowed at the firm's limit too) */
  | { ok: true; quantity: number; positionBefore: number; after: CheckSummary; onlyReduces: boolean }
  | { ok: false; refusal: Refusal; positionBefore: number; after?: CheckSummary };

/** How long an item stays after a read showed its fill included: reads older than MAX_READ_AGE_MS are refused. */
export const RETAIN_CONFIRMED_MS = 60_000;
export const MAX_READ_AGE_MS = 30_000;
/** An order still in flight after this has filled or never will (market orders): judged as a fill. */
export const IN_FLIGHT_MAX_MS = 10 * 60_000;
/** Clocks of different machines (the Worker that acked, the job that snapshotted) may differ by this much. */
export const CLOCK_SKEW_MS = 2_000;

/** Whether the read's snapshot of the item's account surely includes the item's fill. */
export function included(item: GateItem, ts: number | null | undefined): boolean {
  return item.filled !== null && item.includedFrom !== null && ts != null && ts >= item.includedFrom;
}

/** The range an item adds to its position: a fill not surely in the snapshot, or an order in flight. */
function widen(range: { lo: number; hi: number }, d: number) {
  range.lo += Math.min(0, d);
  range.hi += Math.max(0, d);
}

const key = (accountId: string, symbol: string) => `${accountId}\u0000${symbol}`;

/**
 * Every position of the trader's accounts as a range: the snapshot plus the items it may not show.
 * Where a take-profit or stop-loss rests (`closers`, on by default), the position may also be
 * closed at any moment (to zero, or any size between) and grow again from zero by the items that
 * fill after: its range is the union of the two. That is sound however the close falls among the
 * fills: a fill before it is wiped by it, one after adds to zero.
 */
export function positionRanges(
  read: TraderRead,
  items: Iterable<GateItem>,
  { closers = true }: { closers?: boolean } = {},
): Map<string, PositionRange> {
  const ranges = new Map<string, PositionRange>();
  const ts = new Map(read.accounts.map((a) => [a.accountId, a.ts]));
  for (const a of read.accounts)
    for (const p of a.positions) {
      const k = key(a.accountId, p.symbol);
      const r = ranges.get(k);
      if (r) {
        r.lo += p.qty;
        r.hi += p.qty;
      } else ranges.set(k, { accountId: a.accountId, symbol: p.symbol, lo: p.qty, hi: p.qty, mark: p.mark });
    }
  const fromZero = new Map<string, { lo: number; hi: number }>();
  const closed = new Set<string>();
  for (const item of items) {
    if (!ts.has(item.accountId)) continue;
    const k = key(item.accountId, item.symbol);
    if (item.closes) {
      if (closers) closed.add(k);
      continue;
    }
    if (included(item, ts.get(item.accountId))) continue;
    let r = ranges.get(k);
    if (!r) ranges.set(k, (r = { accountId: item.accountId, symbol: item.symbol, lo: 0, hi: 0, mark: item.mark }));
    widen(r, item.filled ?? item.qty);
    let z = fromZero.get(k);
    if (!z) fromZero.set(k, (z = { lo: 0, hi: 0 }));
    widen(z, item.filled ?? item.qty);
  }
  for (const k of closed) {
    const r = ranges.get(k);
    if (!r) continue;
    const z = fromZero.get(k) ?? { lo: 0, hi: 0 };
    r.lo = Math.min(r.lo, z.lo);
    r.hi = Math.max(r.hi, z.hi);
  }
  return ranges;
}

/** The ranges with an order of `d` (signed base) on one position, priced at `mark`. */
function withOrder(ranges: Map<string, PositionRange>, accountId: string, symbol: string, d: number, mark: number) {
  const k = key(accountId, symbol);
  const out = new Map(ranges);
  const r = ranges.get(k);
  const next = r ? { ...r, mark } : { accountId, symbol, lo: 0, hi: 0, mark };
  widen(next, d);
  out.set(k, next);
  return out;
}

const equityOf = (read: TraderRead) => read.accounts.reduce((a, x) => a + x.equity, 0);

function summary(read: TraderRead, ranges: Map<string, PositionRange>, ask: OrderAsk): CheckSummary {
  const e = traderExposure(equityOf(read), [...ranges.values()]);
  const lev = leverageOf(e);
  const r = ranges.get(key(ask.accountId, ask.symbol));
  const accountNotional = r ? Math.max(Math.abs(r.lo), Math.abs(r.hi)) * ask.mark : 0;
  return {
    leverage: Number.isFinite(lev) ? lev : null,
    positionNotional: e.bySymbol[ask.symbol] ?? 0,
    margin: accountNotional / ask.leverageSetting,
  };
}

const sideWord = (side: OrderSide) => (side === 'SELL' ? 'long' : 'short');

/**
 * The trader gate's judgement of one order. A reduce-only order is sized here: capped at the
 * smallest the position can be in any outcome, so in-flight closes never add up to a flip.
 */
export function decide(read: TraderRead, items: Iterable<GateItem>, ask: OrderAsk, now: number): Decision {
  const ranges = positionRanges(read, items);
  // The order's symbol at the order's mark, before and after alike.
  for (const r of ranges.values()) if (r.symbol === ask.symbol) r.mark = ask.mark;
  const held = ranges.get(key(ask.accountId, ask.symbol));
  const snapshotQty = read.accounts
    .find((a) => a.accountId === ask.accountId)
    ?.positions.filter((p) => p.symbol === ask.symbol)
    .reduce((a, p) => a + p.qty, 0);
  const positionBefore = snapshotQty ?? 0;
  if (now - read.readAt > MAX_READ_AGE_MS)
    return { ok: false, refusal: { kind: 'staleRead', message: 'The order read stale data: send it again' }, positionBefore };
  const sign = ask.side === 'BUY' ? 1 : -1;

  if (ask.reduceOnly) {
    // The position must be on the other side in every outcome; the order closes at most its least
    // size. A resting take-profit or stop-loss may close it first: the exchange's reduce-only cap
    // holds then (the order closes what is left, never flips it), so it is sized without them.
    const plain = positionRanges(read, items, { closers: false }).get(key(ask.accountId, ask.symbol));
    const closable = !plain ? 0 : sign < 0 ? Math.max(0, plain.lo) : Math.max(0, -plain.hi);
    if (closable <= 0) {
      const inFlight = plain && (sign < 0 ? plain.hi > 0 : plain.lo < 0);
      const message = inFlight
        ? `A close of this ${ask.symbol} position is already in flight`
        : `No ${sideWord(ask.side)} ${ask.symbol} position to close`;
      return { ok: false, refusal: { kind: 'noPosition', message }, positionBefore };
    }
    const quantity = roundToStep(Math.min(ask.quantity ?? closable, closable), ask.stepSize);
    if (quantity <= 0 || quantity < ask.minQty)
      return {
        ok: false,
        refusal: {
          kind: 'belowMinimum',
          message: `Quantity below ${ask.symbol}'s minimum of ${ask.minQty} (step ${ask.stepSize})`,
        },
        positionBefore,
      };
    const after = summary(read, withOrder(ranges, ask.accountId, ask.symbol, sign * quantity, ask.mark), ask);
    return { ok: true, quantity, positionBefore, after, onlyReduces: true };
  }

  const quantity = ask.quantity ?? 0;
  const d = sign * quantity;
  const k = key(ask.accountId, ask.symbol);
  const { adds, worst } = addsTo(held ?? { lo: 0, hi: 0 }, d);
  // Only outcomes where the order makes its position larger can take a limit over: judged at the largest of them.
  const afterRanges = new Map(ranges);
  afterRanges.set(k, { accountId: ask.accountId, symbol: ask.symbol, lo: sign * worst, hi: sign * worst, mark: ask.mark });
  const after = summary(read, adds ? afterRanges : withOrder(ranges, ask.accountId, ask.symbol, d, ask.mark), ask);
  if (adds) {
    const violation = orderViolation(traderExposure(equityOf(read), [...afterRanges.values()]), read.limits, ask.symbol);
    if (violation) return { ok: false, refusal: { kind: 'limit', violation }, positionBefore, after };
  }
  return { ok: true, quantity, positionBefore, after, onlyReduces: !adds };
}

export interface FirmAsk {
  orderId: string;
  accountId: string;
  symbol: string;
  /** signed base quantity (buy +) */
  qty: number;
  mark: number;
  /** the order only makes its position smaller (the trader gate's word): always allowed, only recorded */
  onlyReduces: boolean;
  /** a limit order (OrderAsk's) */
  rests?: boolean;
}

/** The firm's net in the symbol as a range, USD: every account's snapshot plus the items they may not show. */
export function firmNetRange(read: FirmRead, items: Iterable<GateItem>, symbol: string) {
  const positions: PositionRange[] = [{ accountId: '', symbol, lo: read.net, hi: read.net, mark: 1 }];
  for (const item of items) {
    if (item.symbol !== symbol || included(item, read.ts[item.accountId])) continue;
    const d = item.filled ?? item.qty;
    positions.push({ accountId: item.accountId, symbol, lo: Math.min(0, d), hi: Math.max(0, d), mark: item.mark });
  }
  return firmNet(positions)[symbol]!;
}

export type FirmDecision = { ok: true } | { ok: false; refusal: Refusal };

/** The firm gate's judgement: the firm's net exposure limit in the order's symbol, across every trader. */
export function decideFirm(read: FirmRead, items: Iterable<GateItem>, ask: FirmAsk, now: number): FirmDecision {
  if (now - read.readAt > MAX_READ_AGE_MS)
    return { ok: false, refusal: { kind: 'staleRead', message: 'The order read stale data: send it again' } };
  if (ask.onlyReduces) return { ok: true };
  const { adds, worst } = addsTo(firmNetRange(read, items, ask.symbol), ask.qty * ask.mark);
  const violation = adds ? firmOrderViolation(worst, read.limits, ask.symbol) : null;
  return violation ? { ok: false, refusal: { kind: 'limit', violation } } : { ok: true };
}

/** A take-profit or stop-loss about to rest on a position (the trader's gates count it as a closer). */
export interface CloserAsk {
  orderId: string;
  accountId: string;
  symbol: string;
  mark: number;
}

export type CloserDecision = { ok: true } | { ok: false; refusal: Refusal };

const EPS = 1e-9;

/**
 * The trader gate's judgement of a take-profit or stop-loss. It never adds to a position, but
 * while it rests the position may be flat at any moment, so an order in flight that flips the
 * position (a sell of 4 on long 1) may open its whole size instead. Refused only where that takes
 * a limit past its value (and further than the book already is): a flip order already rests.
 */
export function decideCloser(read: TraderRead, items: Iterable<GateItem>, ask: CloserAsk, now: number): CloserDecision {
  if (now - read.readAt > MAX_READ_AGE_MS)
    return { ok: false, refusal: { kind: 'staleRead', message: 'The order read stale data: send it again' } };
  const list = [...items];
  const closer = closerReservation(ask, now);
  const exposure = (withCloser: boolean) => {
    const ranges = positionRanges(read, withCloser ? [...list, closer] : list);
    for (const r of ranges.values()) if (r.symbol === ask.symbol) r.mark = ask.mark;
    return traderExposure(equityOf(read), [...ranges.values()]);
  };
  const before = exposure(false);
  const after = exposure(true);
  const widens =
    after.gross > before.gross + EPS ||
    (after.bySymbol[ask.symbol] ?? 0) > (before.bySymbol[ask.symbol] ?? 0) + EPS ||
    shareOf(after, ask.symbol) > shareOf(before, ask.symbol) + EPS;
  const violation = widens ? orderViolation(after, read.limits, ask.symbol) : null;
  return violation ? { ok: false, refusal: { kind: 'limit', violation } } : { ok: true };
}

/** The item a take-profit or stop-loss leaves in a trader's gate while it rests. */
export function closerReservation(ask: CloserAsk, now: number): GateItem {
  return {
    orderId: ask.orderId,
    accountId: ask.accountId,
    symbol: ask.symbol,
    qty: 0,
    mark: ask.mark,
    filled: null,
    includedFrom: null,
    at: now,
    resting: { reported: 0 },
    closes: true,
  };
}
