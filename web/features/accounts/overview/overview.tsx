import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { METRICS, upnlPercent, type Account, type AccountMetrics, type Position } from '~/shared/accounts/metrics';
import { DataAge, FlashValue, MetricValue, Pnl, StaleFrame } from '~/shared/figures';
import { PositionsTable } from '~/shared/accounts/positions-table';
import { AccountOrders } from '~/shared/orders/account-orders';
import { Alert } from '~/components/ui/alert';
import { EmptyState } from '~/components/ui/empty-state';
import { SegmentedControl } from '~/components/ui/segmented-control';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton, SkeletonCards } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';
import { myAccountsQuery } from '~/shared/accounts/my-accounts';
import { cn } from '~/lib/cn';
import { errorMessage, errorStatus } from '~/lib/http-error';
import { formatDateTime } from '~/lib/format';
import { accountStatsOptions, STATS_CADENCE, STATS_STALE_AFTER_MS } from '~/features/accounts/account-stats';
import { useDashboardPrefs } from './dashboard-prefs';
import { PanesMenu } from './panes-menu';
import { isPaneOn, PANES, type DashboardPrefs, type UpnlMode } from './panes';

export function OverviewToolbar() {
  const { prefs, setPane, reset } = useDashboardPrefs();
  return <PanesMenu prefs={prefs} onToggle={setPane} onReset={reset} />;
}

/** The Overview of one account: the panes chosen by the user and the positions table. */
export function Overview({ account }: { account: Account }) {
  const queryClient = useQueryClient();
  const stats = useQuery(accountStatsOptions(account.email));
  const { prefs, query: prefsQuery, setUpnlMode } = useDashboardPrefs();

  // The account was unassigned meanwhile: refresh the list so the selector moves on.
  const forbidden = errorStatus(stats.error) === 403;
  useEffect(() => {
    if (forbidden) void queryClient.invalidateQueries({ queryKey: myAccountsQuery.queryKey });
  }, [forbidden, queryClient]);

  if (stats.isPending || prefsQuery.isPending) return <OverviewSkeleton />;
  if (stats.isError && !stats.data) {
    return <QueryError query={stats} what="this account" testId="overview-error" />;
  }
  if (prefsQuery.isError || !prefs) {
    return <QueryError query={prefsQuery} what="your dashboard choices" />;
  }

  const { metrics, positions, ts } = stats.data;
  const lastError =
    account.lastError && account.lastErrorAt && (!account.lastSnapshotAt || account.lastErrorAt > account.lastSnapshotAt)
      ? account.lastError
      : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <DataAge ts={ts} staleAfterMs={STATS_STALE_AFTER_MS} label="Snapshot" data-testid="overview-age" />
        <span data-testid="overview-cadence">· {STATS_CADENCE}</span>
        {stats.isFetching ? <Spinner label="Refreshing" className="size-3" /> : null}
        {stats.isRefetchError ? (
          <span className="font-medium text-warning" role="status">
            Could not refresh: {errorMessage(stats.error)}. Showing the last values.
          </span>
        ) : null}
      </div>

      {lastError ? (
        <Alert>
          The last snapshot failed{account.lastErrorAt ? ` at ${formatDateTime(account.lastErrorAt)}` : ''}: {lastError}
        </Alert>
      ) : null}

      {!metrics ? (
        <Alert tone="info" data-testid="overview-no-snapshot">
          No snapshot of this account yet. The first one is taken within a minute of the account being added; this page refreshes
          by itself.
        </Alert>
      ) : null}

      <StaleFrame ts={ts} staleAfterMs={STATS_STALE_AFTER_MS}>
        <PaneGrid prefs={prefs} metrics={metrics} positions={positions} onUpnlMode={setUpnlMode} />
      </StaleFrame>

      <section aria-labelledby="positions-heading" className="flex flex-col gap-2">
        <h2 id="positions-heading" className="text-sm font-semibold">
          Positions <span className="tabular font-normal text-muted-foreground">({positions.length})</span>
        </h2>
        <PositionsTable positions={positions} />
      </section>

      <AccountOrders accountEmail={account.email} />
    </div>
  );
}

