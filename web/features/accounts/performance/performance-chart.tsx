import {
  createChart,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { DayPerformance } from '@contract/performance';
import { formatUsd } from '~/lib/format';
import { useTheme } from '~/lib/theme';
import { CHART_PALETTES } from '~/shared/charts/chart-theme';
import { disposeChart } from '~/shared/charts/dispose-chart';
import { chartOptions } from '../charts/history-chart-specs';
import { cumulative } from './performance-data';

/*
 * The performance chart (loaded only by /dashboard/performance): each period's net PnL as a
 * histogram (green up, red down) and the running net as a line, on one price scale in USD.
 */

const toTime = (ms: number) => (ms / 1000) as UTCTimestamp;

export default function PerformanceChart({ periods, days }: { periods: DayPerformance[]; days: DayPerformance[] }) {
  const { resolved } = useTheme();
  const box = useRef<HTMLDivElement | null>(null);
  const parts = useRef<{ chart: IChartApi; bars: ISeriesApi<'Histogram'>; line: ISeriesApi<'Line'> } | null>(null);

  useEffect(() => {
    const p = CHART_PALETTES[resolved];
    const chart = createChart(box.current!, {
      autoSize: true,
      ...chartOptions(p),
      localization: { locale: 'en-US', priceFormatter: (v: number) => formatUsd(v, { compact: true, signed: true }) },
      timeScale: { borderColor: p.border, timeVisible: false },
      handleScale: { axisPressedMouseMove: { time: true, price: false } },
    });
    const bars = chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false, title: 'Net' });
    const line = chart.addSeries(LineSeries, { color: p.primary, lineWidth: 2, priceLineVisible: false, title: 'Running net' });
    parts.current = { chart, bars, line };
    return () => {
      parts.current = null;
      disposeChart(chart);
    };
  }, [resolved]);

  useEffect(() => {
    const built = parts.current;
    if (!built) return;
    const p = CHART_PALETTES[resolved];
    built.bars.setData(periods.map((d) => ({ time: toTime(d.day) as Time, value: d.net, color: d.net >= 0 ? p.up : p.down })));
    built.line.setData(cumulative(days).map((d) => ({ time: toTime(d.day) as Time, value: d.value })));
    built.chart.timeScale().fitContent();
    box.current?.setAttribute('data-points', String(days.length));
  }, [periods, days, resolved]);

  return (
    <div
      ref={box}
      className="h-56 w-full sm:h-64"
      role="img"
      aria-label="Net PnL per period (bars) and running net PnL (line)"
      data-testid="performance-chart"
    />
  );
}
