import {
  createChart,
  CrosshairMode,
  type LogicalRange,
  type MouseEventParams,
  type TickMarkType,
  type Time,
} from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HistoryPoint } from '~/shared/accounts/metrics';
import { MetricValue } from '~/shared/figures';
import { cn } from '~/lib/cn';
import { useTheme } from '~/lib/theme';
import { CHART_PALETTES } from '~/shared/charts/chart-theme';
import { disposeChart } from '~/shared/charts/dispose-chart';
import { formatChartTime, formatTickMark, type ChartRow } from './chart-data';
import {
  type Built,
  CHARTS,
  type ChartsRender,
  DENSE_SPACING,
  PRICE_AXIS_WIDTH,
  RIGHT_OFFSET,
  SERIES_COUNT,
  addSeries,
  chartData,
  chartOptions,
  lineWidth,
  priceFormatter,
  round,
  seriesOptions,
} from './history-chart-specs';

/*
 * The history charts of /dashboard/charts: equity, uPnL (futures and total), leverage and notional,
 * stacked, one lightweight-charts instance each with a shared crosshair and zoom. This module (and
 * the chart library) is loaded only by this route.
 */

/**
 * The four stacked charts. Once drawn, the container carries data-testid="charts-ready" with the
 * range (data-range), the number of points and the render time (data-render-ms).
 */
