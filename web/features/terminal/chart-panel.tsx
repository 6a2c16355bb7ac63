import { useQuery } from '@tanstack/react-query';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  createSeriesMarkers,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ChartOrderLines } from './chart-order-lines';
import { CHART_PALETTES } from '~/shared/charts/chart-theme';
import { disposeChart } from '~/shared/charts/dispose-chart';
import { formatPrice } from '~/lib/format';
import type { NewsItem } from '~/shared/news/news-feed';
import { rpc } from '~/lib/rpc';
import { useTheme } from '~/lib/theme';
import { useMarketContext } from '~/shared/prices/market';
import { usePrice } from '~/shared/prices/price-chip';
import type { PriceStore } from '~/shared/prices/price-store';

const MINUTE = 60_000;
/** The last 4 hours of 1-minute candles. */
const CHART_MINUTES = 240;

const toTime = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;
const MARKER_COLOR = { critical: '#f0786b', high: '#f2c14e', medium: '#5fd3dc', low: '#94a3b8' } as const;

/**
 * 1-minute candles of one symbol (lightweight-charts): the last 4 hours from the Worker, the last
 * candle kept live from the price stream, and a marker at each headline that mentions the symbol.
 */
export function ChartPanel({ symbol, store, items }: { symbol: string; store: PriceStore; items: NewsItem[] }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const markersRef = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const lastRef = useRef<CandlestickData<UTCTimestamp> | null>(null);
  const { resolved } = useTheme();
  const simulated = useMarketContext()?.source === 'simulated';
  const palette = CHART_PALETTES[resolved];
  // The chart as created (its order lines need it once it is there).
  const [api, setApi] = useState<{ chart: IChartApi; series: ISeriesApi<'Candlestick'>; el: HTMLElement } | null>(null);

  const candles = useQuery({
    queryKey: ['terminal', 'candles', symbol],
    queryFn: ({ signal }) => rpc.getPriceCandles({ symbol, minutes: CHART_MINUTES }, { signal }),
    staleTime: 30_000,
  });

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: palette.text, attributionLogo: false },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      // Only whole labels at the axis's ends (a half-drawn top or bottom label reads as a wrong number).
      rightPriceScale: { borderColor: palette.border, entireTextOnly: true },
      timeScale: { borderColor: palette.border, timeVisible: true, secondsVisible: false },
    });
    const series = chart.addSeries(CandlestickSeries, {
      upColor: palette.up,
      downColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
      borderVisible: false,
      priceFormat: { type: 'custom', formatter: formatPrice, minMove: 0.000001 },
    });
    chartRef.current = chart;
    seriesRef.current = series;
    markersRef.current = createSeriesMarkers(series, []);
    setApi({ chart, series, el });
    return () => {
      setApi(null);
      disposeChart(chart);
      chartRef.current = null;
      seriesRef.current = null;
      markersRef.current = null;
      lastRef.current = null;
    };
  }, [palette]);

  const data = candles.data?.symbol === symbol ? candles.data.candles : undefined;
  useEffect(() => {
    const series = seriesRef.current;
    if (!series || !data) return;
    const bars = data.map((c) => ({ time: toTime(c.time), open: c.open, high: c.high, low: c.low, close: c.close }));
    series.setData(bars);
    lastRef.current = bars.at(-1) ?? null;
    chartRef.current?.timeScale().scrollToRealTime();
  }, [data, palette]);

  // Headline markers, at the minute each was published.
  const markers = useMemo(() => {
    const first = data?.[0]?.time ?? Infinity;
    return items
      .filter((item) => item.symbols.includes(symbol) && item.ts >= first)
      .map((item): SeriesMarker<Time> => ({
        time: toTime(Math.floor(item.ts / MINUTE) * MINUTE),
        position: 'aboveBar',
        shape: 'arrowDown',
        color: MARKER_COLOR[item.importance],
        text: item.importance === 'critical' || item.importance === 'high' ? item.title.slice(0, 24) : '',
        id: String(item.id),
      }))
      .sort((a, b) => (a.time as number) - (b.time as number));
  }, [items, symbol, data]);
  useEffect(() => {
    markersRef.current?.setMarkers(markers);
  }, [markers, palette]);

  // The live last candle.
  const point = usePrice(store, symbol);
  useEffect(() => {
    const series = seriesRef.current;
    const last = lastRef.current;
    if (!series || !last || !point) return;
    const minute = toTime(Math.floor(point.ts / MINUTE) * MINUTE);
    if (minute < last.time) return;
    const bar =
      minute === last.time
        ? { ...last, high: Math.max(last.high, point.price), low: Math.min(last.low, point.price), close: point.price }
        : {
            time: minute,
            open: last.close,
            high: Math.max(last.close, point.price),
            low: Math.min(last.close, point.price),
            close: point.price,
          };
    series.update(bar);
    lastRef.current = bar;
  }, [point]);

  return (
    <section
      className="flex min-h-0 flex-1 flex-col"
      aria-label={`${symbol} chart`}
      data-testid="chart-panel"
      data-symbol={symbol}
    >
      <header className="flex items-center gap-2 border-b border-border px-3 py-1.5 text-xs">
        <span className="font-mono text-sm font-semibold">{symbol}USDT</span>
        <span className="truncate text-muted-foreground">
          1m · 4h<span className="max-sm:hidden"> · marks at headlines</span>
          {simulated ? <span className="text-warning"> · simulated</span> : null}
        </span>
        <span className="tabular ml-auto text-sm text-foreground" data-testid="chart-price">
          {point ? formatPrice(point.price) : '…'}
        </span>
      </header>
      <div className="relative min-h-0 flex-1">
        {/* touch-action none: a finger dragging a take-profit or stop line never scrolls the page (the chart pans by itself). */}
        <div ref={containerRef} className="absolute inset-0 touch-none" data-testid="chart-canvas" />
        {api ? <ChartOrderLines chart={api.chart} series={api.series} container={api.el} symbol={symbol} /> : null}
        {candles.isError ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-destructive" role="alert">
            Could not load the candles: {candles.error.message}
          </p>
        ) : !data ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">Loading candles…</p>
        ) : null}
      </div>
    </section>
  );
}
