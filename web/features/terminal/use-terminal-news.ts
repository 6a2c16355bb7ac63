import { useCallback, useEffect, useRef, useState } from 'react';
import { useEventStream } from '~/lib/event-stream';
import type { NewsItem } from '~/shared/news/news-feed';
import { rpc } from '~/lib/rpc';

/** Headlines kept in the terminal, newest first. */
export const TERMINAL_LIMIT = 1000;
const FIRST_PAGE = 200;

/** Garbage and test items never reach the terminal. */
const shown = (item: NewsItem) => !item.isGarbage && !item.isTest;

const newestFirst = (a: NewsItem, b: NewsItem) => b.ts - a.ts || b.id - a.id;

export interface Arrival {
  /** Date.now() when the browser received it (live or catch-up). */
  at: number;
  /** Received live (not from the first load): it may sound, notify and count as new. */
  live: boolean;
}

/** What the bench reads: when each live headline arrived and when the frame after it was painted. */
export interface PaintRecord {
  id: number;
  /** The headline's publication time and title (bench/news-sources.mjs matches them to what its fakes published). */
  ts: number;
  title: string;
  receivedAt: number;
  arrivedAt: number;
  paintedAt: number;
}
declare global {
  interface Window {
    __terminalPaints?: PaintRecord[];
  }
}

/**
 * The terminal's headlines: the newest page, then the live NewsHub stream. A reconnection resumes
 * from the last event id (the hub replays what was missed); the first connection and a reset ask
 * the Worker for exactly the items stored after the newest id held (getNewsSince), so nothing is
 * missing, and nothing is doubled (items merge by id).
 */
export function useTerminalNews(onArrive: (item: NewsItem) => void) {
  const [state, setState] = useState<{ items: NewsItem[]; arrivals: ReadonlyMap<number, Arrival> }>({
    items: [],
    arrivals: new Map(),
  });
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const known = useRef(new Set<number>());
  const newestId = useRef(0);
  const onArriveRef = useRef(onArrive);
  useEffect(() => {
    onArriveRef.current = onArrive;
  });

  const add = useCallback((incoming: NewsItem[], live: boolean) => {
    const fresh = incoming.filter((item) => shown(item) && !known.current.has(item.id));
    // A headline already shown can come again, updated ("also reported by" another source): replace it in place.
    const updated = new Map(incoming.filter((item) => known.current.has(item.id)).map((item) => [item.id, item]));
    for (const item of incoming) newestId.current = Math.max(newestId.current, item.id);
    if (updated.size) setState((prev) => ({ ...prev, items: prev.items.map((item) => updated.get(item.id) ?? item) }));
    if (!fresh.length) return;
    const at = Date.now();
    for (const item of fresh) known.current.add(item.id);
    setState((prev) => {
      const items = [...fresh, ...prev.items].sort(newestFirst).slice(0, TERMINAL_LIMIT);
      const arrivals = new Map(prev.arrivals);
      for (const item of fresh) arrivals.set(item.id, { at, live });
      if (arrivals.size > TERMINAL_LIMIT * 2) for (const id of [...arrivals.keys()].slice(0, TERMINAL_LIMIT)) arrivals.delete(id);
      return { items, arrivals };
    });
    if (!live) return;
    for (const item of fresh) onArriveRef.current(item);
    // Ingest → painted: the frame after this render commits (measured by bench/terminal.mjs).
    requestAnimationFrame(() =>
      setTimeout(() => {
        const paintedAt = performance.timeOrigin + performance.now();
        const log = (window.__terminalPaints ??= []);
        for (const item of fresh)
          log.push({ id: item.id, ts: item.ts, title: item.title, receivedAt: item.receivedAt, arrivedAt: at, paintedAt });
        if (log.length > 5000) log.splice(0, log.length - 5000);
      }),
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    rpc
      .getHistoricalNews(
        { limit: FIRST_PAGE, excludeGarbage: true, excludeTestNews: true, includeMetadata: true },
        { signal: controller.signal },
      )
      .then(({ items: page }) => {
        add(page, false);
        setLoaded(true);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setError(err instanceof Error ? err.message : 'Could not load the headlines');
      });
    return () => controller.abort();
  }, [add]);

  // The hub leaves garbage and test items out for the terminal (the `shown` check stays as a guard).
  const open = useCallback(
    (signal: AbortSignal, lastEventId?: string) =>
      rpc.streamNews({ excludeGarbage: true, excludeTestNews: true }, { signal, lastEventId }),
    [],
  );
  const onEvent = useCallback((item: NewsItem) => add([item], true), [add]);
  const [resets, setResets] = useState(0);
  const onReset = useCallback(() => setResets((n) => n + 1), []);
  const stream = useEventStream<NewsItem>({ key: 'terminal-news', open, onEvent, onReset });

  // The exact catch-up by id, once the first page is in: after the first connection and after a
  // reset by the hub. A resumed reconnection needs none: the hub replays what was missed.
  const connected = stream.status === 'live';
  const caughtUp = useRef(-1);
  useEffect(() => {
    if (!connected || !loaded || caughtUp.current === resets) return;
    caughtUp.current = resets;
    const controller = new AbortController();
    rpc
      .getNewsSince({ afterId: newestId.current }, { signal: controller.signal })
      .then(({ items: missed }) => add(missed, true))
      .catch(() => {
        // The stream is up; the next reconnection asks again.
      });
    return () => controller.abort();
  }, [connected, loaded, resets, add]);

  return { items: state.items, arrivals: state.arrivals, loaded, error, stream };
}
