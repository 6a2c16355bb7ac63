import type { ExchangeKind } from '../contract/enums';
import { getProviderConfig, type Bindings } from '../env';
import { createExchangeAdapter, defaultExchangeKind } from '../exchanges/factory';
import type { ExchangeAdapter } from '../exchanges/types';

/** Adapters built from the Worker's env, one per kind, reused within an isolate. */
const cache = new WeakMap<object, Map<ExchangeKind, ExchangeAdapter>>();

export function adapterFor(env: Bindings, kind: ExchangeKind): ExchangeAdapter {
  let byKind = cache.get(env);
  if (!byKind) cache.set(env, (byKind = new Map()));
  let adapter = byKind.get(kind);
  if (!adapter) {
    adapter = createExchangeAdapter(kind, { settings: getProviderConfig(env).binance });
    byKind.set(kind, adapter);
  }
  return adapter;
}

/** The exchange the news prices come from: Binance when its keys are set, else the simulated one. */
export function defaultAdapterFor(env: Bindings): ExchangeAdapter {
  return adapterFor(env, defaultExchangeKind(getProviderConfig(env).binance));
}
