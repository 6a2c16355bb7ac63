import { AsyncLocalStorage } from 'node:async_hooks';
import type { OrderRow } from '../../db/schema/orders';

/** Where the steps of orders go while a request handles them (order-hub.ts: the trader's OrdersHub). */
export type OrderEventSink = (row: OrderRow) => void;

const sinks = new AsyncLocalStorage<OrderEventSink>();

/**
 * Runs `work` with its order steps going to `sink`. The order code stays free of transport: it
 * only calls publishOrderEvent, which does nothing outside such a scope (tests, benches).
 */
export function withOrderEvents<T>(sink: OrderEventSink, work: () => T): T {
  return sinks.run(sink, work);
}

/** One order has just changed (recorded, sent, settled): tell its live views. Never throws. */
export function publishOrderEvent(row: OrderRow | undefined) {
  if (row) sinks.getStore()?.(row);
}
