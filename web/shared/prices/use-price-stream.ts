import { useCallback, useMemo, useState } from 'react';
import type { PriceTick } from '@contract/prices';
import { useEventStream } from '~/lib/event-stream';
import type { NewsItem } from '~/shared/news/news-feed';
import { rpc } from '~/lib/rpc';
import { MAX_STREAM_SYMBOLS, SYMBOL_PATTERN } from '@contract/patterns';
import { PriceStore } from './price-store';

/**
 * The symbols to price: the chart's first, then those of the newest headlines, at most the hub's
 * limit, and only symbols the market lists (the hub refuses a stream asking for any other). None
 * until the listing is known.
 */
export function watchedSymbols(
  items: readonly NewsItem[],
  extra: readonly string[],
  listed: ReadonlySet<string> | undefined,
): string[] {
  if (!listed) return [];
  const set = new Set(extra.filter((s) => listed.has(s)));
  for (const item of items) {
    if (set.size >= MAX_STREAM_SYMBOLS) break;
    for (const symbol of item.symbols) if (listed.has(symbol) && SYMBOL_PATTERN.test(symbol)) set.add(symbol);
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
  const open = useCallback(
    (signal: AbortSignal, lastEventId?: string) => rpc.streamPrices(input, { signal, lastEventId }),
    [input],
  );
  const onEvent = useCallback((tick: PriceTick) => store.apply(tick), [store]);
  // The hub ticks every second: 10 s of silence means the connection is gone.
  const stream = useEventStream<PriceTick>({ key: `prices:${key}`, enabled: key !== '', open, onEvent, idleTimeoutMs: 10_000 });
  return { store, stream };
}
