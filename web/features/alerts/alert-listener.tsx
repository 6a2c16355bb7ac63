import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from 'sonner';
import { useEventStream } from '~/lib/event-stream';
import { formatDateTime } from '~/lib/format';
import { orpc, rpc } from '~/lib/rpc';
import { onWatchHit } from '~/shared/watchlists/watch-sync';

type AlertNotice = Awaited<ReturnType<typeof rpc.streamAlerts>> extends AsyncIterable<infer E> ? E : never;

/**
 * Listens to the caller's fired alerts (and their watchlists' hits, watch-sync.tsx) on every page (approved users; loaded lazily by the root
 * route, never part of /login's first load): a warning toast per alert, and the alert lists
 * refreshed. Reconnects by itself after a drop.
 */
export function AlertListener() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const open = useCallback(
    (signal: AbortSignal, lastEventId?: string) => rpc.streamAlerts(undefined, { signal, lastEventId }),
    [],
  );
  const onEvent = useCallback(
    (alert: AlertNotice) => {
      if ('kind' in alert) return void onWatchHit(alert, queryClient);
      toast.warning(alert.message, {
        id: alert.id,
        description: `Fired ${formatDateTime(alert.firedAt, { seconds: true })}`,
        action: { label: 'View', onClick: () => void router.navigate({ to: '/dashboard/alerts' }) },
      });
      void queryClient.invalidateQueries({ queryKey: orpc.listAlertEvents.key() });
      void queryClient.invalidateQueries({ queryKey: orpc.listAlertRules.key() });
    },
    [queryClient, router],
  );
  useEventStream<AlertNotice>({ key: 'alerts', open, onEvent });
  return null;
}
