import { DurableObject } from 'cloudflare:workers';
import { GateBook } from '../domains/orders/gate/gate-book';
import type { Gates } from '../domains/orders/gate/gate-client';
import type { CloserAsk, FirmAsk, FirmRead, GateItem, OrderAsk, TraderRead } from '../domains/orders/gate/gate-core';
import type { Progress, Settlement } from '../domains/orders/gate/gate-items';
import type { Bindings } from '../env';

const PREFIX = 'item:';

/**
 * The pre-trade gate: one object per trader (`trader:<id>`) and one for the firm (`firm`). Each
 * method runs to the end without awaiting, so two orders never interleave between their check and
 * their reservation; the items are written to the object's storage in the same turn (the reply
 * waits for the write), so a restarted gate still counts every order in flight.
 */
export class RiskGate extends DurableObject<Bindings> {
  private readonly book: GateBook;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    const kv = ctx.storage.kv;
    const stored = [...kv.list<GateItem>({ prefix: PREFIX })].map(([, item]) => item);
    this.book = new GateBook(
      { put: (item) => kv.put(PREFIX + item.orderId, item), delete: (orderId) => void kv.delete(PREFIX + orderId) },
      stored,
    );
  }

  reserve(read: TraderRead, ask: OrderAsk) {
    return this.book.reserve(read, ask, Date.now());
  }

  reserveCloser(read: TraderRead, ask: CloserAsk) {
    return this.book.reserveCloser(read, ask, Date.now());
  }

  holdCloser(ask: CloserAsk) {
    this.book.holdCloser(ask, Date.now());
  }

  preview(read: TraderRead, ask: OrderAsk) {
    return this.book.preview(read, ask, Date.now());
  }

  previewFirm(read: FirmRead, ask: FirmAsk) {
    return this.book.previewFirm(read, ask, Date.now());
  }

  reserveFirm(read: FirmRead, ask: FirmAsk, always?: boolean) {
    return this.book.reserveFirm(read, ask, Date.now(), always);
  }

  settle(orderId: string, settlement: Settlement) {
    this.book.settle(orderId, settlement);
  }

  progress(orderId: string, progress: Progress) {
    this.book.progress(orderId, progress);
  }

  release(orderId: string) {
    this.book.release(orderId);
  }

  /** What the gate holds (tests, system status). */
  items(): GateItem[] {
    return [...this.book.items.values()];
  }
}

/** The gates of this deployment (the wiring layer hands them to the order domain). */
export function riskGates(namespace: Bindings['RISK_GATE']): Gates {
  return {
    trader: (traderId) => namespace.getByName(`trader:${traderId}`),
    firm: () => namespace.getByName('firm'),
  };
}
