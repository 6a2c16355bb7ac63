import type { DeskPatch, TraderLatest } from '../../contract/risk';

/**
 * Above this many changed traders an evaluation's event carries no rows and every view refetches:
 * events stay bounded (docs/PRODUCT-RULES.md §8's desk of 500 traders, each changing every minute, fits).
 */
export const MAX_PATCH_ROWS = 1000;

/** getAllTradersLatestMetrics's answer as of one evaluation. */
export interface DeskRows {
  asOf: number;
  firm: DeskPatch['firm'];
  traders: TraderLatest[];
}

type RowChange = DeskPatch['rows'][number];

/** The fields of `next` that differ from `prev` (breaches compared whole), or null when none. */
function changedFields(prev: TraderLatest, next: TraderLatest): RowChange | null {
  let change: RowChange | null = null;
  for (const key of Object.keys(next) as (keyof TraderLatest)[]) {
    if (key === 'traderId') continue;
    const same =
      key === 'breaches' ? JSON.stringify(prev.breaches) === JSON.stringify(next.breaches) : Object.is(prev[key], next[key]);
    if (!same) (change ??= { traderId: next.traderId })[key] = next[key] as never;
  }
  return change;
}

/**
 * What changed from one evaluation's rows to the next: the changed traders with their changed
 * fields (a new trader whole), the firm total and the trader count (a view that counts otherwise
 * refetches). Null when the rows cannot be patched: too many changed, or `prev` is not older.
 */
export function diffDesk(prev: DeskRows, next: DeskRows, maxRows = MAX_PATCH_ROWS): DeskPatch | null {
  if (prev.asOf >= next.asOf) return null;
  const before = new Map(prev.traders.map((t) => [t.traderId, t]));
  const rows: RowChange[] = [];
  for (const t of next.traders) {
    const old = before.get(t.traderId);
    const change = old ? changedFields(old, t) : t;
    if (!change) continue;
    if (rows.length === maxRows) return null;
    rows.push(change);
  }
  return { since: prev.asOf, asOf: next.asOf, traderCount: next.traders.length, firm: next.firm, rows };
}
