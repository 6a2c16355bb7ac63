import type { FirmPerformance } from '@contract/performance';
import { toCsv } from '~/shared/csv';
import { EARNED_CSV_HEADER, earnedCsvCells } from '~/shared/earned-csv';
import type { ChartLine } from './line-chart';

/** The firm's line: a neutral grey, apart from the traders' eight colours and readable on both themes. */
export const FIRM_COLOR = '#8b95a5';

/** A running total of daily nets, one point per day (the lines of the firm performance chart). */
export function runningNet(days: { day: number; net: number }[]): { ts: number; value: number }[] {
  let total = 0;
  return days.map((d) => ({ ts: d.day, value: (total += d.net) }));
}

/**
 * The firm's running net first, then each chosen trader's in the chosen order with the colour the
 * picker gives them (`colorOf`); a chosen trader the answer does not have is left out.
 */
export function performanceLines(perf: FirmPerformance, chosen: string[], colorOf: (i: number) => string): ChartLine[] {
  const byId = new Map(perf.traders.map((t) => [t.traderId, t]));
  const traders = chosen.flatMap((id, i) => {
    const t = byId.get(id);
    return t ? [{ id: t.traderId, label: t.name, color: colorOf(i), points: runningNet(t.days) }] : [];
  });
  return [{ id: 'firm', label: 'Firm', color: FIRM_COLOR, points: runningNet(perf.days) }, ...traders];
}

/** The traders table as CSV: one line per trader as the table lists them, then the firm's totals. */
export function firmTradersCsv(perf: FirmPerformance): string {
  const line = (name: string, email: string, t: FirmPerformance['totals']) => [name, email, ...earnedCsvCells(t), t.volume];
  return toCsv([
    ['trader', 'email', ...EARNED_CSV_HEADER, 'volume_usd'],
    ...perf.traders.map((t) => line(t.name, t.email, t)),
    line('Firm', '', perf.totals),
  ]);
}
