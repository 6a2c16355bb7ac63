import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LimitSet } from '../../risk/limits';
import {
  type World,
  type Request,
  type Live,
  type Protective,
  type Scenario,
  MARKS,
  SYMBOLS,
  accountsOf,
  scenario,
  tradersView,
  firmView,
  truthOf,
  firmTruth,
  EPS,
} from './gate-property-world';
import { GateBook } from './gate-book';
import { CLOCK_SKEW_MS, IN_FLIGHT_MAX_MS, positionRanges, type OrderAsk, type TraderRead } from './gate-core';

/**
 * The gate's promise, checked against a simulated world over thousands of generated interleavings
 * of reads, orders, fills, acknowledgements, snapshots and time: whatever happens, the true book
 * never has a trader's leverage or a symbol's notional past its limit (or past where it started,
 * when it started over), never has the firm's net in a symbol past its limit (beyond what orders
 * that only reduced moved it), and a reduce-only order never opens or flips a position.
 * Limit orders rest: they fill in parts over any length of time (past the gate's in-flight
 * horizon too) or are canceled, and the gate learns each part later (progress).
 * Take-profit and stop-loss orders rest on positions without passing the gates and trigger at any
 * point: each closes up to the whole position as it is then, never flips it nor adds to the trader's
 * exposure, and its siblings go; reduce-only orders judged on the position before are then held by
 * the exchange's own cap.
 *
 * And the gate is exact, not only safe: once every order of a trader is done and acknowledged, its
 * view of each position is exactly the snapshot widened by the acknowledged fills that snapshot may
 * not show — so a reservation that outlives its order (a cancel not released, a resting order
 * expired into a fill, a report counted twice) fails here, though it only ever refuses too much.
 */

