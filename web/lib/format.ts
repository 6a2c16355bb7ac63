/**
 * Number and time formatting for the trading screens (docs/PRODUCT-RULES.md §9): tabular figures, units and
 * signs, large amounts abbreviated (1.25M) with the exact value available for a hover title.
 * Everything is en-US so a desk reads the same digits on every machine.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function nf(key: string, options: Intl.NumberFormatOptions) {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Amounts at or above this are abbreviated when a compact display is asked for. */
export const COMPACT_FROM = 100_000;

export const MINUS = '\u2212';

/** Sign prefix: '+' for positive, a real minus sign for negative, nothing for zero. */
function sign(value: number, signed: boolean) {
  if (value < 0) return MINUS;
  return signed && value > 0 ? '+' : '';
}

/** `$135,546.07`; compact `$135.55K` / `$1.25M` from 100K on. Signed adds '+' to gains. */
export function formatUsd(value: number, { compact = false, signed = false }: { compact?: boolean; signed?: boolean } = {}) {
  const abs = Math.abs(value);
  const body =
    compact && abs >= COMPACT_FROM
      ? nf('compact', { notation: 'compact', maximumFractionDigits: 2, minimumFractionDigits: 2 }).format(abs)
      : nf('usd', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(abs);
  return `${sign(roundTo(value, 2), signed)}$${body}`;
}

/** A market price: more decimals for small prices (0.37626), two for large ones (94,747.40). */
export function formatPrice(value: number) {
  const abs = Math.abs(value);
  // Under a cent (1000PEPE, NOT): eight places, or the last ticks of a 0.0000001 tick would not show.
  const digits = abs >= 1000 ? 2 : abs >= 1 ? 4 : abs >= 0.01 ? 6 : 8;
  const text = nf(`price-${digits}`, { minimumFractionDigits: 2, maximumFractionDigits: digits }).format(abs);
  return `${value < 0 ? MINUS : ''}${text}`;
}

/** A position size: up to 6 decimals, no trailing zeros. */
export function formatQuantity(value: number) {
  return `${value < 0 ? MINUS : ''}${nf('qty', { maximumFractionDigits: 6 }).format(Math.abs(value))}`;
}

/** Leverage as `3.42×`; null (equity ≤ 0) shows an em dash. */
export function formatLeverage(value: number | null | undefined) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return `${nf('lev', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}×`;
}

/** `+12.34%` / `−0.50%`. */
export function formatPercent(value: number, { signed = true }: { signed?: boolean } = {}) {
  return `${sign(roundTo(value, 2), signed)}${nf('pct', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(value))}%`;
}

/** Plain exact number for hover titles: every digit the server sent, grouped. */
export function formatExact(value: number) {
  return `${value < 0 ? MINUS : ''}${nf('exact', { maximumFractionDigits: 8 }).format(Math.abs(value))}`;
}

function roundTo(value: number, digits: number) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** 'up' for a gain, 'down' for a loss, 'flat' when it rounds to zero cents. */
export function direction(value: number, digits = 2): 'up' | 'down' | 'flat' {
  const rounded = roundTo(value, digits);
  return rounded > 0 ? 'up' : rounded < 0 ? 'down' : 'flat';
}

/** An age in words a trader scans quickly: `now`, `4s`, `2m 05s`, `3h 10m`, `2d 4h`. */
export function formatAge(ms: number) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 1) return 'now';
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${String(m % 60).padStart(2, '0')}m`;
  const d = Math.floor(h / 24);
  return `${d}d ${h % 24}h`;
}

/** `just now`, `4s ago`, `2m 05s ago`. */
export function formatAgo(ms: number) {
  return ms < 1000 ? 'just now' : `${formatAge(ms)} ago`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local `2026-11-22 14:05`, with seconds when asked. */
export function formatDateTime(ts: number, { seconds = false }: { seconds?: boolean } = {}) {
  const d = new Date(ts);
  const base = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return seconds ? `${base}:${pad(d.getSeconds())}` : base;
}
