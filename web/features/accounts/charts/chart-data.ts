import type { HistoryPoint } from '~/shared/accounts/metrics';

/**
 * lightweight-charts draws its time axis in UTC. To show local time, every timestamp is shifted by
 * the local UTC offset of that instant (so DST changes inside the range are right too); the axis
 * then reads local wall-clock time. Times must be strictly ascending: the hour repeated when
 * clocks go back keeps its first point.
 */
export function toLocalChartTime(ts: number): number {
  const offsetMs = new Date(ts).getTimezoneOffset() * 60_000;
  return Math.floor((ts - offsetMs) / 1000);
}

export interface ChartRow {
  time: number;
  point: HistoryPoint;
}

export function chartRows(points: HistoryPoint[]): ChartRow[] {
  const rows: ChartRow[] = [];
  let last = -Infinity;
  for (const point of resample(points)) {
    const time = toLocalChartTime(point.ts);
    if (time <= last) continue;
    rows.push({ time, point });
    last = time;
  }
  return rows;
}

const MINUTE = 60_000;
const STEPS = [1, 5, 10, 15, 30, 60, 120, 240, 360, 720, 1440].map((m) => m * MINUTE);
/** About this many points per chart at most: more than a wide screen has pixels to show. */
export const TARGET_POINTS = 1500;

/**
 * lightweight-charts spaces points evenly, whatever their time: history that is hourly for old
 * days and every few minutes for recent ones would squeeze the old days to a sliver. Points are
 * put in equal time buckets (the last point of each bucket kept), a bucket at least as coarse as
 * the data's usual spacing and wide enough to stay under TARGET_POINTS. The axis is then even.
 */
export function resample(points: HistoryPoint[], target = TARGET_POINTS): HistoryPoint[] {
  if (points.length < 3) return points;
  const gaps: number[] = [];
  for (let i = 1; i < points.length; i++) gaps.push(points[i]!.ts - points[i - 1]!.ts);
  gaps.sort((a, b) => a - b);
  // The 90th percentile: the coarse (hourly) part counts, an outage does not.
  const usual = gaps[Math.floor(gaps.length * 0.9)]!;
  const span = points.at(-1)!.ts - points[0]!.ts;
  const wanted = Math.max(usual * 0.99, span / target);
  const step = STEPS.find((s) => s >= wanted) ?? Math.ceil(wanted / (1440 * MINUTE)) * 1440 * MINUTE;
  if (step <= MINUTE && points.length <= target) return points;
  const out: HistoryPoint[] = [];
  let bucket = -1;
  for (const point of points) {
    const b = Math.floor(point.ts / step);
    if (b === bucket) out[out.length - 1] = point;
    else out.push(point);
    bucket = b;
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A time-axis label for a shifted chart time (seconds) and lightweight-charts' TickMarkType (0 year,
 * 1 month, 2 day of month, 3 time, 4 time with seconds): `2026`, `Nov`, `26`, `14:05`, `14:05:30`.
 * The library's default formats each label with toLocaleString (an Intl formatter built per call,
 * a noticeable part of the first draw); these read the same in en-US and cost a few string ops.
 */
export function formatTickMark(seconds: number, kind: number) {
  const d = new Date(seconds * 1000);
  switch (kind) {
    case 0:
      return String(d.getUTCFullYear());
    case 1:
      return MONTHS[d.getUTCMonth()]!;
    case 2:
      return String(d.getUTCDate());
    case 3:
      return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
    default:
      return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
}

/** A shifted chart time (seconds) as local `2026-11-22 14:05`. */
export function formatChartTime(seconds: number) {
  const d = new Date(seconds * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
