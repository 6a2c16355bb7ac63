import { CLOCK_SKEW_MS, IN_FLIGHT_MAX_MS, included, RETAIN_CONFIRMED_MS, type GateItem } from './gate-core';

/**
 * An item's life in a gate (gate-core.ts judges with the items; this is how they come and go): the
 * reservation an accepted order leaves, what its fill or a resting order's progress turns it into,
 * and the upkeep after each read.
 */

/** The item an accepted order leaves in a gate. */
export function reservation(
  ask: { orderId: string; accountId: string; symbol: string; mark: number; rests?: boolean },
  qty: number,
  now: number,
): GateItem {
  return {
    // A limit order is held as resting from the start: its first answer ("on the book, nothing
    // filled") then changes nothing and costs the gate no storage write.
    ...(ask.rests ? { resting: { reported: 0 } } : {}),
    orderId: ask.orderId,
    accountId: ask.accountId,
    symbol: ask.symbol,
    qty,
    mark: ask.mark,
    filled: null,
    includedFrom: null,
    at: now,
  };
}

/** What the exchange said of an order: filled (signed base quantity, 0 for nothing) and from when snapshots show it. */
export interface Settlement {
  filled: number;
  includedFrom: number;
}

/**
 * A resting order's progress at the exchange: its signed quantity filled so far (cumulative, so a
 * report repeated or out of date changes nothing), whether it still rests, from when snapshots
 * show the fills.
 */
export interface Progress {
  executed: number;
  open: boolean;
  includedFrom: number;
}

/**
 * What a resting order's progress leaves in the gate: a fill item for what filled since the last
 * report (the position now holds it, or will once a snapshot shows it) and the order itself with
 * only what still rests — or nothing of it once it no longer rests.
 */
export function progressed(item: GateItem, p: Progress): { fill?: GateItem; rest?: GateItem } {
  const reported = item.resting?.reported ?? 0;
  const total = item.qty + reported;
  const delta = p.executed - reported;
  const grew = Math.abs(p.executed) > Math.abs(reported) + 1e-12;
  const fill = grew
    ? {
        ...item,
        orderId: `${item.orderId}#${p.executed}`,
        qty: delta,
        filled: delta,
        includedFrom: p.includedFrom,
        resting: undefined,
        closes: undefined,
      }
    : undefined;
  // A take-profit or stop-loss still resting after a partial fill may close the rest at any moment.
  if (item.closes) return { fill, rest: p.open ? { ...item, resting: { reported: grew ? p.executed : reported } } : undefined };
  const left = total - (grew ? p.executed : reported);
  const rest =
    p.open && Math.abs(left) > 1e-12 ? { ...item, qty: left, resting: { reported: grew ? p.executed : reported } } : undefined;
  return { fill, rest };
}

/** The item once its fill is known; undefined: nothing filled, the item goes. */
export function settled(item: GateItem, s: Settlement): GateItem | undefined {
  if (Math.abs(s.filled) < 1e-12) return undefined;
  return { ...item, filled: s.filled, includedFrom: s.includedFrom, resting: undefined, closes: undefined };
}

/**
 * Upkeep after a read: items the read shows included get their confirmation time; confirmed items
 * older than RETAIN_CONFIRMED_MS go (every read still allowed is newer than their confirmation);
 * an order in flight for IN_FLIGHT_MAX_MS is judged as a full fill from now on.
 * Returns the items to store (changed) and the ids to drop.
 */
export function upkeep(items: Iterable<GateItem>, tsOf: (accountId: string) => number | null | undefined, now: number) {
  const changed: GateItem[] = [];
  const dropped: string[] = [];
  for (const item of items) {
    if (item.confirmedAt !== undefined) {
      if (now - item.confirmedAt > RETAIN_CONFIRMED_MS) dropped.push(item.orderId);
    } else if (included(item, tsOf(item.accountId))) changed.push({ ...item, confirmedAt: now });
    else if (item.filled === null && !item.resting && now - item.at > IN_FLIGHT_MAX_MS)
      changed.push({ ...item, filled: item.qty, includedFrom: now + CLOCK_SKEW_MS });
  }
  return { changed, dropped };
}
