import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useEventStream } from '~/lib/event-stream';
import { canPageOlder, historicalInput, matchesFeed, mergeFeed, type FeedView, type NewsItem } from '~/shared/news/news-feed';
import { newsFeedQueryOptions } from './news-feed-query';
import type { NewsSearch } from '~/shared/news/news-search';
import { rpc } from '~/lib/rpc';
import { useWatchVersion } from '~/shared/watchlists/watch-store';

/** Items kept from the live stream (all filters), newest last. */
const LIVE_BUFFER = 2000;
/** How many of the newest items a (re)connection asks for, to fill the gap while disconnected. */
const CATCH_UP_LIMIT = 100;

interface LiveState {
  items: NewsItem[];
  /** id → Date.now() when it arrived live (highlight, "N new"). */
  arrivals: Map<number, number>;
}

/**
 * The feed's data: fetched pages (TanStack infinite query keyed by the normalised search) merged
 * with the items that arrive on the live stream and match the current filters. `onArrive` runs once
 * per new matching item (sound, desktop notification).
 */
export function useNewsFeed({
  search,
  view,
  onArrive,
}: {
  search: NewsSearch;
  view: FeedView;
  onArrive: (item: NewsItem) => void;
}) {
  const query = useInfiniteQuery({
    ...newsFeedQueryOptions(search, view),
    placeholderData: keepPreviousData,
    // The first load failing is the feed's error page; a failed further page is shown in the list.
    throwOnError: (_error, q) => q.state.data === undefined,
  });

  const [live, setLive] = useState<LiveState>({ items: [], arrivals: new Map() });
  const current = useRef({ search, view, known: new Set<number>(), newestTs: 0, onArrive });

  const pages = useMemo(() => query.data?.pages.map((page) => page.items) ?? [], [query.data]);
  const limit = Number(historicalInput(search, view).limit);
  const lastPage = pages.at(-1);
  // Everything that matches is loaded: no older page to come (newest first), or the one page the
  // other orders get was not full.
  const complete = !query.isPlaceholderData && (canPageOlder(search) ? !query.hasNextPage : (lastPage?.length ?? 0) < limit);

  // "My watchlists": a headline may come on the news stream before its hit on the alert stream; the
  // list is merged again when the hit arrives (watch-store's version).
  const watchVersion = useWatchVersion();
  const watchKey = search.watchOnly ? watchVersion : 0;
  const items = useMemo(() => {
    // While the new filters load, show the previous list narrowed by them right away.
    const shown = query.isPlaceholderData ? pages.map((page) => page.filter((item) => matchesFeed(item, search, view))) : pages;
    return mergeFeed({ pages: shown, live: live.items, search, view, complete });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages, live.items, search, view, complete, query.isPlaceholderData, watchKey]);

  // Once per list, not per render (the page renders several times per page of 200 it loads).
  const listed = useMemo(() => {
    let newestTs = 0;
    for (const item of items) if (item.ts > newestTs) newestTs = item.ts;
    return { known: new Set(items.map((item) => item.id)), newestTs };
  }, [items]);
  useEffect(() => {
    current.current = { search, view, known: listed.known, newestTs: listed.newestTs, onArrive };
  });

  /**
   * Adds items to the live buffer. From the stream, every new matching item counts as an arrival;
   * from a catch-up fetch only those newer than everything already shown (published during a gap).
   */
  const addLive = useCallback((incoming: NewsItem[], fromStream: boolean) => {
    const { search: s, view: v, known, newestTs, onArrive: arrive } = current.current;
    const fresh = incoming.filter(
      (item) => !known.has(item.id) && matchesFeed(item, s, v) && (fromStream || (known.size > 0 && item.ts > newestTs)),
    );
    setLive((prev) => {
      const byId = new Map(prev.items.map((item) => [item.id, item]));
      for (const item of incoming) byId.set(item.id, item);
      const items = [...byId.values()].sort((a, b) => a.ts - b.ts).slice(-LIVE_BUFFER);
      const arrivals = new Map(prev.arrivals);
      const now = Date.now();
      for (const item of fresh) if (!arrivals.has(item.id)) arrivals.set(item.id, now);
      if (arrivals.size > LIVE_BUFFER)
        for (const id of [...arrivals.keys()].slice(0, arrivals.size - LIVE_BUFFER)) arrivals.delete(id);
      return { items, arrivals };
    });
    for (const item of incoming) known.add(item.id);
    if (fromStream) for (const item of fresh) arrive(item);
  }, []);

  // Hidden test/garbage items are left out by the hub itself; showing them is a different stream.
  const { showGarbage, showTest } = view;
  const open = useCallback(
    (signal: AbortSignal, lastEventId?: string) =>
      rpc.streamNews({ excludeGarbage: !showGarbage, excludeTestNews: !showTest }, { signal, lastEventId }),
    [showGarbage, showTest],
  );
  const onEvent = useCallback((item: NewsItem) => addLive([item], true), [addLive]);
  const [resets, setResets] = useState(0);
  const onReset = useCallback(() => setResets((n) => n + 1), []);
  const streamKey = `news-feed:${showGarbage}:${showTest}`;
  const stream = useEventStream<NewsItem>({ key: streamKey, open, onEvent, onReset });

  // A fresh stream (first connection, new key, or a reset by the hub): fetch the newest items once,
  // so nothing published before it connected is missing from the top. A resumed reconnection needs
  // nothing: the hub replays exactly what was missed (Last-Event-ID).
  const connected = stream.status === 'live';
  const caughtUp = useRef('');
  useEffect(() => {
    const mark = `${streamKey}:${resets}`;
    if (!connected || caughtUp.current === mark) return;
    caughtUp.current = mark;
    const controller = new AbortController();
    const { search: s, view: v } = current.current;
    rpc
      .getHistoricalNews({ ...historicalInput(s, v), limit: CATCH_UP_LIMIT }, { signal: controller.signal })
      .then(({ items: newest }) => addLive(newest, false))
      .catch(() => {
        // The stream is up; the next reconnection tries again.
      });
    return () => controller.abort();
  }, [connected, streamKey, resets, addLive]);

  return { query, items, stream, arrivals: live.arrivals, complete, limit };
}