/** Plays one scenario against the gates and checks the world after every step. */
function playScenario(sc: Scenario) {
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
  const protective: Protective[] = [];
  /** each trader's latest order read (a take-profit or stop-loss may be judged on it) */
  const lastRead = new Map<number, TraderRead>();
  /** positions a protective order changed that the account's latest snapshot does not show yet */
  const closedUnseen = new Set<string>();
  const seen = (account: string) => {
    for (const s of SYMBOLS) closedUnseen.delete(`${account}\u0000${s}`);
  };
  let n = 0;
  /** every fill the gates were told of: what a snapshot older than includedFrom may not show */
  const told: { account: string; symbol: string; qty: number; includedFrom: number }[] = [];
  /** traders with a market order unanswered past the in-flight horizon: the gate judges it filled (by design) */
  const inexact = new Set<number>();

  const exact = () => {
    for (let t = 0; t < 3; t++) {
      if (inexact.has(t)) continue;
      const busy = live.some((o) => o.request.trader === t && (o.filled === undefined || !o.acked || o.executed !== o.reported));
      if (busy) continue;
      const ranges = positionRanges(tradersView(w, t, traderLimits), gates[t]!.items.values());
      for (const account of accountsOf(t))
        for (const symbol of SYMBOLS) {
          const snap = w.snapshots.get(account)!;
          // A fill the snapshot may not show: the position is the snapshot's, or that plus the fill.
          const unsure = told.filter((f) => f.account === account && f.symbol === symbol && f.includedFrom > snap.ts);
          const held = snap.positions[symbol] ?? 0;
          const expected = [
            held + unsure.reduce((a, f) => a + Math.min(0, f.qty), 0),
            held + unsure.reduce((a, f) => a + Math.max(0, f.qty), 0),
          ];
          // A take-profit or stop-loss the gate holds: the position may also be closed and grow from zero.
          const closer = [...gates[t]!.items.values()].some((i) => i.closes && i.accountId === account && i.symbol === symbol);
          if (closer && (held !== 0 || unsure.length)) {
            expected[0] = Math.min(
              expected[0]!,
              unsure.reduce((a, f) => a + Math.min(0, f.qty), 0),
            );
            expected[1] = Math.max(
              expected[1]!,
              unsure.reduce((a, f) => a + Math.max(0, f.qty), 0),
            );
          }
          const r = ranges.get(`${account}\u0000${symbol}`) ?? { lo: 0, hi: 0 };
          expect([r.lo, r.hi]).toEqual(expected);
        }
    }
  };

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
    const account = accountsOf(c.trader)[c.account]!;
    const view = tradersView(w, c.trader, traderLimits);
    lastRead.set(c.trader, view);
    requests.push({
      closedUnder: closedUnseen.has(`${account}\u0000${c.symbol}`),
      resting: c.limit && c.quantity !== null,
      trader: c.trader,
      account,
      symbol: c.symbol,
      side: c.side,
      quantity: c.reduceOnly ? c.quantity : (c.quantity ?? 5),
      reduceOnly: c.reduceOnly,
      read: view,
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
        rests: r!.resting,
      };
      const mark = MARKS[r!.symbol]!;
      const firmAsk = (qty: number, onlyReduces: boolean) => ({
        orderId,
        accountId: r!.account,
        symbol: r!.symbol,
        qty,
        mark,
        onlyReduces,
        rests: r!.resting,
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
        const firm = firmGate.reserveFirm(r!.firmRead, firmAsk((r!.side === 'BUY' ? 1 : -1) * d.quantity, d.onlyReduces), w.now);
        if (!firm.ok) {
          gates[r!.trader]!.release(orderId);
          return;
        }
      }
      const qty = (r!.side === 'BUY' ? 1 : -1) * d.quantity;
      if (!r!.reduceOnly)
        for (const o of live)
          if (o.filled === undefined && o.request.account === r!.account && o.request.symbol === r!.symbol) o.tainted = true;
      live.push({
        orderId,
        request: r!,
        qty,
        onlyReduces: d.onlyReduces,
        executed: 0,
        reported: 0,
        at: w.now,
        tainted: r!.closedUnder,
      });
      if (r!.resting) {
        // The exchange's first answer: NEW, resting (order-send.ts records it at once).
        const p = { executed: 0, open: true, includedFrom: w.now + CLOCK_SKEW_MS };
        gates[r!.trader]!.progress(orderId, p);
        firmGate.progress(orderId, p);
      }
    }
  };

  for (const c of sc.commands) {
    if (c.kind === 'tick') {
      w.now += c.ms;
      for (const o of live) if (!o.request.resting && !o.acked && w.now - o.at > IN_FLIGHT_MAX_MS) inexact.add(o.request.trader);
    } else if (c.kind === 'read') read(c);
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
        filled = Math.sign(filled) === -Math.sign(before) ? Math.sign(filled) * Math.min(Math.abs(filled), Math.abs(before)) : 0;
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
      const done = live.filter((o) => (o.filled !== undefined && !o.acked) || (o.request.resting && o.executed !== o.reported));
      if (!done.length) continue;
      const o = done[c.pick % done.length]!;
      o.acked = o.filled !== undefined;
      let includedFrom = w.now + CLOCK_SKEW_MS;
      if (c.refresh) {
        // The simulated venue's way: a snapshot read right after the fill, stamped after the
        // acknowledgement's millisecond (a snapshot stamped in it may have been read before the fill).
        const snap = { ts: w.now + 1, positions: { ...w.truth.get(o.request.account)! } };
        w.snapshots.set(o.request.account, snap);
        seen(o.request.account);
        includedFrom = snap.ts;
      }
      const tell = (qty: number) =>
        qty !== 0 && told.push({ account: o.request.account, symbol: o.request.symbol, qty, includedFrom });
      if (o.request.resting) {
        // What filled so far, and whether it still rests (order-send.ts recordAnswer).
        const p = { executed: o.executed, open: o.filled === undefined, includedFrom };
        tell(o.executed - o.reported);
        o.reported = o.executed;
        gates[o.request.trader]!.progress(o.orderId, p);
        firmGate.progress(o.orderId, p);
        continue;
      }
      const s = { filled: o.filled!, includedFrom };
      tell(o.filled!);
      gates[o.request.trader]!.settle(o.orderId, s);
      firmGate.settle(o.orderId, s);
    } else if (c.kind === 'protect') {
      const account = [...w.truth.keys()][c.account % 6]!;
      const trader = w.traderOf.get(account)!;
      // It passes its trader's gate as a closer, on what the trader read (now, or for an earlier
      // order): the position it protects is the one that read shows.
      const view = (c.stale && lastRead.get(trader)) || tradersView(w, trader, traderLimits);
      const held = view.accounts.find((a) => a.accountId === account)!.positions.find((p) => p.symbol === c.symbol)?.qty ?? 0;
      if (held === 0) continue;
      const orderId = `p${++n}`;
      const d = gates[trader]!.reserveCloser(
        view,
        { orderId, accountId: account, symbol: c.symbol, mark: MARKS[c.symbol]! },
        w.now,
      );
      if (d.ok)
        protective.push({
          orderId,
          trader,
          account,
          symbol: c.symbol,
          side: held > 0 ? 'SELL' : 'BUY',
          state: 'resting',
          executed: 0,
        });
    } else if (c.kind === 'trigger') {
      const resting = protective.filter((p) => p.state === 'resting');
      if (!resting.length) continue;
      const p = resting[c.pick % resting.length]!;
      const book = w.truth.get(p.account)!;
      const before = book[p.symbol] ?? 0;
      const exposure = truthOf(w, p.trader);
      // Reduce-only: only a position on its other side, never past it (the exchange's closePosition).
      const closes = (p.side === 'SELL') === before > 0 ? -Math.trunc(before * c.fraction) : 0;
      const after = before + closes;
      expect(Math.abs(after)).toBeLessThanOrEqual(Math.abs(before));
      expect(after === 0 || Math.sign(after) === Math.sign(before)).toBe(true);
      book[p.symbol] = after;
      p.state = 'triggered';
      p.executed = closes;
      for (const q of protective) if (q.state === 'resting' && q.account === p.account && q.symbol === p.symbol) q.state = 'gone';
      // It never adds to the trader's exposure (the firm's net may move away from zero, as any close's may).
      const now = truthOf(w, p.trader);
      expect(now.gross).toBeLessThanOrEqual(exposure.gross + EPS);
      expect(now.bySymbol[p.symbol] ?? 0).toBeLessThanOrEqual((exposure.bySymbol[p.symbol] ?? 0) + EPS);
      allowance[p.symbol]! += Math.abs(closes) * MARKS[p.symbol]!;
      // The position is now smaller than the gates know: reduce-only orders in flight on it, or
      // read before a snapshot shows it, are held by the exchange's own cap, as after any change
      // the gates did not make.
      for (const o of live)
        if (o.filled === undefined && o.request.account === p.account && o.request.symbol === p.symbol) o.tainted = true;
      for (const r of requests) if (r.account === p.account && r.symbol === p.symbol) r.closedUnder = true;
      closedUnseen.add(`${p.account}\u0000${p.symbol}`);
      check();
    } else if (c.kind === 'protectiveCancel') {
      const resting = protective.filter((p) => p.state === 'resting');
      if (resting.length) resting[c.pick % resting.length]!.state = 'gone';
    } else if (c.kind === 'protectiveAck') {
      const done = protective.filter((p) => p.state !== 'resting');
      if (!done.length) continue;
      const p = done[c.pick % done.length]!;
      protective.splice(protective.indexOf(p), 1);
      const includedFrom = w.now + CLOCK_SKEW_MS;
      if (p.state === 'triggered' && p.executed !== 0) {
        told.push({ account: p.account, symbol: p.symbol, qty: p.executed, includedFrom });
        gates[p.trader]!.progress(p.orderId, { executed: p.executed, open: false, includedFrom });
      } else gates[p.trader]!.settle(p.orderId, { filled: 0, includedFrom });
    } else if (c.kind === 'snapshot') {
      const account = [...w.snapshots.keys()][c.account % 6]!;
      // Stamped before the read: the positions are as of now, the time may be earlier.
      const ts = w.now - c.lag;
      if (ts >= w.snapshots.get(account)!.ts) {
        w.snapshots.set(account, { ts, positions: { ...w.truth.get(account)! } });
        seen(account);
      }
    }
    exact();
  }
  check();
}

