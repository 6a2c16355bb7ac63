import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { OrderSide } from '@contract/enums';
import type { Importance } from '@contract/enums';
import { NEWS_SETTINGS_DEFAULTS as DEFAULT_NEWS_SETTINGS } from '@contract/server-fns/news-settings-defaults';
import type { SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { newsSettingsQuery, sourcesQuery } from '~/shared/news/news-settings-queries';
import type { NewsItem } from '~/shared/news/news-feed';
import {
  notificationPermission,
  playNewsBeep,
  requestNotificationPermission,
  showNewsNotification,
  unlockNewsSoundOnFirstGesture,
} from '~/shared/news/news-sound';
import { setNewsView, useNewsView } from '~/shared/news/news-view';
import { ShortcutsDialog } from '~/components/ui/shortcuts-dialog';
import { Sheet, SheetContent } from '~/components/ui/sheet';
import { useMediaQuery } from '~/lib/use-media-query';
import { ChartPanel } from './chart-panel';
import { startChipWorker } from './chip-draw';
import { DetailPanel } from './detail-panel';
import { HeadlineList, type HeadlineListHandle } from './headline-list';
import { MarketContext, useMarket, type Market } from './market';
import { CHORD_MS, chordStep } from './orders/order-chord';
import { OrderPanel, type OrderPanelHandle } from './orders/order-panel';
import { IMPORTANCE_KEYS, isTyping, TERMINAL_SHORTCUTS } from './shortcuts';
import { StatusBar } from './status-bar';
import { applyFilters, parseSymbols } from './terminal-filters';
import { TerminalToolbar } from './terminal-toolbar';
import { TerminalToolbarPhone } from './terminal-toolbar-phone';
import { usePriceStream, watchedSymbols } from './use-price-stream';
import { useTerminalNews } from './use-terminal-news';

const NO_SOURCES: NewsSource[] = [];
/** A headline arriving re-renders the page: the order panel (a form) only when its symbol changes. */
const OrderPanelMemo = memo(OrderPanel);
const NOTIFY_KEY = 'meridian:terminal-notify';
/** Below Tailwind's md: a phone gets the list full width and the rest in a sheet (issue 26). */
const PHONE = '(max-width: 767px)';

/** The headline's symbols that have a market (all of them until the listing is known). */
const tradable = (item: NewsItem | undefined, market: Market | undefined) =>
  item ? item.symbols.filter((s) => !market || market.listed.has(s)) : [];

/** Why b1–b3 / s1–s3 did nothing: said to the trader instead of silently ignoring the keys. */
export function whyNoOrder(selected: NewsItem | undefined, market: Market | undefined): string {
  if (!selected) return 'Select a headline first (j/k): b1–b3 and s1–s3 trade its symbol.';
  if (!selected.symbols.length) return 'This headline has no symbol: there is nothing to trade.';
  if (!market) return 'The market is still loading: try again in a moment.';
  if (!tradable(selected, market).length)
    return `${selected.symbols.join(', ')}: not listed on ${market.source === 'simulated' ? 'the simulated market' : 'Binance USDⓈ-M futures'}, so there is nothing to trade.`;
  return 'No account to trade on: ask an admin to assign one to you.';
}

/**
 * /terminal (SPEC.md §8, issue 14): full screen, keyboard first. Headlines stream in on the left
 * with live prices on their symbols; the right column holds the selected headline, the chart and
 * the order panel. On a phone the list takes the screen and the rest opens as a sheet.
 */
export function TerminalPage() {
  const settings = useQuery(newsSettingsQuery).data ?? DEFAULT_NEWS_SETTINGS;
  const sources = useQuery(sourcesQuery).data ?? NO_SOURCES;
  const sourceNames = useMemo(() => new Map(sources.map((s) => [s.id, s.name])), [sources]);
  const { muted } = useNewsView();
  const [notify, setNotify] = useState(() => localStorage.getItem(NOTIFY_KEY) === '1');
  const [hidden, setHidden] = useState<ReadonlySet<Importance>>(new Set());
  const [symbolText, setSymbolText] = useState('');
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [chartSymbol, setChartSymbol] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const phone = useMediaQuery(PHONE);
  const [sheetOpen, setSheetOpen] = useState(false);
  const market = useMarket();
  const listRef = useRef<HeadlineListHandle>(null);
  const symbolRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const orderRef = useRef<OrderPanelHandle>(null);
  /** b or s waiting for its size key (1–3) */
  const chord = useRef<{ side: OrderSide; at: number; timer: ReturnType<typeof setTimeout>; filterOpened?: boolean } | null>(
    null,
  );

  const latest = useRef({ settings, muted, notify });
  useEffect(() => {
    latest.current = { settings, muted, notify };
  });
  const onArrive = useCallback((item: NewsItem) => {
    const { settings: s, muted: m, notify: n } = latest.current;
    if (!m && s.sounds[item.importance]) playNewsBeep(item.importance);
    if (n && item.importance === 'critical') showNewsNotification(item);
  }, []);

  // The chips' worker starts while the headlines load, so the first chips are drawn at once.
  useEffect(startChipWorker, []);
  const news = useTerminalNews(onArrive);
  const symbols = useMemo(() => parseSymbols(symbolText), [symbolText]);
  const items = useMemo(() => applyFilters(news.items, { hidden, symbols, search }), [news.items, hidden, symbols, search]);
  const selected = items.find((item) => item.id === selectedId) ?? news.items.find((item) => item.id === selectedId);
  const watched = useMemo(
    () => watchedSymbols(items, chartSymbol ? [chartSymbol] : [], market?.listed),
    [items, chartSymbol, market],
  );
  const prices = usePriceStream(watched);

  const toggleNotify = useCallback(async () => {
    if (latest.current.notify) {
      setNotify(false);
      localStorage.setItem(NOTIFY_KEY, '0');
      return;
    }
    // First use: the browser asks now (a key or click), never on load.
    const permission = await requestNotificationPermission();
    const on = permission === 'granted';
    setNotify(on);
    localStorage.setItem(NOTIFY_KEY, on ? '1' : '0');
  }, []);

  const move = useCallback(
    (delta: number) => {
      if (!items.length) return;
      const index = items.findIndex((item) => item.id === selectedId);
      const next = index < 0 ? 0 : Math.min(items.length - 1, Math.max(0, index + delta));
      setSelectedId(items[next]!.id);
    },
    [items, selectedId],
  );

  /** c: the chart of the selected headline's next symbol that has a market. */
  const openChart = useCallback(() => {
    const symbols = tradable(
      items.find((i) => i.id === selectedId),
      market,
    );
    if (!symbols.length) return;
    const at = chartSymbol ? symbols.indexOf(chartSymbol) : -1;
    setChartSymbol(symbols[(at + 1) % symbols.length]!);
  }, [items, selectedId, chartSymbol, market]);

  /** A tap or click on a headline; on a phone it opens the sheet with it. */
  const selectByPointer = useCallback(
    (id: number) => {
      setSelectedId(id);
      if (phone) setSheetOpen(true);
    },
    [phone],
  );

  const keyState = useRef({ move, openChart, selected, chartSymbol, toggleNotify, market });
  useEffect(() => {
    keyState.current = { move, openChart, selected, chartSymbol, toggleNotify, market };
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const target = event.target instanceof Element ? event.target : document.body;
      const k = keyState.current;
      const pending = chord.current;
      if (pending) {
        // The key after b / s: a size sends the order; after s anything else opens the symbol filter
        // (focused now, so this very key types into it). Times are the keys' own (event.timeStamp): on a
        // busy page the timer may run before a size key pressed in time, and the size still counts.
        chord.current = null;
        clearTimeout(pending.timer);
        const step = event.timeStamp - pending.at <= CHORD_MS ? chordStep(pending.side, event.key) : ({ kind: 'none' } as const);
        if (step.kind === 'order') {
          event.preventDefault();
          if (pending.filterOpened) listRef.current?.focus();
          if (orderRef.current?.ready()) orderRef.current.order(step.side, step.size, Date.now());
          else orderRef.current?.explain(whyNoOrder(keyState.current.selected, keyState.current.market));
          return;
        }
        if (!pending.filterOpened) {
          if (step.kind === 'filter') return focusSymbolFilter();
          if (step.kind === 'cancel') return event.preventDefault();
        }
      }
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(target)) {
        if (event.key === 'Escape' || (event.key === 'Enter' && target !== searchRef.current)) {
          event.preventDefault();
          (target as HTMLElement).blur();
          listRef.current?.focus();
        } else if (event.key === 'Enter') {
          event.preventDefault();
          listRef.current?.focus();
        }
        return;
      }
      const level = IMPORTANCE_KEYS[event.key];
      if (level) {
        setHidden((prev) => {
          const next = new Set(prev);
          if (!next.delete(level)) next.add(level);
          return next;
        });
      } else {
        switch (event.key) {
          case 'j':
          case 'ArrowDown':
            k.move(1);
            break;
          case 'k':
          case 'ArrowUp':
            k.move(-1);
            break;
          case 'Enter':
            if (target.closest('a, button')) return;
            if (k.selected?.url) window.open(k.selected.url, '_blank', 'noopener,noreferrer');
            break;
          case 's':
          case 'b': {
            // Both wait for a size key, whether or not an order can be made: "b1" with nothing to trade
            // says why (the 1 must not toggle the critical headlines). s alone is the symbol filter.
            const side: OrderSide = event.key === 'b' ? 'BUY' : 'SELL';
            const pending = { side, at: event.timeStamp, filterOpened: false, timer: setTimeout(() => undefined) };
            pending.timer = setTimeout(() => {
              // s alone: the symbol filter. A size key that was pressed in time may still follow.
              if (side === 'SELL') {
                pending.filterOpened = true;
                focusSymbolFilter();
              } else if (chord.current === pending) chord.current = null;
            }, CHORD_MS);
            chord.current = pending;
            event.preventDefault();
            return;
          }
          case 'f':
            focusSymbolFilter();
            break;
          case 'x':
            orderRef.current?.close(Date.now());
            break;
          case '/':
            searchRef.current?.focus();
            searchRef.current?.select();
            break;
          case 'c':
            k.openChart();
            break;
          case 'm':
            setNewsView({ muted: !latest.current.muted });
            break;
          case 'n':
            void k.toggleNotify();
            break;
          case '?':
            setHelpOpen(true);
            break;
          case 'Escape':
            if (k.chartSymbol) setChartSymbol(null);
            listRef.current?.focus();
            break;
          default:
            return;
        }
      }
      event.preventDefault();
      // The list keeps the focus across updates (aria-activedescendant); bring it back there.
      if (!isTyping(document.activeElement ?? document.body) && event.key !== '?') listRef.current?.focus();
    }
    function focusSymbolFilter() {
      symbolRef.current?.focus();
      symbolRef.current?.select();
    }
    document.addEventListener('keydown', onKeyDown);
    const stopUnlock = unlockNewsSoundOnFirstGesture();
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      stopUnlock();
    };
  }, []);

  useEffect(() => {
    listRef.current?.focus();
  }, [news.loaded]);

  const orderSymbol = chartSymbol ?? tradable(selected, market)[0] ?? null;
  const arrival = selected ? news.arrivals.get(selected.id) : undefined;
  let list;
  if (news.error) {
    list = (
      <p className="m-4 text-sm text-destructive" role="alert">
        Could not load the headlines: {news.error}
      </p>
    );
  } else if (!news.loaded) {
    list = (
      <p className="m-4 text-sm text-muted-foreground" role="status" data-testid="terminal-loading">
        Loading headlines…
      </p>
    );
  } else if (!items.length) {
    list = (
      <p className="m-4 text-sm text-muted-foreground" data-testid="terminal-empty">
        {news.items.length
          ? 'No headline matches these filters (1–4, s, /).'
          : 'No headlines yet: they appear here the moment one is published.'}
      </p>
    );
  } else {
    list = (
      <HeadlineList
        ref={listRef}
        items={items}
        arrivals={news.arrivals}
        selectedId={selectedId}
        onSelect={selectByPointer}
        store={prices.store}
        sourceNames={sourceNames}
        phone={phone}
        key={phone ? 'phone' : 'desktop'}
      />
    );
  }

  const toolbar = {
    hidden,
    onToggle: (level: Importance) =>
      setHidden((prev) => {
        const next = new Set(prev);
        if (!next.delete(level)) next.add(level);
        return next;
      }),
    symbolText,
    onSymbolText: setSymbolText,
    search,
    onSearch: setSearch,
    muted,
    onMute: () => setNewsView({ muted: !muted }),
    notify,
    onNotify: () => void toggleNotify(),
    onHelp: () => setHelpOpen(true),
    symbolRef,
    searchRef,
  };
  const detail = (
    <DetailPanel
      item={selected}
      store={prices.store}
      sourceName={selected ? sourceNames.get(selected.sourceId) : undefined}
      arrivedAt={arrival?.live ? arrival.at : undefined}
    />
  );
  const chart = chartSymbol ? <ChartPanel symbol={chartSymbol} store={prices.store} items={news.items} /> : null;
  const orderPanel = <OrderPanelMemo ref={orderRef} symbol={orderSymbol} />;

  return (
    <MarketContext value={market}>
      <div className="flex h-dvh min-h-0 flex-1 flex-col overflow-hidden bg-background" data-testid="terminal">
        {phone ? <TerminalToolbarPhone {...toolbar} /> : <TerminalToolbar {...toolbar} />}
        {phone ? (
          <>
            <main className="flex min-h-0 flex-1 flex-col" aria-label="Headlines">
              {list}
            </main>
            <Sheet open={sheetOpen && selected !== undefined} onOpenChange={setSheetOpen}>
              <SheetContent
                title="Selected headline"
                aria-describedby={undefined}
                data-testid="headline-sheet"
                actions={
                  tradable(selected, market).length ? (
                    <button
                      type="button"
                      onClick={() => (chartSymbol ? setChartSymbol(null) : openChart())}
                      aria-pressed={chartSymbol !== null}
                      className="h-10 rounded-md border border-border px-3 text-sm aria-pressed:bg-accent"
                      data-testid="sheet-chart-toggle"
                    >
                      Chart
                    </button>
                  ) : null
                }
              >
                {/* Its natural height: the sheet's body scrolls, not each part of it. */}
                <div className="flex shrink-0 flex-col">{detail}</div>
                {chart ? <div className="flex h-72 shrink-0 flex-col border-t border-border">{chart}</div> : null}
                {orderPanel}
              </SheetContent>
            </Sheet>
          </>
        ) : (
          <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,3fr)_minmax(22rem,2fr)]">
            <main className="flex min-h-0 flex-col border-r border-border" aria-label="Headlines">
              {list}
            </main>
            <aside className="flex min-h-0 flex-col" aria-label="Selected headline and chart">
              <div
                className={chart ? 'flex max-h-[45%] min-h-0 flex-col border-b border-border' : 'flex min-h-0 flex-1 flex-col'}
              >
                {detail}
              </div>
              {chart}
              {orderPanel}
            </aside>
          </div>
        )}
        <StatusBar
          news={news.stream}
          prices={prices.stream}
          store={prices.store}
          market={market}
          muted={muted}
          notify={notify ? `Notify critical: ${notificationPermission() === 'granted' ? 'on' : 'blocked'}` : ''}
          shown={items.length}
          total={news.items.length}
        />
        <ShortcutsDialog
          open={helpOpen}
          onOpenChange={setHelpOpen}
          shortcuts={TERMINAL_SHORTCUTS}
          description="Everything works from the keyboard. Shortcuts pause while you type in a field; Esc leaves it."
        />
      </div>
    </MarketContext>
  );
}
