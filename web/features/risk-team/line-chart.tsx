import { ColorType, createChart, LineSeries, type IChartApi, type UTCTimestamp } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import { CHART_PALETTES } from '~/shared/charts/chart-theme';
import { disposeChart } from '~/shared/charts/dispose-chart';
import { formatUsd } from '~/lib/format';
import { useTheme } from '~/lib/theme';

export interface ChartLine {
  id: string;
  label: string;
  points: { ts: number; value: number }[];
  /** Default: the line's place in `lines`. */
  color?: string;
}

/** Distinct line colours (8: the most traders compared at once), readable on both themes. */
const LINE_COLORS = ['#5fd3dc', '#f2c14e', '#b39cf5', '#4cc98a', '#f0786b', '#6aa7ff', '#e58ad8', '#c9a66b'];
export const lineColor = (i: number) => LINE_COLORS[i % LINE_COLORS.length]!;

/** Several USD lines over time on one lightweight-charts chart, themed, with a legend. */
export function LineChart({ lines, label, height = 280 }: { lines: ChartLine[]; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const theme = useTheme().resolved;

  useEffect(() => {
    const p = CHART_PALETTES[theme];
    const chart = createChart(box.current!, {
      autoSize: true,
      layout: { background: { type: ColorType.Solid, color: 'transparent' }, textColor: p.text, attributionLogo: false },
      grid: { vertLines: { color: p.grid }, horzLines: { color: p.grid } },
      // Only whole labels at the axis's ends (a half-drawn top or bottom label reads as a wrong number).
      rightPriceScale: { borderColor: p.border, entireTextOnly: true },
      timeScale: { borderColor: p.border, timeVisible: false },
      localization: { locale: 'en-US', priceFormatter: (v: number) => formatUsd(v, { compact: true }) },
    });
    chartRef.current = chart;
    lines.forEach((line, i) => {
      const s = chart.addSeries(LineSeries, {
        color: line.color ?? lineColor(i),
        lineWidth: 2,
        title: '',
        priceLineVisible: false,
      });
      s.setData(line.points.map((pt) => ({ time: Math.floor(pt.ts / 1000) as UTCTimestamp, value: pt.value })));
    });
    chart.timeScale().fitContent();
    return () => {
      disposeChart(chart);
      chartRef.current = null;
    };
  }, [lines, theme]);

  return (
    <figure className="flex flex-col gap-2" aria-label={label}>
      <div ref={box} style={{ height }} className="w-full" role="img" aria-label={`${label} chart`} />
      <figcaption className="flex flex-wrap gap-3 text-xs text-muted-foreground">
        {lines.map((l, i) => (
          <span key={l.id} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="inline-block h-0.5 w-4" style={{ background: l.color ?? lineColor(i) }} />
            {l.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
