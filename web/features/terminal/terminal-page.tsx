import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
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
} from '~/shared/news/news-sound';
import { setNewsView, useNewsView } from '~/shared/news/news-view';
import { ShortcutsDialog } from '~/components/ui/shortcuts-dialog';
import { Sheet, SheetContent } from '~/components/ui/sheet';
import { useMediaQuery } from '~/lib/use-media-query';
import { ChartPanel } from './chart-panel';
import { startChipWorker } from '~/shared/prices/chip-draw';
import { DetailPanel } from './detail-panel';
import { HeadlineList, type HeadlineListHandle } from './headline-list';
import { MarketContext, useMarket } from '~/shared/prices/market';
import { OrderPanel, type OrderPanelHandle } from './orders/order-panel';
import { ProtectionMove } from './orders/protection-move';
import { TERMINAL_SHORTCUTS } from './shortcuts';
import { StatusBar } from './status-bar';
import { applyFilters, parseSymbols } from './terminal-filters';
import { TerminalToolbar } from './terminal-toolbar';
import { TerminalToolbarPhone } from './terminal-toolbar-phone';
import { usePriceStream, watchedSymbols } from '~/shared/prices/use-price-stream';
import { tradable, useTerminalKeys } from './use-terminal-keys';
import { useTerminalNews } from './use-terminal-news';
import { useWatchVersion } from '~/shared/watchlists/watch-store';

const NO_SOURCES: NewsSource[] = [];
/** A headline arriving re-renders the page: the order panel (a form) only when its symbol changes. */
const OrderPanelMemo = memo(OrderPanel);
const NOTIFY_KEY = 'meridian:terminal-notify';
/** Below Tailwind's md: a phone gets the list full width and the rest in a sheet. */
const PHONE = '(max-width: 767px)';

/**
 * /terminal (docs/PRODUCT-RULES.md §10): full screen, keyboard first. Headlines stream in on the left
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
  const [watchOnly, setWatchOnly] = useState(false);
  const watchVersion = useWatchVersion();
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
  const items = useMemo(
    () => applyFilters(news.items, { hidden, symbols, search, watchOnly }),
    // A watchlist hit arriving after its headline re-filters (watchVersion).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [news.items, hidden, symbols, search, watchOnly, watchOnly && watchVersion],
  );
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

  useTerminalKeys({
    refs: { list: listRef, symbol: symbolRef, search: searchRef, order: orderRef },
    state: { move, openChart, selected, chartSymbol, toggleNotify, market, muted },
    setHidden,
    setChartSymbol,
    setHelpOpen,
  });

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
    watchOnly,
    onWatchOnly: () => setWatchOnly((on) => !on),
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
  const orderPanel = <OrderPanelMemo ref={orderRef} symbol={orderSymbol} headlineId={selected?.id ?? null} />;

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
        {/* The move of a take-profit or stop-loss: its Move dialog (t, l, Move…) and its confirmation (a line dropped too). */}
        <ProtectionMove />
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
