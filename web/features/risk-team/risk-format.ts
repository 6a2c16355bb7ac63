import { formatLeverage, formatPercent, formatUsd } from '~/lib/format';
import type { LimitKind } from './risk-queries';

/** Limits the UI edits in percent (stored as fractions). */
export const PERCENT_KINDS: LimitKind[] = ['maxDrawdown', 'maxPositionShare'];

export function formatLimit(kind: LimitKind, value: number | undefined | null) {
  if (value === undefined || value === null) return '—';
  if (kind === 'maxLeverage') return formatLeverage(value);
  if (PERCENT_KINDS.includes(kind)) return formatPercent(value * 100, { signed: false });
  return formatUsd(value, { compact: true });
}

/** A fraction as a percentage (0.123 → 12.30%), null as a dash. */
export function formatFraction(value: number | null | undefined, signed = false) {
  return value === null || value === undefined ? '—' : formatPercent(value * 100, { signed });
}

/** Data older than this greys a trader's row (the cron snapshots every minute). */
export const STALE_AFTER_MS = 5 * 60_000;

/** A plain ratio (Sharpe) with two decimals and a true minus sign, like every other figure. */
export function formatRatio(value: number | null | undefined) {
  return value === null || value === undefined ? '—' : value.toFixed(2).replace('-', '−');
}
