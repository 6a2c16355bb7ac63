import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useRef } from 'react';
import { toast } from 'sonner';
import { riskTeamLinks } from '~/components/layout/nav-items';
import { SectionTabs } from '~/components/layout/section-tabs';
import { useEventStream, type StreamState } from '~/lib/event-stream';
import { orpc, rpc } from '~/lib/rpc';
import { formatLimit, LIMIT_LABELS } from './risk-format';
import type { RiskEvent } from './risk-queries';

const RiskStreamContext = createContext<StreamState | null>(null);

/** The risk stream's connection state, for the pages' connection badges. */
export function useRiskStreamState() {
  return useContext(RiskStreamContext);
}

/**
 * The risk-team shell: the section tabs and one live risk stream for every page under it. A new
 * breach is a toast at once (text, not colour alone) and refreshes the breach lists; each
 * evaluation tick refetches the overview's figures, which flash where they changed.
 */
export function RiskTeamShell() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const open = useCallback((signal: AbortSignal, lastEventId?: string) => rpc.streamRisk(undefined, { signal, lastEventId }), []);
  // One evaluation sends a burst of events (each breach opened or closed, then the tick): they are
  // applied together, one refetch per query and per frame, not one per event.
  const pending = useRef<{ breaches: boolean } | null>(null);
  const refetchNextFrame = useCallback(
    (breaches: boolean) => {
      if (pending.current) {
        pending.current.breaches ||= breaches;
        return;
      }
      pending.current = { breaches };
      requestAnimationFrame(() => {
        const { breaches: withBreaches } = pending.current!;
        pending.current = null;
        void queryClient.invalidateQueries({ queryKey: orpc.getAllTradersLatestMetrics.key() });
        if (withBreaches) void queryClient.invalidateQueries({ queryKey: orpc.listRiskBreaches.key() });
      });
    },
    [queryClient],
  );
  const onEvent = useCallback(
    (event: RiskEvent) => {
      refetchNextFrame(event.type !== 'snapshot' && Boolean(event.breach));
      if (event.type === 'snapshot' || !event.breach) return;
      const b = event.breach;
      const who = b.traderName ?? `Firm ${b.symbol ?? ''}`;
      const text = `${who}: ${LIMIT_LABELS[b.kind].toLowerCase()} ${formatLimit(b.kind, b.lastValue)} (limit ${formatLimit(b.kind, b.limitValue)})`;
      if (event.type === 'breach-opened')
        toast.error(`Risk breach · ${text}`, {
          id: b.id,
          action: { label: 'View', onClick: () => void router.navigate({ to: '/risk-team/alerts' }) },
        });
      else toast.info(`Back inside the limit · ${who}: ${LIMIT_LABELS[b.kind].toLowerCase()}`, { id: `${b.id}-closed` });
    },
    [refetchNextFrame, router],
  );
  // Too much missed to replay: refetch the figures and breaches the pages show.
  const onReset = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: orpc.getAllTradersLatestMetrics.key() });
    void queryClient.invalidateQueries({ queryKey: orpc.listRiskBreaches.key() });
  }, [queryClient]);
  const state = useEventStream<RiskEvent>({ key: 'risk', open, onEvent, onReset });
  return (
    <RiskStreamContext.Provider value={state}>
      <div className="flex min-h-0 flex-1 flex-col">
        <SectionTabs label="Risk Team" links={[...riskTeamLinks, { label: 'Alerts', to: '/risk-team/alerts' }]} />
        <Outlet />
      </div>
    </RiskStreamContext.Provider>
  );
}
