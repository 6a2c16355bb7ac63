import type { DayPerformance, FillDto, SymbolPerformance } from '@contract/performance';
import { EARNED_CSV_HEADER, earnedCsvCells } from '~/shared/earned-csv';

/** Performance by day, ISO week (Monday, UTC) or calendar month (UTC), and the CSV exports. */
export type Period = 'day' | 'week' | 'month';

const DAY = 86_400_000;

/** The start (UTC ms) of the period that holds `ts`. */
export function periodStart(ts: number, period: Period): number {
  const d = new Date(ts);
  if (period === 'day') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  if (period === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const day = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  return day - ((d.getUTCDay() + 6) % 7) * DAY;
}

/** The days summed into periods, oldest first. */
export function byPeriod(days: DayPerformance[], period: Period): DayPerformance[] {
  if (period === 'day') return days;
  const out = new Map<number, DayPerformance>();
  for (const d of days) {
    const key = periodStart(d.day, period);
    const r = out.get(key) ?? { day: key, trades: 0, realizedPnl: 0, fees: 0, funding: 0, net: 0 };
    r.trades += d.trades;
    r.realizedPnl += d.realizedPnl;
    r.fees += d.fees;
    r.funding += d.funding;
    r.net += d.net;
    out.set(key, r);
  }
  return [...out.values()].sort((a, b) => a.day - b.day);
}

/** Running net PnL, one point per day (the chart's line). */
export function cumulative(days: DayPerformance[]): { day: number; value: number }[] {
  let total = 0;
  return days.map((d) => ({ day: d.day, value: (total += d.net) }));
}

const cell = (v: string | number | boolean | null) => {
  const s = v === null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (header: string[], rows: (string | number | boolean | null)[][]) =>
  [header, ...rows].map((r) => r.map(cell).join(',')).join('\n') + '\n';
const iso = (ts: number) => new Date(ts).toISOString();

export const symbolsCsv = (rows: SymbolPerformance[]) =>
  csv(
    ['symbol', ...EARNED_CSV_HEADER, 'unrealized_pnl_usd', 'best_trade_usd', 'worst_trade_usd', 'volume_usd'],
    rows.map((r) => [r.symbol, ...earnedCsvCells(r), r.unrealizedPnl, r.bestTrade, r.worstTrade, r.volume]),
  );

export const periodsCsv = (rows: DayPerformance[], period: Period) =>
  csv(
    [`${period}_start_utc`, 'trades', 'realized_pnl_usd', 'fees_usd', 'funding_usd', 'net_usd'],
    rows.map((r) => [iso(r.day).slice(0, 10), r.trades, r.realizedPnl, r.fees, r.funding, r.net]),
  );

export const fillsCsv = (rows: FillDto[]) =>
  csv(
    [
      'time_utc',
      'account',
      'symbol',
      'side',
      'price',
      'quantity',
      'fee',
      'fee_asset',
      'fee_usd',
      'realized_pnl_usd',
      'maker',
      'order_id',
      'fill_id',
    ],
    rows.map((r) => [
      iso(r.ts),
      r.accountEmail,
      r.symbol,
      r.side,
      r.price,
      r.quantity,
      r.fee,
      r.feeAsset,
      r.feeUsd,
      r.realizedPnl,
      r.maker,
      r.orderId,
      r.id,
    ]),
  );
