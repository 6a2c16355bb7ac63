import { markPatched } from './patched-desks';
import type { DeskPatch, LatestMetrics } from './risk-queries';

/**
 * Applies one evaluation's changes (the risk stream's tick) to the cached traders' figures:
 * changed traders get new row objects, the others keep theirs, so memoized rows do not render
 * again; a tick that changed nobody keeps the traders array itself. Returns `data` when the
 * patch is already in it, and null when it cannot apply (another base, a trader the view does
 * not have, a different count): the view then refetches.
 */
export function applyDeskPatch(data: LatestMetrics, patch: DeskPatch): LatestMetrics | null {
  if (patch.asOf <= data.asOf) return data;
  if (patch.since !== data.asOf || patch.traderCount !== data.traders.length) return null;
  const changes = new Map(patch.rows.map((r) => [r.traderId, r]));
  let applied = 0;
  const traders =
    changes.size === 0
      ? data.traders
      : data.traders.map((t) => {
          const change = changes.get(t.traderId);
          if (!change) return t;
          applied++;
          return { ...t, ...change };
        });
  if (applied !== changes.size) return null;
  const next = { ...data, ts: Math.max(data.ts, patch.asOf), asOf: patch.asOf, firm: patch.firm, traders };
  markPatched(next);
  return next;
}
