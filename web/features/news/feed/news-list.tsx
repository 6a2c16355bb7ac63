import { defaultRangeExtractor, measureElement, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import type { TimeFormat } from '@contract/enums';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/lib/cn';
import { type NewsItem } from '~/shared/news/news-feed';
import { formatShortAge } from '~/shared/news/news-format';
import { useMediaQuery } from '~/lib/use-media-query';
import { useNow } from '~/lib/use-now';
import { NewsRow } from './news-row';

/** How long a live item keeps its importance tint. */
const FRESH_MS = 8_000;
/** Then its tint fades out (a 2 s colour transition, news-row.tsx; the clock ticks each second). */
const FADE_MS = 3_000;
/** A desktop row with a one-line title (news-row.tsx), and a guess for a compact one. */
const ROW_HEIGHT = 37;
const NARROW_ROW_HEIGHT = 76;
/** Tailwind's `md` breakpoint: the rows' desktop layout. */
const WIDE = '(min-width: 48rem)';
/** Within this many pixels of the top the list counts as "at the top". */
const TOP_SLACK = 8;
/** Start loading older items this many rows before the end. */
const PREFETCH_ROWS = 15;

/**
 * Row heights come from the ResizeObserver the virtualizer keeps on each row. A row just mounted
 * starts at its known (or estimated) height instead of reading offsetHeight, which would force a
 * layout in the middle of the render for every row that scrolls into view; most rows are exactly
 * the estimate, so nothing moves when the observer reports.
 */
function measureRow(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<HTMLDivElement, Element>) {
  if (entry) return measureElement(element, entry, instance);
  const index = instance.indexFromElement(element);
  return instance.itemSizeCache.get(instance.options.getItemKey(index)) ?? instance.options.estimateSize(index);
}

export interface NewsListHandle {
  /** Moves the current row by `delta` (j/k, arrows) and focuses it. */
  move: (delta: number) => void;
  /** Focuses the first or last row (Home/End, g/G). */
  moveTo: (where: 'first' | 'last') => void;
  /** Opens the current row's link in a new tab, or shows its text when it has no link. */
  openCurrent: () => void;
  /** Focuses the current row (Escape from the search box). */
  focusCurrent: () => void;
  scrollToTop: () => void;
}

export function NewsList({
  items,
  arrivals,
  timeFormat,
  highlightNew,
  sourceNames,
  activeSymbols,
  onSymbol,
  hasMore,
  loadingMore,
  loadMoreError,
  onLoadMore,
  busy,
  resetKey,
  footer,
  ref,
}: {
  items: NewsItem[];
  arrivals: ReadonlyMap<number, number>;
  timeFormat: TimeFormat;
  highlightNew: boolean;
  sourceNames: ReadonlyMap<string, string>;
  activeSymbols: readonly string[] | undefined;
  onSymbol: (symbol: string) => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreError: string | null;
  onLoadMore: () => void;
  /** Dims the list while other filters load. */
  busy: boolean;
  /** Changes when the filters change: back to the top. */
  resetKey: string;
  /** Shown after the last row when no more pages exist. */
  footer?: ReactNode;
  ref?: Ref<NewsListHandle>;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const now = useNow();
  const [atTop, setAtTop] = useState(true);
  const [leftTopAt, setLeftTopAt] = useState(0);
  // The current row, by id (it stays put when items arrive above it); forgotten when filters change.
  const [active, setActive] = useState<{ key: string; id: number | null }>({ key: resetKey, id: null });
  const activeId = active.key === resetKey ? active.id : null;
  const setActiveId = useCallback((id: number | null) => setActive({ key: resetKey, id }), [resetKey]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const focusWanted = useRef(false);

  const indexById = useMemo(() => new Map(items.map((item, index) => [item.id, index])), [items]);
  const activeIndex = activeId === null ? 0 : Math.min(indexById.get(activeId) ?? 0, Math.max(items.length - 1, 0));

  const wide = useMediaQuery(WIDE);
  // Stable callbacks: a new getItemKey makes the virtualizer recompute every row's position.
  const estimateSize = useCallback(() => (wide ? ROW_HEIGHT : NARROW_ROW_HEIGHT), [wide]);
  const getItemKey = useCallback((index: number) => items[index]?.id ?? index, [items]);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders us itself
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    measureElement: measureRow,
    overscan: 8,
    getItemKey,
    // Keep the current row mounted while it is scrolled out of view, so it keeps keyboard focus.
    rangeExtractor: useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        if (activeIndex < range.count && !indexes.includes(activeIndex)) return [...indexes, activeIndex].sort((a, b) => a - b);
        return indexes;
      },
      [activeIndex],
    ),
    // Scrolled down: new items above keep what you read in place. At the top: they stream in.
    anchorTo: atTop ? 'start' : 'end',
  });
  const virtualItems = virtualizer.getVirtualItems();

  // New filters: start from the top.
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [resetKey]);

  // The other layout (the window crossed the md breakpoint): other heights.
  const measuredWide = useRef(wide);
  useEffect(() => {
    if (measuredWide.current === wide) return;
    measuredWide.current = wide;
    virtualizer.measure();
  }, [wide, virtualizer]);

  function onScroll() {
    // The virtualizer's own listener has read the offset already (reading scrollTop here would
    // force a layout of the rows it has just rendered).
    const top = (virtualizer.scrollOffset ?? scrollRef.current?.scrollTop ?? 0) <= TOP_SLACK;
    if (top === atTop) return;
    setAtTop(top);
    if (!top) setLeftTopAt(Date.now());
  }

  // Infinite scroll: load older items before the end comes into view.
  const lastIndex = virtualItems.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreError && items.length > 0 && lastIndex >= items.length - PREFETCH_ROWS) onLoadMore();
  }, [lastIndex, items.length, hasMore, loadingMore, loadMoreError, onLoadMore]);

  // After a keyboard move: focus the row once it is rendered where it was scrolled to.
  useEffect(() => {
    if (!focusWanted.current) return;
    let frames = 0;
    let raf = 0;
    const tryFocus = () => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
      if (row) {
        focusWanted.current = false;
        row.focus({ preventScroll: true });
      } else if (frames++ < 5) raf = requestAnimationFrame(tryFocus);
    };
    raf = requestAnimationFrame(tryFocus);
    return () => cancelAnimationFrame(raf);
  }, [activeIndex, activeId]);

  const goTo = useCallback(
    (index: number) => {
      if (!items.length) return;
      const next = Math.max(0, Math.min(index, items.length - 1));
      focusWanted.current = true;
      setActiveId(items[next]?.id ?? null);
      virtualizer.scrollToIndex(next, { align: 'auto' });
    },
    [items, virtualizer, setActiveId],
  );

  const toggleExpanded = useCallback((id: number) => {
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      move: (delta) => {
        const focusedInList = scrollRef.current?.contains(document.activeElement);
        // The first j/k from outside the list lands on the current row itself.
        goTo(focusedInList ? activeIndex + delta : activeIndex);
      },
      moveTo: (where) => goTo(where === 'first' ? 0 : items.length - 1),
      openCurrent: () => {
        const item = items[activeIndex];
        if (!item) return;
        if (item.url) window.open(item.url, '_blank', 'noopener,noreferrer');
        else if (item.body) toggleExpanded(item.id);
      },
      focusCurrent: () => goTo(activeIndex),
      scrollToTop: () => {
        virtualizer.scrollToOffset(0);
        goTo(0);
      },
    }),
    [goTo, items, toggleExpanded, virtualizer, activeIndex],
  );

  const onFocusRow = setActiveId;

  // "N new": items that arrived live after the list was scrolled away from the top.
  const unseen = useMemo(() => {
    let count = 0;
    if (!atTop) for (const [id, at] of arrivals) if (at > leftTopAt && indexById.has(id)) count++;
    return count;
  }, [atTop, arrivals, leftTopAt, indexById]);

  const setSize = hasMore ? -1 : items.length;

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {unseen > 0 ? (
        <div className="pointer-events-none absolute inset-x-0 top-2 z-10 flex justify-center">
          <Button
            size="xs"
            className="pointer-events-auto rounded-full px-3 shadow-lg"
            onClick={() => {
              virtualizer.scrollToOffset(0);
              goTo(0);
            }}
            data-testid="news-new-pill"
          >
            <span aria-hidden="true">↑</span>
            <span className="tabular">{unseen}</span> new
          </Button>
        </div>
      ) : null}
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className={cn(
          'min-h-0 flex-1 overflow-auto overscroll-contain rounded-lg border border-border bg-card transition-opacity',
          busy && 'opacity-60',
        )}
        data-testid="news-scroll"
      >
        <div
          role="feed"
          aria-label="Headlines"
          aria-busy={busy || loadingMore}
          className="relative w-full"
          style={{ height: virtualizer.getTotalSize() }}
          data-testid="news-feed"
          data-items={items.length}
        >
          {virtualItems.map((virtual) => {
            const item = items[virtual.index];
            if (!item) return null;
            const sinceArrival = now - (arrivals.get(item.id) ?? -Infinity);
            return (
              <NewsRow
                key={virtual.key as number}
                ref={virtualizer.measureElement}
                item={item}
                index={virtual.index}
                start={virtual.start}
                setSize={setSize}
                age={formatShortAge(now - item.ts)}
                timeFormat={timeFormat}
                fresh={highlightNew && sinceArrival < FRESH_MS}
                fading={highlightNew && sinceArrival < FRESH_MS + FADE_MS}
                wide={wide}
                active={virtual.index === activeIndex}
                expanded={expanded.has(item.id)}
                sourceName={sourceNames.get(item.sourceId)}
                activeSymbols={activeSymbols}
                onSymbol={onSymbol}
                onFocusRow={onFocusRow}
                onToggleExpanded={toggleExpanded}
              />
            );
          })}
        </div>
        <div
          className="flex min-h-10 items-center justify-center gap-2 px-3 py-2 text-xs text-muted-foreground"
          data-testid="news-list-end"
        >
          {loadMoreError ? (
            <>
              <span role="alert" className="text-destructive">
                Could not load older news: {loadMoreError}
              </span>
              <Button size="xs" variant="outline" onClick={onLoadMore}>
                Retry
              </Button>
            </>
          ) : loadingMore ? (
            <>
              <Spinner label="Loading older news" className="size-3" /> Loading older news…
            </>
          ) : hasMore ? (
            <Button size="xs" variant="ghost" onClick={onLoadMore}>
              Load older news
            </Button>
          ) : (
            footer
          )}
        </div>
      </div>
    </div>
  );
}