describe('the pre-trade gate under any interleaving', () => {
  it('never lets accepted orders take a limit past its value, nor a reduce-only order flip a position', () => {
    fc.assert(
      fc.property(scenario, (sc) => playScenario(sc)),
      { numRuns: 10_000 },
    );
  }, 180_000);

  /**
   * The three ways a take-profit or stop-loss used to change what a later order does (it skipped
   * the gates): long 1 AAA (mark 100), a limit of 300 per symbol, a sell of 4 judged as a flip to
   * short 3 (300) opens short 4 (400) once the long is closed under it. Each is now refused.
   */
  const base = {
    limits: { maxLeverage: undefined, maxPositionNotional: 300 },
    firmLimit: undefined,
    equities: [0, 0, 0, 0, 0, 0],
    initial: [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  };
  const sell = (quantity: number, limit = false) =>
    ({ kind: 'read', trader: 0, account: 0, symbol: 'AAA', side: 'SELL', quantity, reduceOnly: false, limit }) as const;

  /** Long 1 AAA at 100 with a limit of 300 per symbol; a sell of 4 on it; a stop on it. */
  const read: TraderRead = {
    accounts: [{ accountId: 'a', ts: 0, equity: 0, positions: [{ symbol: 'AAA', qty: 1, mark: 100 }] }],
    limits: { maxPositionNotional: 300 },
    readAt: 0,
  };
  const ask: OrderAsk = {
    orderId: 'o',
    accountId: 'a',
    symbol: 'AAA',
    side: 'SELL',
    quantity: 4,
    reduceOnly: false,
    mark: 100,
    stepSize: 1,
    minQty: 1,
    leverageSetting: 10,
  };
  const stop = { orderId: 'sl', accountId: 'a', symbol: 'AAA', mark: 100 };

  it('an order read while a stop rests is judged as if the position may be flat (the old gap: read before the close)', () => {
    const gate = new GateBook();
    expect(gate.reserveCloser(read, stop, 0)).toEqual({ ok: true });
    const d = gate.reserve(read, ask, 0);
    expect(d.ok).toBe(false);
    expect(!d.ok && d.refusal.kind === 'limit' && d.refusal.violation.value).toBe(400);
    // Without the stop, the same sell is the flip it looks like (short 3, at the limit).
    expect(new GateBook().reserve(read, ask, 0).ok).toBe(true);
    // A reduce-only close is sized on the position as it is: the exchange caps it if the stop closes first.
    expect(gate.reserve(read, { ...ask, orderId: 'c', quantity: null, reduceOnly: true }, 0)).toMatchObject({
      ok: true,
      quantity: 1,
    });
  });

  it('the interleaving of the old gap holds: the sell read before the trigger is refused', () => {
    playScenario({
      ...base,
      commands: [
        { kind: 'protect', account: 0, symbol: 'AAA', stale: false },
        sell(4),
        { kind: 'trigger', pick: 0, fraction: 1 },
        { kind: 'submit', pick: 0, atOnce: false },
        { kind: 'fill', pick: 0, fraction: 1 },
      ],
    });
  });

  it('a stop added under a resting flip order is refused with the limit (door 2)', () => {
    const gate = new GateBook();
    expect(gate.reserve(read, ask, 0).ok).toBe(true);
    gate.progress('o', { executed: 0, open: true, includedFrom: 2_000 });
    const d = gate.reserveCloser(read, stop, 0);
    expect(d).toMatchObject({
      ok: false,
      refusal: { kind: 'limit', violation: { kind: 'maxPositionNotional', value: 400, limit: 300 } },
    });
    // A sell of 3 resting instead leaves room: short 3 is 300 either way.
    const room = new GateBook();
    room.reserve(read, { ...ask, quantity: 3 }, 0);
    expect(room.reserveCloser(read, stop, 0)).toEqual({ ok: true });
    // And the scenario: the resting sell's flip, then the stop, which the gate refuses, so it never triggers.
    playScenario({
      ...base,
      commands: [
        sell(4, true),
        { kind: 'submit', pick: 0, atOnce: false },
        { kind: 'protect', account: 0, symbol: 'AAA', stale: false },
        { kind: 'trigger', pick: 0, fraction: 1 },
        { kind: 'fill', pick: 0, fraction: 1 },
      ],
    });
  });

  it('a position grown after its stop was placed is judged with the stop (door 3)', () => {
    playScenario({
      ...base,
      limits: { maxLeverage: undefined, maxPositionNotional: 500 },
      commands: [
        { kind: 'protect', account: 0, symbol: 'AAA', stale: false },
        { kind: 'read', trader: 0, account: 0, symbol: 'AAA', side: 'BUY', quantity: 2, reduceOnly: false, limit: false },
        { kind: 'submit', pick: 0, atOnce: false },
        { kind: 'fill', pick: 0, fraction: 1 },
        { kind: 'ack', pick: 0, refresh: true },
        // long 3 now; a sell of 8 is a flip to short 5 (500) — or short 8 once the stop closes the 3.
        sell(8),
        { kind: 'submit', pick: 0, atOnce: false },
        { kind: 'trigger', pick: 0, fraction: 1 },
        { kind: 'fill', pick: 0, fraction: 1 },
      ],
    });
  });

  it('once the stop is gone, the flip is judged on the position again', () => {
    const gate = new GateBook();
    gate.reserveCloser(read, stop, 0);
    gate.settle('sl', { filled: 0, includedFrom: 0 });
    expect(gate.reserve(read, ask, 0).ok).toBe(true);
    expect(gate.items.has('sl')).toBe(false);
  });
});
