import type { OrderDto } from '@contract/orders';

/** What one orders list shows: the trader's orders, on one account or all, the newest `limit`. */
export interface OrderListScope {
  accountEmail?: string;
  limit: number;
}

/** Later steps only: an order's history only grows, so a longer one is newer. */
const isNewer = (next: OrderDto, current: OrderDto) => next.statusHistory.length >= current.statusHistory.length;

/**
 * One step of one order applied to a cached list (newest first): the order replaced where it is,
 * or added in its place by time and the list cut to its limit. A step older than what the list
 * already holds (a refetch raced it) is ignored; a list not loaded yet is left for its fetch.
 */
export function patchOrders(list: OrderDto[] | undefined, order: OrderDto, scope: OrderListScope): OrderDto[] | undefined {
  if (!list) return list;
  if (scope.accountEmail !== undefined && order.accountEmail !== scope.accountEmail) return list;
  const at = list.findIndex((o) => o.id === order.id);
  if (at >= 0) {
    const current = list[at]!;
    if (!isNewer(order, current)) return list;
    const next = [...list];
    next[at] = { ...order, traderName: order.traderName ?? current.traderName };
    return next;
  }
  const next = [...list];
  const before = next.findIndex((o) => o.receivedAt < order.receivedAt);
  next.splice(before < 0 ? next.length : before, 0, order);
  return next.slice(0, scope.limit);
}

/**
 * A refetched list against what the stream already put in the cache: an order the stream has
 * seen further along keeps the stream's version (the fetch read the row before that step).
 */
export function keepNewerSteps(cached: OrderDto[] | undefined, fetched: OrderDto[]): OrderDto[] {
  if (!cached?.length) return fetched;
  const known = new Map(cached.map((o) => [o.id, o]));
  return fetched.map((o) => {
    const seen = known.get(o.id);
    return seen && !isNewer(o, seen) ? { ...seen, traderName: o.traderName ?? seen.traderName } : o;
  });
}
