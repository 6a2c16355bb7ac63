import type { OrderEvent } from '@contract/orders';
import { replaceEqualDeep, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useEventStream } from '~/lib/event-stream';
import { orpc, rpc } from '~/lib/rpc';
import { keepNewerSteps, patchOrders, type OrderListScope } from './order-patch';

/** While the stream is up, a slow refetch in case a step was lost on the way (the hub was unreachable). */
export const ORDERS_SAFETY_REFETCH_MS = 60_000;
/** While it is down, the list polls as it used to. */
export const ORDERS_FALLBACK_POLL_MS = 5_000;

/**
 * One trader's orders (yours without `traderId`), live: the list is fetched once and every step of
 * every order then patches it from the trader's order stream. Each time the stream comes up (first
 * connection, reconnection, reset) the list is refetched once, for steps made while it was down.
 */
export function useLiveOrders(scope: OrderListScope & { traderId?: string }) {
  const queryClient = useQueryClient();
  const { traderId, accountEmail, limit } = scope;
  const options = useMemo(
    () =>
      orpc.listOrders.queryOptions({
        input: { ...(traderId ? { traderId } : {}), ...(accountEmail ? { accountEmail } : {}), limit },
      }),
    [traderId, accountEmail, limit],
  );
  const { queryKey } = options;

  const open = useCallback(
    (signal: AbortSignal, lastEventId?: string) => rpc.streamOrders(traderId ? { traderId } : {}, { signal, lastEventId }),
    [traderId],
  );
  const onEvent = useCallback(
    (event: OrderEvent) => {
      queryClient.setQueryData(queryKey, (list) => patchOrders(list, event.order, { accountEmail, limit }));
      // A fill moves the account's positions (the order panel's, the dashboard's): read them again.
      if (event.order.status === 'filled')
        void queryClient.invalidateQueries({
          queryKey: orpc.getUserAccountStats.key({ input: { email: event.order.accountEmail } }),
        });
    },
    [queryClient, queryKey, accountEmail, limit],
  );
  const refetch = useCallback(() => void queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const stream = useEventStream<OrderEvent>({ key: `orders:${traderId ?? 'mine'}`, open, onEvent, onReset: refetch });

  const live = stream.status === 'live';
  useEffect(() => {
    if (live) refetch();
  }, [live, refetch]);

  const orders = useQuery({
    ...options,
    refetchInterval: live ? ORDERS_SAFETY_REFETCH_MS : ORDERS_FALLBACK_POLL_MS,
    structuralSharing: (cached, fetched) => replaceEqualDeep(cached, keepNewerSteps(cached as never, fetched as never)),
  });
  return { orders, stream };
}
