import { useCallback, useState } from 'react';
import { ConnectionBadge } from '~/components/ui/connection-badge';
import { METRIC_KEYS, METRICS, type Account, type AccountMetrics, type Position } from '~/shared/accounts/metrics';
import { DataAge, FlashValue, MetricValue, StaleFrame } from '~/shared/figures';
import { PositionsTable } from '~/shared/accounts/positions-table';
import { Alert } from '~/components/ui/alert';
import { Skeleton, SkeletonCards } from '~/components/ui/skeleton';
import { useEventStream } from '~/lib/event-stream';
import { formatDateTime } from '~/lib/format';
import { rpc } from '~/lib/rpc';

type LiveEvent = Awaited<ReturnType<typeof rpc.streamAccount>> extends AsyncIterable<infer E> ? E : never;

/** Events come every 3 s: no event for this long means the connection is dead, reconnect. */
const IDLE_TIMEOUT_MS = 15_000;
/** Older than this and the values are greyed as stale. */
const LIVE_STALE_AFTER_MS = 10_000;

interface Snapshot {
  ts: number;
  receivedAt: number;
  metrics: AccountMetrics;
  positions: Position[];
}

/** One account, streamed: every metric and position, flashing as it changes. */
export function LiveAccount({ account }: { account: Account }) {
  const [snapshot, setSnapshot] = useState<Snapshot | null>(null);
  const [exchangeError, setExchangeError] = useState<{ ts: number; message: string } | null>(null);

  const open = useCallback((signal: AbortSignal, lastEventId?: string) => rpc.streamAccount({ email: account.email }, { signal, lastEventId }), [account.email]);
  const onEvent = useCallback((event: LiveEvent) => {
    if (event.type === 'snapshot' && event.metrics) {
      setSnapshot({ ts: event.ts, receivedAt: Date.now(), metrics: event.metrics, positions: event.positions ?? [] });
      setExchangeError(null);
    } else if (event.type === 'error') {
      setExchangeError({ ts: event.ts, message: event.message ?? 'The exchange did not answer' });
    }
  }, []);
  const stream = useEventStream<LiveEvent>({ key: account.email, open, onEvent, idleTimeoutMs: IDLE_TIMEOUT_MS });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border bg-card px-3 py-2">
        <ConnectionBadge state={stream} />
        <DataAge ts={snapshot?.receivedAt} staleAfterMs={LIVE_STALE_AFTER_MS} label="Last update" data-testid="live-age" />
        {snapshot ? (
          <span className="tabular text-xs text-muted-foreground" title="Time of the exchange snapshot">
            · exchange time {formatDateTime(snapshot.ts, { seconds: true })}
          </span>
        ) : null}
        <span className="ml-auto text-xs text-muted-foreground">Updates every 3 s while this page is open</span>
      </div>

      {exchangeError ? (
        <Alert data-testid="live-exchange-error">
          The exchange did not answer at {formatDateTime(exchangeError.ts, { seconds: true })}: {exchangeError.message}.
          {snapshot ? ' Showing the last values.' : ''}
        </Alert>
      ) : null}
      {stream.fatal ? <Alert>Live data is not available: {stream.error}</Alert> : null}

      {snapshot ? (
        <StaleFrame ts={snapshot.receivedAt} staleAfterMs={LIVE_STALE_AFTER_MS} className="flex flex-col gap-4">
          <LiveMetrics metrics={snapshot.metrics} />
          <section aria-labelledby="live-positions-heading" className="flex flex-col gap-2">
            <h2 id="live-positions-heading" className="text-sm font-semibold">
              Positions <span className="tabular font-normal text-muted-foreground">({snapshot.positions.length})</span>
            </h2>
            <PositionsTable positions={snapshot.positions} />
          </section>
        </StaleFrame>
      ) : stream.fatal ? null : (
        <LiveSkeleton />
      )}
    </div>
  );
}

function LiveMetrics({ metrics }: { metrics: AccountMetrics }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5" data-testid="live-metrics">
      {METRIC_KEYS.map((key) => (
        <div key={key} className="flex flex-col gap-1 rounded-lg border border-border bg-card px-3 py-2">
          <dt className="text-xs text-muted-foreground" title={METRICS[key].description}>
            {METRICS[key].label}
          </dt>
          <dd className="text-lg font-semibold">
            <FlashValue value={metrics[key]} data-testid={`live-metric-${key}`}>
              <MetricValue kind={METRICS[key].kind} value={metrics[key]} compact={false} />
            </FlashValue>
          </dd>
        </div>
      ))}
      <div className="flex flex-col gap-1 rounded-lg border border-border bg-card px-3 py-2">
        <dt className="text-xs text-muted-foreground">Open positions</dt>
        <dd className="text-lg font-semibold">
          <FlashValue value={metrics.positions} data-testid="live-metric-positions">
            <span className="tabular">{metrics.positions}</span>
          </FlashValue>
        </dd>
      </div>
    </dl>
  );
}

function LiveSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="live-loading" aria-busy="true">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-5">
        <SkeletonCards count={9} className="flex flex-col gap-2 px-3 py-2" bars={['h-3 w-20', 'h-6 w-28']} />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
