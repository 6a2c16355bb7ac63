import type { ExchangeKind } from '../db/schema/accounts';
import type { Bindings } from '../env';
import { createExchangeAdapter, type ExchangeEnv } from './factory';
import type { ExchangeAdapter } from './types';

/** Adapters built from the Worker's env, one per kind, reused within an isolate. */
const cache = new WeakMap<object, Map<ExchangeKind, ExchangeAdapter>>();

export function adapterFor(env: Bindings, kind: ExchangeKind): ExchangeAdapter {
  let byKind = cache.get(env);
  if (!byKind) cache.set(env, (byKind = new Map()));
  let adapter = byKind.get(kind);
  if (!adapter) {
    adapter = createExchangeAdapter(kind, { env: env as unknown as ExchangeEnv });
    byKind.set(kind, adapter);
  }
  return adapter;
}
