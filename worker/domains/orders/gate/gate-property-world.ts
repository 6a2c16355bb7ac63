import fc from 'fast-check';
import type { LimitSet } from '../../risk/limits';
import type { AccountRead, FirmRead, TraderRead } from './gate-core';

/** The simulated world the gate's property test runs in: accounts, snapshots, orders, and the generated commands. */

export const MARKS: Record<string, number> = { AAA: 100, BBB: 7 };
export const SYMBOLS = Object.keys(MARKS);

export interface World {
  now: number;
  /** true signed quantity by account and symbol */
  truth: Map<string, Record<string, number>>;
  /** the latest snapshot of each account (what a read sees) */
  snapshots: Map<string, { ts: number; positions: Record<string, number> }>;
  equity: Map<string, number>;
  traderOf: Map<string, number>;
}

export interface Request {
  trader: number;
  account: string;
  symbol: string;
  side: 'BUY' | 'SELL';
  quantity: number | null;
  reduceOnly: boolean;
  /** a limit order: rests, fills in parts, may be canceled */
  resting: boolean;
  read: TraderRead;
  firmRead: FirmRead;
  /** a take-profit or stop-loss closed part of the position after this read saw it */
  closedUnder?: boolean;
}

export interface Live {
  orderId: string;
  request: Request;
  qty: number;
  onlyReduces: boolean;
  filled?: number;
  filledAt?: number;
  acked?: boolean;
  /** a later order that is not reduce-only went to the same position: only the exchange's own cap holds then */
  tainted?: boolean;
  /** resting: signed quantity filled so far, and what the gates were told of it */
  executed: number;
  reported: number;
  /** gate clock when it was reserved */
  at: number;
}

/** A take-profit or stop-loss on a position: it passes its trader's gate as a closer, then rests until it triggers or goes. */
export interface Protective {
  orderId: string;
  trader: number;
  account: string;
  symbol: string;
  /** the side that closes the position it was placed on */
  side: 'BUY' | 'SELL';
  /** at the exchange: resting, triggered (closed `executed`), or gone (a sibling triggered, or canceled) */
  state: 'resting' | 'triggered' | 'gone';
  executed: number;
}

export const accountsOf = (trader: number) => [`t${trader}a0`, `t${trader}a1`];

export const command = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      trader: fc.nat(2),
      account: fc.nat(1),
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      quantity: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
      reduceOnly: fc.boolean(),
      limit: fc.boolean(),
    }),
  },
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('submit' as const), pick: fc.nat(), atOnce: fc.boolean() }) },
  {
    // Parallel requests: several orders read the same book before any reaches a gate (one trader or several).
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('burst' as const),
      orders: fc.array(
        fc.record({
          trader: fc.nat(2),
          account: fc.nat(1),
          quantity: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
          reduceOnly: fc.boolean(),
          limit: fc.boolean(),
        }),
        { minLength: 2, maxLength: 8 },
      ),
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      atOnce: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('fill' as const), pick: fc.nat(), fraction: fc.constantFrom(0, 0.5, 1, 1, 1) }),
  },
  // A resting order fills part of what rests.
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('fill' as const),
      pick: fc.nat(),
      fraction: fc.constant(0.5),
      resting: fc.constant(true),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('ack' as const), pick: fc.nat(), refresh: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('snapshot' as const), account: fc.nat(5), lag: fc.integer({ min: 0, max: 3_000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 1, max: 4_000 }) }) },
  // A resting order outlives the gate's in-flight horizon (10 minutes).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.constant(11 * 60_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  // A take-profit or stop-loss placed on an account's position as it is now.
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('protect' as const),
      account: fc.nat(5),
      symbol: fc.constantFrom(...SYMBOLS),
      // judged on the trader's last order read (up to the gate's staleness bound) instead of a fresh one
      stale: fc.boolean(),
    }),
  },
  // The gate learns what became of a take-profit or stop-loss: its fill, or that it went.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('protectiveAck' as const), pick: fc.nat() }) },
  // The trader cancels one.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('protectiveCancel' as const), pick: fc.nat() }) },
  // One triggers, at any point: it closes up to the whole position as it is then (closePosition), or
  // nothing when none is left on its other side; its siblings on the position are canceled.
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('trigger' as const), pick: fc.nat(), fraction: fc.constantFrom(0.5, 1, 1) }),
  },
);

export const scenario = fc.record({
  limits: fc.record({
    maxLeverage: fc.option(fc.double({ min: 0.5, max: 3, noNaN: true }), { nil: undefined, freq: 2 }),
    maxPositionNotional: fc.option(fc.integer({ min: 300, max: 3_000 }), { nil: undefined, freq: 2 }),
  }),
  firmLimit: fc.option(fc.integer({ min: 500, max: 5_000 }), { nil: undefined, freq: 4 }),
  equities: fc.array(fc.integer({ min: -200, max: 3_000 }), { minLength: 6, maxLength: 6 }),
  initial: fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 12, maxLength: 12 }),
  commands: fc.array(command, { minLength: 5, maxLength: 120 }),
});

export type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

export function tradersView(w: World, trader: number, limits: LimitSet): TraderRead {
  const accounts: AccountRead[] = accountsOf(trader).map((accountId) => {
    const snap = w.snapshots.get(accountId)!;
    return {
      accountId,
      ts: snap.ts,
      equity: w.equity.get(accountId)!,
      positions: Object.entries(snap.positions)
        .filter(([, q]) => q !== 0)
        .map(([symbol, qty]) => ({ symbol, qty, mark: MARKS[symbol]! })),
    };
  });
  return { accounts, limits, readAt: w.now };
}

export function firmView(w: World, symbol: string, limits: LimitSet): FirmRead {
  let net = 0;
  const ts: Record<string, number> = {};
  for (const [accountId, snap] of w.snapshots) {
    net += (snap.positions[symbol] ?? 0) * MARKS[symbol]!;
    ts[accountId] = snap.ts;
  }
  return { net, ts, limits, readAt: w.now };
}

/** The true figures the limits are about. */
export function truthOf(w: World, trader: number) {
  let gross = 0;
  let equity = 0;
  const bySymbol: Record<string, number> = {};
  for (const a of accountsOf(trader)) {
    equity += w.equity.get(a)!;
    for (const [s, q] of Object.entries(w.truth.get(a)!)) {
      gross += Math.abs(q) * MARKS[s]!;
      bySymbol[s] = (bySymbol[s] ?? 0) + Math.abs(q) * MARKS[s]!;
    }
  }
  const leverage = equity > 0 ? gross / equity : gross > 0 ? Infinity : 0;
  return { leverage, gross, bySymbol };
}

export const firmTruth = (w: World, symbol: string) =>
  Math.abs([...w.truth.values()].reduce((a, p) => a + (p[symbol] ?? 0) * MARKS[symbol]!, 0));

export const EPS = 1e-6;
