import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LimitSet } from '../../risk/limits';
import { GateBook } from './gate-book';
import { CLOCK_SKEW_MS, type AccountRead, type FirmRead, type TraderRead } from './gate-core';

/**
 * The gate's promise, checked against a simulated world over thousands of generated interleavings
 * of reads, orders, fills, acknowledgements, snapshots and time: whatever happens, the true book
 * never has a trader's leverage or a symbol's notional past its limit (or past where it started,
 * when it started over), never has the firm's net in a symbol past its limit (beyond what orders
 * that only reduced moved it), and a reduce-only order never opens or flips a position.
 * Limit orders rest: they fill in parts over any length of time (past the gate's in-flight
 * horizon too) or are canceled, and the gate learns each part later (progress).
 */

const MARKS: Record<string, number> = { AAA: 100, BBB: 7 };
const SYMBOLS = Object.keys(MARKS);

interface World {
  now: number;
  /** true signed quantity by account and symbol */
  truth: Map<string, Record<string, number>>;
  /** the latest snapshot of each account (what a read sees) */
  snapshots: Map<string, { ts: number; positions: Record<string, number> }>;
  equity: Map<string, number>;
  traderOf: Map<string, number>;
}

interface Request {
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
}

interface Live {
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
}

const accountsOf = (trader: number) => [`t${trader}a0`, `t${trader}a1`];

const command = fc.oneof(
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
);

const scenario = fc.record({
  limits: fc.record({
    maxLeverage: fc.option(fc.double({ min: 0.5, max: 3, noNaN: true }), { nil: undefined, freq: 2 }),
    maxPositionNotional: fc.option(fc.integer({ min: 300, max: 3_000 }), { nil: undefined, freq: 2 }),
  }),
  firmLimit: fc.option(fc.integer({ min: 500, max: 5_000 }), { nil: undefined, freq: 4 }),
  equities: fc.array(fc.integer({ min: -200, max: 3_000 }), { minLength: 6, maxLength: 6 }),
  initial: fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 12, maxLength: 12 }),
  commands: fc.array(command, { minLength: 5, maxLength: 120 }),
});

