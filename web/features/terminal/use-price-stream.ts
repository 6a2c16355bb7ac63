import { useCallback, useMemo, useState } from 'react';
import type { PriceTick } from '../../../worker/contract/prices';
import { useEventStream } from '~/lib/event-stream';
import type { NewsItem } from '~/lib/news-feed';
import { rpc } from '~/lib/rpc';
import { PriceStore } from './price-store';

/** contract/prices.ts MAX_STREAM_SYMBOLS (a value import would pull zod into this chunk). */
const MAX_STREAM_SYMBOLS = 100;

/** The symbols to price: the chart's first, then those of the newest headlines, at most the hub's limit. */
export function watchedSymbols(items: readonly NewsItem[], extra: readonly string[]): string[] {
  const set = new Set(extra);
  for (const item of items) {
    for (const symbol of item.symbols) if (/^[A-Z0-9]{1,20}$/.test(symbol)) set.add(symbol);
    if (set.size >= MAX_STREAM_SYMBOLS) break;
  }
  return [...set].slice(0, MAX_STREAM_SYMBOLS).sort();
}

/**
 * One price stream for the terminal (PriceHub through the Worker): the symbol set is its key, so a
 * new symbol reopens it; the hub answers a known set with its last prices at once.
 */
export function usePriceStream(symbols: string[]) {
  const [store] = useState(() => new PriceStore());
  const key = symbols.join(',');
  const input = useMemo(() => ({ symbols: key ? key.split(',') : [] }), [key]);
  const open = useCallback((signal: AbortSignal, lastEventId?: string) => rpc.streamPrices(input, { signal, lastEventId }), [input]);
  const onEvent = useCallback((tick: PriceTick) => store.apply(tick), [store]);
  // The hub ticks every second: 10 s of silence means the connection is gone.
  const stream = useEventStream<PriceTick>({ key: `prices:${key}`, enabled: key !== '', open, onEvent, idleTimeoutMs: 10_000 });
  return { store, stream };
}
