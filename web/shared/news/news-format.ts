import type { Importance, TimeFormat } from '@contract/enums';
import type { NewsItem } from './news-feed';

/** How a headline's importance, source and times read in a row (docs/PRODUCT-RULES.md §7). */
export const IMPORTANCE_LABEL: Record<Importance, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

export const SOURCE_KIND_LABEL: Record<string, string> = {
  twitter: 'Twitter / X',
  telegram: 'Telegram',
  rss: 'RSS',
  atom: 'Atom',
  manual: 'Manual',
  simulated: 'Simulated',
  exchange: 'Exchange',
};

/** `now`, `12s`, `2m`, `3h`, `4d`: the age column of the feed. */
export function formatShortAge(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 5) return 'now';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h`;
  const d = Math.floor(h / 24);
  return d < 365 ? `${d}d` : `${Math.floor(d / 365)}y`;
}

/** Published → received: `+0.8s`, `+12s`, `+3m`, `+2h`; a negative gap (clock skew) keeps its sign. */
export function formatLatency(ms: number) {
  const sign = ms < 0 ? '\u2212' : '+';
  const abs = Math.abs(ms);
  if (abs < 10_000) return `${sign}${(abs / 1000).toFixed(1)}s`;
  if (abs < 60_000) return `${sign}${Math.round(abs / 1000)}s`;
  if (abs < 3_600_000) return `${sign}${Math.round(abs / 60_000)}m`;
  return `${sign}${Math.round(abs / 3_600_000)}h`;
}

/**
 * A headline's delay: the source's own publication → stored and pushed to every screen. null when
 * the source gave no publication time (a dateless feed item): unknown, not "+0s". Items stored
 * before the stored time was kept count their receipt.
 */
export function headlineDelay(item: Pick<NewsItem, 'ts' | 'receivedAt' | 'publishedAt' | 'storedAt'>): number | null {
  if (item.publishedAt === null) return null;
  return (item.storedAt ?? item.receivedAt) - item.ts;
}

/** "+1.2s", or "—" for an unknown delay. */
export function formatDelay(ms: number | null) {
  return ms === null ? '\u2014' : formatLatency(ms);
}

/** The hover text of a delay: when the source published it, when it was read, when it was stored. */
export function delayTitle(item: Pick<NewsItem, 'ts' | 'receivedAt' | 'publishedAt' | 'storedAt'>, timeFormat: TimeFormat = '24h') {
  const time = (ts: number) => formatNewsTime(ts, timeFormat, { date: false });
  if (item.publishedAt === null) return `The source gave no publication time; read at ${time(item.receivedAt)}`;
  const parts = [`Published ${time(item.ts)}`, `read ${formatLatency(item.receivedAt - item.ts)}`];
  if (item.storedAt) parts.push(`stored ${formatLatency(item.storedAt - item.ts)}`);
  return parts.join(', ');
}

/** Another source that reported the same story after this headline (the dedupe kept one row). */
export interface AlsoReported {
  sourceId: string;
  sourceKind: string;
  name: string;
  receivedAt: number;
  /** After this headline was read (ms). */
  afterMs: number;
}

/** "also: @x +4.2s, Bybit +9.8s". */
export function formatAlsoReported(also: readonly AlsoReported[]) {
  return `also: ${also.map((a) => `${a.name} ${formatLatency(a.afterMs)}`).join(', ')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local `2026-11-22 14:05:07` (24h) or `2026-11-22 2:05:07 PM` (12h). */
export function formatNewsTime(ts: number, format: TimeFormat = '24h', { date = true }: { date?: boolean } = {}) {
  const d = new Date(ts);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  let clock: string;
  if (format === '12h') {
    const hours = d.getHours() % 12 || 12;
    clock = `${hours}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
  } else {
    clock = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }
  return date ? `${day} ${clock}` : clock;
}
