import {
  closerReservation,
  decide,
  decideCloser,
  decideFirm,
  type CloserAsk,
  type CloserDecision,
  type Decision,
  type FirmAsk,
  type FirmDecision,
  type FirmRead,
  type GateItem,
  type OrderAsk,
  type TraderRead,
} from './gate-core';
import { progressed, reservation, settled, upkeep, type Progress, type Settlement } from './gate-items';

/** Where a gate keeps its items across restarts (the Durable Object's storage; nothing in tests). */
export interface GateStore {
  put(item: GateItem): void;
  delete(orderId: string): void;
}

const noStore: GateStore = { put: () => undefined, delete: () => undefined };

/**
 * One gate's items and its operations. Every method is synchronous: in a Durable Object nothing
 * else runs between a check and its reservation.
 */
export class GateBook {
  readonly items = new Map<string, GateItem>();

  constructor(
    private readonly store: GateStore = noStore,
    initial: Iterable<GateItem> = [],
  ) {
    for (const item of initial) this.items.set(item.orderId, item);
  }

  private keep(item: GateItem) {
    this.items.set(item.orderId, item);
    this.store.put(item);
  }

  private drop(orderId: string) {
    if (this.items.delete(orderId)) this.store.delete(orderId);
  }

  private tidy(tsOf: (accountId: string) => number | null | undefined, now: number) {
    const { changed, dropped } = upkeep(this.items.values(), tsOf, now);
    for (const item of changed) this.keep(item);
    for (const id of dropped) this.drop(id);
  }

  private traderTidy(read: TraderRead, now: number) {
    const ts = new Map(read.accounts.map((a) => [a.accountId, a.ts]));
    this.tidy((id) => ts.get(id), now);
  }

  /** The judgement without reserving anything (previewOrder). */
  preview(read: TraderRead, ask: OrderAsk, now: number): Decision {
    return decide(read, this.items.values(), ask, now);
  }

  /**
   * Judges the order and, when accepted, reserves it. An order already reserved here (a resend of
   * the same order) keeps its reservation.
   */
  reserve(read: TraderRead, ask: OrderAsk, now: number): Decision {
    this.traderTidy(read, now);
    const held = this.items.get(ask.orderId);
    const others = [...this.items.values()].filter((i) => i.orderId !== ask.orderId);
    const decision = decide(read, others, ask, now);
    if (held && held.filled === null && decision.ok) return decision;
    if (decision.ok) this.keep(reservation(ask, (ask.side === 'BUY' ? 1 : -1) * decision.quantity, now));
    return decision;
  }

  /**
   * Judges a take-profit or stop-loss and, when accepted, counts it as a closer of its position
   * until its fill or its end is reported. One already held here (a resend) stays as it is.
   */
  reserveCloser(read: TraderRead, ask: CloserAsk, now: number): CloserDecision {
    this.traderTidy(read, now);
    if (this.items.has(ask.orderId)) return { ok: true };
    const decision = decideCloser(read, this.items.values(), ask, now);
    if (decision.ok) this.keep(closerReservation(ask, now));
    return decision;
  }

  /**
   * Counts a take-profit or stop-loss already resting at the exchange as a closer, without judging
   * it: its account was just assigned to this gate's trader (the order exists whatever this book
   * holds; leaving it out would judge the trader's flips of that position as if it could not close).
   */
  holdCloser(ask: CloserAsk, now: number) {
    if (!this.items.has(ask.orderId)) this.keep(closerReservation(ask, now));
  }

  previewFirm(read: FirmRead, ask: FirmAsk, now: number): FirmDecision {
    return decideFirm(read, this.items.values(), ask, now);
  }

  /**
   * Judges the order at the firm's limit and reserves it when accepted. `always`: reserve it
   * whatever the judgement (the caller asked the trader's gate at the same time and releases it if
   * the two together refuse it).
   */
  reserveFirm(read: FirmRead, ask: FirmAsk, now: number, always = false): FirmDecision {
    this.tidy((id) => read.ts[id], now);
    const others = [...this.items.values()].filter((i) => i.orderId !== ask.orderId);
    const decision = decideFirm(read, others, ask, now);
    if (decision.ok || (always && decision.refusal.kind === 'limit')) this.keep(reservation(ask, ask.qty, now));
    return decision;
  }

  /** The exchange's answer: the fill (its size and from when snapshots show it), or nothing filled. */
  settle(orderId: string, settlement: Settlement) {
    const item = this.items.get(orderId);
    if (!item) return;
    const next = settled(item, settlement);
    if (next) this.keep(next);
    else this.drop(orderId);
  }

  /**
   * A resting order's progress: its fills so far move from "resting" to "filled" (their own item,
   * counted until a snapshot shows them), what still rests stays reserved; done, it leaves.
   */
  progress(orderId: string, p: Progress) {
    const item = this.items.get(orderId);
    if (!item || item.filled !== null) return;
    const { fill, rest } = progressed(item, p);
    if (fill && !this.items.has(fill.orderId)) this.keep(fill);
    if (!rest) this.drop(orderId);
    // Unchanged (a repeated report, or a limit's first "resting, nothing filled"): no write.
    else if (rest.qty !== item.qty || rest.resting?.reported !== item.resting?.reported) this.keep(rest);
  }

  /** The order was never sent (refused elsewhere, or a duplicate): its reservation goes. */
  release(orderId: string) {
    const item = this.items.get(orderId);
    if (item && item.filled === null) this.drop(orderId);
  }
}
