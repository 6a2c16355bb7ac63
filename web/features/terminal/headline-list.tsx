import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { NewsItem } from '~/shared/news/news-feed';
import type { Arrival } from './use-terminal-news';
import { HeadlineRow, measuredLatency, PHONE_ROW_HEIGHT, ROW_HEIGHT } from './headline-row';
import type { PriceStore } from '~/shared/prices/price-store';

/** Within this many pixels of the top, new headlines show at once (no "N new" marker). */
const TOP_SLACK = 4;

export interface HeadlineListHandle {
  focus: () => void;
  scrollToTop: () => void;
}

/**
 * The headline stream: newest on top, virtualized (TanStack Virtual), a listbox whose focus stays
 * on the list itself (aria-activedescendant), so rows coming and going never take the focus away.
 * When the user has scrolled down, new headlines are added above without moving what they read,
 * and a "N new" marker takes them back up.
 */
export function HeadlineList({
  items,
  arrivals,
  selectedId,
  onSelect,
  store,
  sourceNames,
  phone = false,
  ref,
}: {
  items: NewsItem[];
  arrivals: ReadonlyMap<number, Arrival>;
  selectedId: number | null;
  onSelect: (id: number) => void;
  store: PriceStore;
  sourceNames: ReadonlyMap<string, string>;
  /** A phone's taller rows (headline-row.tsx). */
  phone?: boolean;
  ref?: Ref<HeadlineListHandle>;
}) {
  const rowHeight = phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [unseen, setUnseen] = useState(0);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders us itself
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => items[index]!.id,
    overscan: 8,
  });

  // Keep the reader's place when headlines arrive above it.
  const firstId = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const previous = firstId.current;
    firstId.current = items[0]?.id;
    const el = scrollRef.current;
    if (previous === undefined || !el || items[0]?.id === previous) return;
    const added = items.findIndex((item) => item.id === previous);
    if (added <= 0) return;
    if (el.scrollTop > TOP_SLACK) {
      el.scrollTop += added * rowHeight;
      setUnseen((n) => n + added);
    }
  }, [items, rowHeight]);

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const onScroll = () => {
      if (el.scrollTop <= TOP_SLACK) setUnseen(0);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  const selectedIndex = selectedId === null ? -1 : items.findIndex((item) => item.id === selectedId);
  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
    // Only when the selection moves, not when items arrive (that would undo the anchoring above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);

  useImperativeHandle(ref, () => ({
    focus: () => scrollRef.current?.focus(),
    scrollToTop: () => {
      scrollRef.current?.scrollTo({ top: 0 });
      setUnseen(0);
    },
  }));

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      {unseen > 0 ? (
        <button
          type="button"
          onClick={() => {
            scrollRef.current?.scrollTo({ top: 0 });
            setUnseen(0);
          }}
          className="absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full border border-primary/40 bg-primary px-3 py-1 text-xs font-medium text-primary-foreground shadow"
          data-testid="new-marker"
        >
          ↑ {unseen} new
        </button>
      ) : null}
      <div
        ref={scrollRef}
        role="listbox"
        tabIndex={0}
        aria-label="Headlines, newest first"
        aria-activedescendant={selectedId !== null ? `headline-${selectedId}` : undefined}
        className="min-h-0 flex-1 overflow-y-auto outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
        data-testid="headline-list"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((row) => {
            const item = items[row.index]!;
            const arrival = arrivals.get(item.id);
            return (
              <HeadlineRow
                key={item.id}
                item={item}
                index={row.index}
                start={row.start}
                selected={item.id === selectedId}
                liveAt={arrival?.live ? arrival.at : undefined}
                latency={measuredLatency(item, arrival?.live ? arrival.at : undefined)}
                sourceName={sourceNames.get(item.sourceId)}
                store={store}
                onSelect={onSelect}
                phone={phone}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
