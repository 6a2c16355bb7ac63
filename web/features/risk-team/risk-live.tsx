import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Outlet, useRouter } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useMemo, useRef } from 'react';
import { toast } from 'sonner';
import { riskTeamLinks } from '~/components/layout/nav-items';
import { SectionTabs } from '~/components/layout/section-tabs';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import { useEventStream, type StreamState } from '~/lib/event-stream';
import { orpc, rpc } from '~/lib/rpc';
import { formatLimit } from './risk-format';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import { applyDeskPatch } from './desk-patch';
import { latestMetricsQuery, type DeskPatch, type RiskEvent } from './risk-queries';

const RiskStreamContext = createContext<StreamState | null>(null);

/**
 * The risk stream's connection state as a badge. Only the badge reads the state (it changes with
 * every event): a page that read it would render again on every event.
 */
export function RiskLiveBadge() {
  const state = useContext(RiskStreamContext);
  return state ? <ConnectionBadge state={state} /> : null;
}

/** What the events of one frame ask for: the ticks' row patches in order, or a refetch. */
interface Pending {
  patches: DeskPatch[];
  refetch: boolean;
  breaches: boolean;
}

/**
 * The risk-team shell: the section tabs and one live risk stream for every page under it. A new
 * breach is a toast at once (text, not colour alone) and refreshes the breach lists; each
 * evaluation tick carries the traders' rows that changed, patched into the cached figures (they
 * flash where they changed); a tick without them, or one that does not fit the cache, refetches.
 */
export function RiskTeamShell() {
  const queryClient = useQueryClient();
  const router = useRouter();
  const open = useCallback((signal: AbortSignal, lastEventId?: string) => rpc.streamRisk(undefined, { signal, lastEventId }), []);
  // One evaluation sends a burst of events (each breach opened or closed, then the tick): they are
  // applied together in the next frame, not one by one.
  const pending = useRef<Pending | null>(null);
  const applyNextFrame = useCallback(
    (event: RiskEvent) => {
      const first = !pending.current;
      const p = (pending.current ??= { patches: [], refetch: false, breaches: false });
      if (event.type !== 'snapshot') p.breaches ||= Boolean(event.breach);
      else if (event.desk) p.patches.push(event.desk);
      else p.refetch = true;
      if (!first) return;
      requestAnimationFrame(() => {
        const { patches, refetch, breaches } = pending.current!;
        pending.current = null;
        if (refetch || !patchLatest(queryClient, patches))
          void queryClient.invalidateQueries({ queryKey: latestMetricsQuery.queryKey });
        if (breaches) void queryClient.invalidateQueries({ queryKey: orpc.listRiskBreaches.key() });
      });
    },
    [queryClient],
  );
  const onEvent = useCallback(
    (event: RiskEvent) => {
      applyNextFrame(event);
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
    [applyNextFrame, router],
  );
  // Too much missed to replay: refetch the figures and breaches the pages show.
  const onReset = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: latestMetricsQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: orpc.listRiskBreaches.key() });
  }, [queryClient]);
  const state = useEventStream<RiskEvent>({ key: 'risk', open, onEvent, onReset });
  // The same element every time: an event re-renders the context's readers, not the pages.
  const body = useMemo(
    () => (
      <div className="flex min-h-0 flex-1 flex-col">
        <SectionTabs label="Risk Team" links={[...riskTeamLinks, { label: 'Alerts', to: '/risk-team/alerts' }]} />
        <Outlet />
      </div>
    ),
    [],
  );
  return <RiskStreamContext.Provider value={state}>{body}</RiskStreamContext.Provider>;
}

/**
 * Applies the ticks' patches to the cached figures, in order; false when one does not fit (the
 * caller refetches). Nothing cached: nothing to patch (the page fetches when it opens).
 */
function patchLatest(queryClient: QueryClient, patches: DeskPatch[]): boolean {
  let data = queryClient.getQueryData(latestMetricsQuery.queryKey);
  if (!data) return true;
  const before = data;
  for (const patch of patches) {
    const next = applyDeskPatch(data, patch);
    if (!next) return false;
    data = next;
  }
  if (data !== before) queryClient.setQueryData(latestMetricsQuery.queryKey, data);
  return true;
}