function PaneGrid({
  prefs,
  metrics,
  positions,
  onUpnlMode,
}: {
  prefs: DashboardPrefs;
  metrics: AccountMetrics | null;
  positions: Position[];
  onUpnlMode: (mode: UpnlMode) => void;
}) {
  const visible = PANES.filter((pane) => isPaneOn(prefs, pane.id));
  if (visible.length === 0) {
    return (
      <EmptyState title="Every pane is hidden" testId="panes-empty">
        Turn some back on from the Panes menu above.
      </EmptyState>
    );
  }
  const metricPanes = visible.flatMap((pane) => (pane.metric ? [{ ...pane, metric: pane.metric }] : []));
  const upnlPane = visible.some((pane) => pane.id === 'positions-upnl');
  return (
    <div
      className={cn('grid gap-3', upnlPane && metricPanes.length > 0 && 'lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)]')}
      data-testid="panes"
    >
      {metricPanes.length > 0 ? (
        <div
          className={cn(
            'grid grid-cols-2 content-start gap-2 sm:gap-3',
            upnlPane ? 'xl:grid-cols-3' : 'lg:grid-cols-3 xl:grid-cols-4',
          )}
        >
          {metricPanes.map((pane) => (
            <section
              key={pane.id}
              aria-labelledby={`pane-${pane.id}-title`}
              className="flex min-h-24 min-w-0 flex-col justify-between gap-1.5 rounded-lg border border-border bg-card p-3 sm:min-h-28 sm:gap-2"
              data-testid={`pane-${pane.id}`}
            >
              <h2 id={`pane-${pane.id}-title`} className="text-sm font-medium text-muted-foreground">
                {pane.title}
              </h2>
              <div className="text-lg font-semibold tracking-tight sm:text-2xl">
                <FlashValue value={metrics?.[pane.metric]}>
                  <MetricValue kind={METRICS[pane.metric].kind} value={metrics?.[pane.metric]} />
                </FlashValue>
              </div>
              <p className="text-xs leading-snug text-muted-foreground">{pane.description}</p>
            </section>
          ))}
        </div>
      ) : null}
      {upnlPane ? <PositionsUpnlPane positions={positions} mode={prefs.positionsUpnlMode} onMode={onUpnlMode} /> : null}
    </div>
  );
}

const MODES: { value: UpnlMode; label: string; title: string }[] = [
  { value: 'absolute', label: 'Absolute', title: 'Absolute uPnL in USD' },
  { value: 'percent', label: '% margin', title: 'uPnL as % of the position margin' },
];

function PositionsUpnlPane({
  positions,
  mode,
  onMode,
}: {
  positions: Position[];
  mode: UpnlMode;
  onMode: (mode: UpnlMode) => void;
}) {
  const rows = positions
    .map((position) => ({ position, value: mode === 'percent' ? upnlPercent(position) : position.unrealizedPnl }))
    .sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
  const max = Math.max(1e-9, ...rows.map((row) => Math.abs(row.value ?? 0)));
  return (
    <section
      aria-labelledby="pane-positions-upnl-title"
      className="flex min-h-28 flex-col gap-2 rounded-lg border border-border bg-card p-3"
      data-testid="pane-positions-upnl"
      data-mode={mode}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="pane-positions-upnl-title" className="text-sm font-medium text-muted-foreground">
          Positions uPnL
        </h2>
        <SegmentedControl
          label="uPnL display"
          size="xs"
          options={MODES.map((option) => ({ ...option, testId: `upnl-mode-${option.value}` }))}
          value={mode}
          onChange={onMode}
        />
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No open positions.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {rows.map(({ position, value }) => (
            <li
              key={`${position.symbol}-${position.side}`}
              className="grid grid-cols-[minmax(0,9rem)_1fr_auto] items-center gap-2"
            >
              <span className="truncate">
                <span className="font-medium">{position.symbol}</span>{' '}
                <span className={cn('text-[0.7rem]', position.side === 'LONG' ? 'text-success' : 'text-destructive')}>
                  {position.side}
                </span>
              </span>
              <span className="relative h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span
                  className={cn(
                    'absolute inset-y-0 left-0 rounded-full',
                    (value ?? 0) >= 0 ? 'bg-success/70' : 'bg-destructive/70',
                  )}
                  style={{ width: `${(Math.abs(value ?? 0) / max) * 100}%` }}
                />
              </span>
              <span className="text-right">
                <FlashValue value={value}>
                  {value === null ? (
                    <span className="text-muted-foreground">—</span>
                  ) : (
                    <Pnl value={value} percent={mode === 'percent'} />
                  )}
                </FlashValue>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function OverviewSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="overview-loading" aria-busy="true">
      <Skeleton className="h-4 w-48" />
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <SkeletonCards
          count={4}
          className="flex min-h-28 flex-col justify-between p-3"
          bars={['h-4 w-24', 'h-7 w-32', 'h-3 w-40']}
        />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}
