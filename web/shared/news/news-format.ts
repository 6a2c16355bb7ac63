import type { Importance, TimeFormat } from '@contract/enums';

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