function tradersView(w: World, trader: number, limits: LimitSet): TraderRead {
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

function firmView(w: World, symbol: string, limits: LimitSet): FirmRead {
  let net = 0;
  const ts: Record<string, number> = {};
  for (const [accountId, snap] of w.snapshots) {
    net += (snap.positions[symbol] ?? 0) * MARKS[symbol]!;
    ts[accountId] = snap.ts;
  }
  return { net, ts, limits, readAt: w.now };
}

/** The true figures the limits are about. */
function truthOf(w: World, trader: number) {
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

const firmTruth = (w: World, symbol: string) =>
  Math.abs([...w.truth.values()].reduce((a, p) => a + (p[symbol] ?? 0) * MARKS[symbol]!, 0));

const EPS = 1e-6;

describe('the pre-trade gate under any interleaving', () => {
  it('never lets accepted orders take a limit past its value, nor a reduce-only order flip a position', () => {
    fc.assert(
      fc.property(scenario, (sc) => {
        const traderLimits: LimitSet = sc.limits;
        const firmLimits: LimitSet = sc.firmLimit === undefined ? {} : { maxSymbolNetExposure: sc.firmLimit };
        const w: World = { now: 1_000_000, truth: new Map(), snapshots: new Map(), equity: new Map(), traderOf: new Map() };
        let i = 0;
        for (let t = 0; t < 3; t++)
          for (const a of accountsOf(t)) {
            const positions = { AAA: sc.initial[i * 2]!, BBB: sc.initial[i * 2 + 1]! * 10 };
            w.truth.set(a, { ...positions });
            w.snapshots.set(a, { ts: w.now, positions: { ...positions } });
            w.equity.set(a, sc.equities[i]!);
            w.traderOf.set(a, t);
            i++;
          }
        const gates = [new GateBook(), new GateBook(), new GateBook()];
        const firmGate = new GateBook();
        const start = [0, 1, 2].map((t) => truthOf(w, t));
        const firmStart = Object.fromEntries(SYMBOLS.map((s) => [s, firmTruth(w, s)]));
        const allowance: Record<string, number> = { AAA: 0, BBB: 0 };
        const requests: Request[] = [];
        const live: Live[] = [];
        let n = 0;

        const check = () => {
          for (let t = 0; t < 3; t++) {
            const now = truthOf(w, t);
            if (traderLimits.maxLeverage !== undefined)
              expect(now.leverage).toBeLessThanOrEqual(Math.max(traderLimits.maxLeverage, start[t]!.leverage) + EPS);
            if (traderLimits.maxPositionNotional !== undefined)
              for (const s of SYMBOLS)
                expect(now.bySymbol[s] ?? 0).toBeLessThanOrEqual(
                  Math.max(traderLimits.maxPositionNotional, start[t]!.bySymbol[s] ?? 0) + EPS,
                );
          }
          if (sc.firmLimit !== undefined)
            for (const s of SYMBOLS)
              expect(firmTruth(w, s)).toBeLessThanOrEqual(Math.max(sc.firmLimit, firmStart[s]!) + allowance[s]! + EPS);
        };

        const read = (c: {
          trader: number;
          account: number;
          symbol: string;
          side: 'BUY' | 'SELL';
          quantity: number | null;
          reduceOnly: boolean;
          limit: boolean;
        }) => {
          requests.push({
            resting: c.limit && c.quantity !== null,
            trader: c.trader,
            account: accountsOf(c.trader)[c.account]!,
            symbol: c.symbol,
            side: c.side,
            quantity: c.reduceOnly ? c.quantity : (c.quantity ?? 5),
            reduceOnly: c.reduceOnly,
            read: tradersView(w, c.trader, traderLimits),
            firmRead: firmView(w, c.symbol, firmLimits),
          });
        };
        const submit = (pick: number, atOnce: boolean) => {
          {
            const [r] = requests.splice(pick % requests.length, 1);
            const orderId = `o${++n}`;
            const ask = {
              orderId,
              accountId: r!.account,
              symbol: r!.symbol,
              side: r!.side,
              quantity: r!.quantity,
              reduceOnly: r!.reduceOnly,
              mark: MARKS[r!.symbol]!,
              stepSize: 1,
              minQty: 1,
              leverageSetting: 10,
            };
            const mark = MARKS[r!.symbol]!;
            const firmAsk = (qty: number, onlyReduces: boolean) => ({
              orderId,
              accountId: r!.account,
              symbol: r!.symbol,
              qty,
              mark,
              onlyReduces,
            });
            let d;
            if (atOnce && ask.quantity !== null) {
              // gate-client's passGatesAtOnce: both gates at once, the firm reserving whatever it judges.
              const signed = (r!.side === 'BUY' ? 1 : -1) * ask.quantity;
              d = gates[r!.trader]!.reserve(r!.read, ask, w.now);
              const firm = firmGate.reserveFirm(r!.firmRead, firmAsk(signed, false), w.now, true);
              if (!d.ok || (!firm.ok && !d.onlyReduces)) {
                gates[r!.trader]!.release(orderId);
                firmGate.release(orderId);
                return;
              }
            } else {
              d = gates[r!.trader]!.reserve(r!.read, ask, w.now);
              if (!d.ok) return;
              const firm = firmGate.reserveFirm(
                r!.firmRead,
                firmAsk((r!.side === 'BUY' ? 1 : -1) * d.quantity, d.onlyReduces),
                w.now,
              );
              if (!firm.ok) {
                gates[r!.trader]!.release(orderId);
                return;
              }
            }
            const qty = (r!.side === 'BUY' ? 1 : -1) * d.quantity;
            if (!r!.reduceOnly)
              for (const o of live)
                if (o.filled === undefined && o.request.account === r!.account && o.request.symbol === r!.symbol)
                  o.tainted = true;
            live.push({ orderId, request: r!, qty, onlyReduces: d.onlyReduces, executed: 0, reported: 0 });
          }
        };

        for (const c of sc.commands) {
          if (c.kind === 'tick') w.now += c.ms;
          else if (c.kind === 'read') read(c);
          else if (c.kind === 'submit' && requests.length) submit(c.pick, c.atOnce);
          else if (c.kind === 'burst') {
            const first = requests.length;
            for (const o of c.orders) read({ ...o, symbol: c.symbol, side: c.side });
            for (let k = 0; k < c.orders.length; k++) submit(first, c.atOnce);
          } else if (c.kind === 'fill') {
            const open = live.filter((o) => o.filled === undefined && (!('resting' in c) || o.request.resting));
            if (!open.length) continue;
            const o = open[c.pick % open.length]!;
            // A resting order fills part of what still rests (or all of it); it is done once nothing rests.
            let filled = Math.trunc((o.qty - o.executed) * c.fraction);
            const book = w.truth.get(o.request.account)!;
            const before = book[o.request.symbol] ?? 0;
            // The exchange's own reduce-only rule (Binance, the simulated venue): never past the position.
            if (o.request.reduceOnly && o.tainted)
              filled =
                Math.sign(filled) === -Math.sign(before) ? Math.sign(filled) * Math.min(Math.abs(filled), Math.abs(before)) : 0;
            const after = before + filled;
            if (o.request.reduceOnly) {
              // Never opens, flips or grows a position: the exchange would have nothing to cap.
              expect(Math.abs(after)).toBeLessThanOrEqual(Math.abs(before));
              expect(before === 0 ? after === 0 : after === 0 || Math.sign(after) === Math.sign(before)).toBe(true);
            }
            book[o.request.symbol] = after;
            o.executed += filled;
            if (!o.request.resting || c.fraction === 1) o.filled = o.executed;
            o.filledAt = w.now;
            if (o.onlyReduces) allowance[o.request.symbol]! += Math.abs(filled) * MARKS[o.request.symbol]!;
            check();
          } else if (c.kind === 'cancel') {
            const resting = live.filter((o) => o.request.resting && o.filled === undefined);
            if (resting.length) resting[c.pick % resting.length]!.filled = resting[c.pick % resting.length]!.executed;
          } else if (c.kind === 'ack') {
            const done = live.filter(
              (o) => (o.filled !== undefined && !o.acked) || (o.request.resting && o.executed !== o.reported),
            );
            if (!done.length) continue;
            const o = done[c.pick % done.length]!;
            o.acked = o.filled !== undefined;
            let includedFrom = w.now + CLOCK_SKEW_MS;
            if (c.refresh) {
              // The simulated venue's way: a snapshot read right after the fill, stamped after the
              // acknowledgement's millisecond (a snapshot stamped in it may have been read before the fill).
              const snap = { ts: w.now + 1, positions: { ...w.truth.get(o.request.account)! } };
              w.snapshots.set(o.request.account, snap);
              includedFrom = snap.ts;
            }
            if (o.request.resting) {
              // What filled so far, and whether it still rests (order-send.ts recordAnswer).
              const p = { executed: o.executed, open: o.filled === undefined, includedFrom };
              o.reported = o.executed;
              gates[o.request.trader]!.progress(o.orderId, p);
              firmGate.progress(o.orderId, p);
              continue;
            }
            const s = { filled: o.filled!, includedFrom };
            gates[o.request.trader]!.settle(o.orderId, s);
            firmGate.settle(o.orderId, s);
          } else if (c.kind === 'snapshot') {
            const account = [...w.snapshots.keys()][c.account % 6]!;
            // Stamped before the read: the positions are as of now, the time may be earlier.
            const ts = w.now - c.lag;
            if (ts >= w.snapshots.get(account)!.ts) w.snapshots.set(account, { ts, positions: { ...w.truth.get(account)! } });
          }
        }
        check();
      }),
      { numRuns: 10_000 },
    );
  });
});
