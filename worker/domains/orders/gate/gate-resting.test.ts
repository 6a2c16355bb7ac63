import { describe, expect, it } from 'vitest';
import { GateBook } from './gate-book';
import { CLOCK_SKEW_MS, IN_FLIGHT_MAX_MS, type OrderAsk, type TraderRead } from './gate-core';

/**
 * A resting order in the gate, step by step: it counts in full while it rests (however long), a
 * partial fill moves that part to the position, a cancel releases what still rests.
 */
const T0 = 1_000_000;
const read = (now: number, qty = 0, ts = now): TraderRead => ({
  accounts: [{ accountId: 'a', ts, equity: 10_000, positions: qty ? [{ symbol: 'AAA', qty, mark: 100 }] : [] }],
  limits: { maxPositionNotional: 1_000 },
  readAt: now,
});
const ask = (orderId: string, quantity: number, side: 'BUY' | 'SELL' = 'BUY'): OrderAsk => ({
  orderId,
  accountId: 'a',
  symbol: 'AAA',
  side,
  quantity,
  reduceOnly: false,
  mark: 100,
  stepSize: 1,
  minQty: 1,
  leverageSetting: 10,
});

describe('a resting order in the pre-trade gate', () => {
  it('a limit is held as resting from its reservation: its first answer (on the book, nothing filled) writes nothing', () => {
    const writes: string[] = [];
    const gate = new GateBook({
      put: (i) => void writes.push(`put ${i.orderId}`),
      delete: (id) => void writes.push(`delete ${id}`),
    });
    expect(gate.reserve(read(T0), { ...ask('limit', 8), rests: true }, T0).ok).toBe(true);
    expect(gate.items.get('limit')!.resting).toEqual({ reported: 0 });
    gate.progress('limit', { executed: 0, open: true, includedFrom: T0 + CLOCK_SKEW_MS });
    gate.progress('limit', { executed: 0, open: true, includedFrom: T0 + CLOCK_SKEW_MS });
    expect(writes).toEqual(['put limit']);
    // A part filled: the fill and what still rests are written; the cancel deletes it.
    gate.progress('limit', { executed: 3, open: true, includedFrom: T0 + CLOCK_SKEW_MS });
    gate.progress('limit', { executed: 3, open: false, includedFrom: T0 + CLOCK_SKEW_MS });
    expect(writes).toEqual(['put limit', 'put limit#3', 'put limit', 'delete limit']);
  });

  it('holds its room while it rests, past the in-flight horizon too', () => {
    const gate = new GateBook();
    expect(gate.reserve(read(T0), ask('limit', 8), T0).ok).toBe(true);
    gate.progress('limit', { executed: 0, open: true, includedFrom: T0 + CLOCK_SKEW_MS });
    const later = T0 + IN_FLIGHT_MAX_MS + 60_000;
    // A snapshot long after shows nothing filled: the resting 8 still count, so 3 more would pass 10.
    expect(gate.reserve(read(later, 0, later), ask('more', 3), later).ok).toBe(false);
    expect(gate.reserve(read(later, 0, later), ask('some', 2), later).ok).toBe(true);
  });

  it('a partial fill moves to the position; what still rests stays reserved; cancel releases it', () => {
    const gate = new GateBook();
    gate.reserve(read(T0), ask('limit', 8), T0);
    gate.progress('limit', { executed: 0, open: true, includedFrom: T0 });
    // 5 filled, reported; a snapshot after shows them: 5 held + 3 resting.
    gate.progress('limit', { executed: 5, open: true, includedFrom: T0 + 10 });
    const t = T0 + 20;
    expect(gate.reserve(read(t, 5, t), ask('more', 3), t).ok).toBe(false);
    expect(gate.reserve(read(t, 5, t), ask('fits', 2), t).ok).toBe(true);
    gate.release('fits');
    // A repeated or stale report changes nothing.
    gate.progress('limit', { executed: 5, open: true, includedFrom: T0 + 10 });
    expect(gate.reserve(read(t, 5, t), ask('again', 3), t).ok).toBe(false);
    // Canceled with 5 filled: the resting 3 leave.
    gate.progress('limit', { executed: 5, open: false, includedFrom: T0 + 10 });
    expect(gate.reserve(read(t, 5, t), ask('after', 5), t).ok).toBe(true);
    expect([...gate.items.keys()].sort()).toEqual(['after', 'limit#5']);
  });

  it('a fill not yet in a snapshot counts on top of it', () => {
    const gate = new GateBook();
    gate.reserve(read(T0), ask('limit', 6, 'SELL'), T0);
    gate.progress('limit', { executed: -6, open: false, includedFrom: T0 + 5_000 });
    // The snapshot at T0 + 1 s predates includedFrom: the -6 still counts, so a sell of 5 is over.
    const t = T0 + 1_000;
    expect(gate.reserve(read(t, 0, t), ask('sell', 5, 'SELL'), t).ok).toBe(false);
    expect(gate.reserve(read(t, 0, t), ask('buy', 5), t).ok).toBe(true);
  });
});
