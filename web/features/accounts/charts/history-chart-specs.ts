import {
  AreaSeries,
  BaselineSeries,
  ColorType,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type UTCTimestamp,
  type LineData,
  type LineWidth,
  type WhitespaceData,
} from 'lightweight-charts';
import type { HistoryPoint } from '~/shared/accounts/metrics';
import { formatLeverage, formatUsd } from '~/lib/format';
import type { ChartPalette } from '~/shared/charts/chart-theme';
import { chartRows } from './chart-data';

/** What the history charts draw (CHARTS), how lightweight-charts is set up for them, and their data. */
export type Kind = 'usd' | 'pnl' | 'leverage';
/** The metrics getAccountHistory returns: the ones charted here. */
export type MetricKey = Exclude<keyof HistoryPoint, 'ts'>;

export interface SeriesSpec {
  key: MetricKey;
  label: string;
  style: 'area' | 'baseline' | 'line' | 'dashed';
  color: (p: ChartPalette) => string;
}

export interface ChartSpec {
  id: string;
  title: string;
  kind: Kind;
  series: SeriesSpec[];
}

export const CHARTS: ChartSpec[] = [
  {
    id: 'equity',
    title: 'Equity',
    kind: 'usd',
    series: [{ key: 'totalBalance', label: 'Total balance', style: 'area', color: (p) => p.primary }],
  },
  {
    id: 'upnl',
    title: 'Unrealized PnL',
    kind: 'pnl',
    series: [
      { key: 'futuresUpnl', label: 'Futures uPnL', style: 'baseline', color: (p) => p.up },
      { key: 'totalUpnl', label: 'Total uPnL', style: 'dashed', color: (p) => p.secondary },
    ],
  },
  {
    id: 'leverage',
    title: 'Leverage',
    kind: 'leverage',
    series: [{ key: 'leverage', label: 'Leverage', style: 'line', color: (p) => p.warning }],
  },
  {
    id: 'notional',
    title: 'Notional',
    kind: 'usd',
    series: [{ key: 'notional', label: 'Notional', style: 'area', color: (p) => p.violet }],
  },
];

/**
 * One price-axis width for all four charts, wide enough for the longest usual label (−$99,999.99 at
 * 11 px): the plot areas line up under each other (one crosshair time for all), and the axis does
 * not widen once the data arrives, which would resize every canvas and draw the charts twice.
 */
export const PRICE_AXIS_WIDTH = 92;

export const priceFormatter: Record<Kind, (value: number) => string> = {
  usd: (v) => formatUsd(v, { compact: Math.abs(v) >= 10_000 }).replace(/\.00(?=[KMB]?$)/, ''),
  pnl: (v) => formatUsd(v, { compact: Math.abs(v) >= 10_000, signed: true }),
  leverage: (v) => formatLeverage(v),
};

export function chartOptions(p: ChartPalette) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: p.text,
      fontSize: 11,
      fontFamily: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
      attributionLogo: false,
    },
    grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
    rightPriceScale: { borderColor: p.border },
    timeScale: { borderColor: p.border },
    crosshair: {
      vertLine: { color: p.crosshair, labelBackgroundColor: p.crosshairLabel },
      horzLine: { color: p.crosshair, labelBackgroundColor: p.crosshairLabel },
    },
  };
}

export function seriesOptions(spec: SeriesSpec, p: ChartPalette) {
  const color = spec.color(p);
  switch (spec.style) {
    case 'area':
      return { lineColor: color, topColor: color === p.violet ? p.violetFill : p.primaryFill, bottomColor: 'rgba(0,0,0,0)' };
    case 'baseline':
      return {
        topLineColor: p.up,
        topFillColor1: p.upFill,
        topFillColor2: 'rgba(0,0,0,0)',
        bottomLineColor: p.down,
        bottomFillColor1: 'rgba(0,0,0,0)',
        bottomFillColor2: p.downFill,
      };
    case 'dashed':
      return { color, lineStyle: LineStyle.Dashed };
    default:
      return { color };
  }
}

/** Bars kept free right of the last point. */
export const RIGHT_OFFSET = 2;
/**
 * Below this many pixels per point, lines are 1 px wide. 2 px lines of points that close overlap
 * into a band that hides the moves, and stroking hundreds of steep 2 px segments is the slowest
 * thing Chromium's software canvas does (≈ 20 ms per chart for 30 days of hourly points, against
 * ≈ 1 ms at 1 px).
 */
export const DENSE_SPACING = 3;

export const lineWidth = (spec: SeriesSpec, dense: boolean): LineWidth => (spec.style === 'dashed' || dense ? 1 : 2);

export function addSeries(chart: IChartApi, spec: SeriesSpec, p: ChartPalette): ISeriesApi<SeriesType> {
  const common = { lineWidth: lineWidth(spec, false), priceLineVisible: false, lastValueVisible: true };
  switch (spec.style) {
    case 'area':
      return chart.addSeries(AreaSeries, { ...common, ...seriesOptions(spec, p) });
    case 'baseline':
      return chart.addSeries(BaselineSeries, { ...common, baseValue: { type: 'price', price: 0 }, ...seriesOptions(spec, p) });
    default:
      return chart.addSeries(LineSeries, { ...common, ...seriesOptions(spec, p) });
  }
}

export interface Built {
  chart: IChartApi;
  series: ISeriesApi<SeriesType>[];
}

export interface ChartsRender {
  points: number;
  setDataMs: number;
  /** Until the charts' own animation frame drew the data. */
  drawMs: number;
  /** Until the frame after that paint started. */
  paintedMs: number;
}

export const SERIES_COUNT = CHARTS.reduce((n, chart) => n + chart.series.length, 0);
export const round = (ms: number) => Math.round(ms * 10) / 10;

export type SeriesPoint = LineData<UTCTimestamp> | WhitespaceData<UTCTimestamp>;

/** The rows and, per chart and series, the values lightweight-charts takes (null: a gap). */
export function chartData(points: HistoryPoint[]) {
  const at = performance.now();
  const rows = chartRows(points);
  const series: SeriesPoint[][][] = CHARTS.map((chart) =>
    chart.series.map(({ key }) =>
      rows.map(({ time, point }) => {
        const value = point[key];
        return value === null ? { time: time as UTCTimestamp } : { time: time as UTCTimestamp, value };
      }),
    ),
  );
  return { at, rows, series };
}