export default function HistoryCharts({
  points,
  rangeKey,
  pending,
  receivedAt,
}: {
  points: HistoryPoint[];
  /** The range these points belong to. */
  rangeKey: string;
  /** Another range is loading (these points stay drawn meanwhile). */
  pending: boolean;
  /** Date.now() when the data arrived (the query's dataUpdatedAt). */
  receivedAt: number;
}) {
  const { resolved } = useTheme();
  const containers = useRef<(HTMLDivElement | null)[]>([]);
  const built = useRef<Built[]>([]);
  const active = useRef<number | null>(null);
  const rowsRef = useRef<ChartRow[]>([]);
  const [hover, setHover] = useState<number | null>(null);
  const [drawn, setDrawn] = useState<{ key: string; render: ChartsRender } | null>(null);
  // The points as the charts take them, built once per arrival (one array per series). `at` is when
  // they reached this component: the render time below counts from here.
  const data = useMemo(() => chartData(points), [points]);
  const rows = data.rows;
  const themeRef = useRef(resolved);

  // Create the charts once; tear them down on unmount.
  useEffect(() => {
    const palette = CHART_PALETTES[themeRef.current];
    const charts: Built[] = CHARTS.map((spec, index) => {
      const chart = createChart(containers.current[index]!, {
        autoSize: true,
        ...chartOptions(palette),
        localization: {
          locale: 'en-US',
          timeFormatter: (time: Time) => formatChartTime(time as number),
          priceFormatter: priceFormatter[spec.kind],
        },
        rightPriceScale: {
          borderColor: palette.border,
          minimumWidth: PRICE_AXIS_WIDTH,
          scaleMargins: { top: 0.12, bottom: 0.08 },
          // A label at the very top or bottom of the axis was drawn half outside the chart:
          // only whole labels are drawn.
          entireTextOnly: true,
        },
        timeScale: {
          borderColor: palette.border,
          timeVisible: true,
          secondsVisible: false,
          rightOffset: RIGHT_OFFSET,
          tickMarkFormatter: (time: Time, kind: TickMarkType) => formatTickMark(time as number, kind),
        },
        crosshair: { ...chartOptions(palette).crosshair, mode: CrosshairMode.Magnet },
        handleScale: { axisPressedMouseMove: { time: true, price: false } },
      });
      return { chart, series: spec.series.map((s) => addSeries(chart, s, palette)) };
    });
    built.current = charts;

    // One crosshair and one zoom for all: the chart under the pointer leads.
    const unsubscribe = charts.map(({ chart }, index) => {
      const onMove = (param: MouseEventParams<Time>) => {
        if (active.current !== index) return;
        const logical = param.logical;
        const row = logical === undefined ? undefined : rowsRef.current[Math.round(logical)];
        setHover(row && param.time !== undefined ? Math.round(logical!) : null);
        charts.forEach((other, j) => {
          if (j === index) return;
          if (!row || param.time === undefined) return other.chart.clearCrosshairPosition();
          const spec = CHARTS[j]!.series[0]!;
          const value = row.point[spec.key];
          other.chart.setCrosshairPosition(value ?? 0, param.time, other.series[0]!);
        });
      };
      const onRange = (range: LogicalRange | null) => {
        if (active.current !== index || !range) return;
        charts.forEach((other, j) => j !== index && other.chart.timeScale().setVisibleLogicalRange(range));
      };
      chart.subscribeCrosshairMove(onMove);
      chart.timeScale().subscribeVisibleLogicalRangeChange(onRange);
      return () => {
        chart.unsubscribeCrosshairMove(onMove);
        chart.timeScale().unsubscribeVisibleLogicalRangeChange(onRange);
      };
    });

    return () => {
      unsubscribe.forEach((fn) => fn());
      charts.forEach(({ chart }) => disposeChart(chart));
      built.current = [];
    };
  }, []);

  // Re-theme on theme switch.
  useEffect(() => {
    themeRef.current = resolved;
    const palette = CHART_PALETTES[resolved];
    built.current.forEach(({ chart, series }, index) => {
      chart.applyOptions(chartOptions(palette));
      series.forEach((s, j) => s.applyOptions(seriesOptions(CHARTS[index]!.series[j]!, palette)));
    });
  }, [resolved]);

  // New data: set it, fit it, and measure from its arrival (above): building the series, setData,
  // the charts' own draw (they paint in the next animation frame, ahead of ours), and the frame
  // after that paint. The charts exist before the data arrives (they are created empty while the
  // history loads), so this is the data's own cost. No points: nothing to draw or report yet.
  useEffect(() => {
    if (data.rows.length === 0) return;
    const t0 = data.at;
    rowsRef.current = data.rows;
    built.current.forEach(({ chart, series }, index) => {
      const dense = chart.timeScale().width() / (data.rows.length + RIGHT_OFFSET) < DENSE_SPACING;
      data.series[index]!.forEach((values, j) => {
        series[j]!.applyOptions({ lineWidth: lineWidth(CHARTS[index]!.series[j]!, dense) });
        series[j]!.setData(values);
      });
      chart.timeScale().fitContent();
    });
    const setDataMs = performance.now() - t0;
    let drawMs = 0;
    let second = 0;
    const first = requestAnimationFrame(() => {
      drawMs = performance.now() - t0;
      second = requestAnimationFrame(() => {
        const render: ChartsRender = {
          points: data.rows.length,
          setDataMs: round(setDataMs),
          drawMs: round(drawMs),
          paintedMs: round(performance.now() - t0),
        };
        console.debug(
          `[charts] ${render.points} points × ${SERIES_COUNT} series (${rangeKey}): setData ${render.setDataMs} ms, drawn ${render.drawMs} ms, painted ${render.paintedMs} ms after the data reached the charts (${Date.now() - receivedAt} ms after the response)`,
        );
        setDrawn({ key: rangeKey, render });
      });
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [data, rangeKey, receivedAt]);

  const shown = hover !== null ? rows[hover] : rows.at(-1);
  const ready = !pending && drawn?.key === rangeKey;

  return (
    <div
      className="flex min-h-0 flex-1 flex-col gap-2"
      data-testid={ready ? 'charts-ready' : 'charts-drawing'}
      data-range={drawn?.key}
      data-points={drawn?.render.points}
      data-draw-ms={drawn?.render.drawMs}
      data-render-ms={drawn?.render.paintedMs}
    >
      {CHARTS.map((spec, index) => (
        <section
          key={spec.id}
          aria-label={`${spec.title} chart`}
          className="flex min-h-36 flex-1 flex-col rounded-lg border border-border bg-card"
          data-testid={`chart-${spec.id}`}
        >
          <header className="flex flex-wrap items-baseline gap-x-4 gap-y-0.5 px-3 pt-2 text-xs">
            <h2 className="text-sm font-semibold">{spec.title}</h2>
            {spec.series.map((s) => (
              <span key={s.key} className="inline-flex items-baseline gap-1.5">
                <span
                  aria-hidden="true"
                  className={cn(
                    'inline-block h-0.5 w-3 translate-y-[-0.2em]',
                    s.style === 'dashed' && 'border-t border-dashed bg-transparent',
                  )}
                  style={{
                    backgroundColor: s.style === 'dashed' ? undefined : s.color(CHART_PALETTES[resolved]),
                    borderColor: s.color(CHART_PALETTES[resolved]),
                  }}
                />
                <span className="text-muted-foreground">{s.label}</span>
                <MetricValue kind={spec.kind} value={shown ? shown.point[s.key] : null} compact={false} className="font-medium" />
              </span>
            ))}
            <span className="ml-auto text-muted-foreground tabular">{shown ? formatChartTime(shown.time) : ''}</span>
          </header>
          <div
            className="relative min-h-0 flex-1"
            onPointerEnter={() => (active.current = index)}
            onPointerLeave={() => {
              active.current = null;
              setHover(null);
              built.current.forEach(({ chart }) => chart.clearCrosshairPosition());
            }}
            onFocus={() => (active.current = index)}
          >
            <div
              ref={(element) => {
                containers.current[index] = element;
              }}
              className="absolute inset-0"
            />
          </div>
        </section>
      ))}
    </div>
  );
}
