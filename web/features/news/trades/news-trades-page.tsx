import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { PageHeader, PageSection } from '~/components/layout/page';
import { EmptyState } from '~/components/ui/empty-state';
import { ErrorState } from '~/components/ui/error-state';
import { SegmentedControl } from '~/components/ui/segmented-control';
import { NativeSelect } from '~/components/ui/select';
import { Skeleton } from '~/components/ui/skeleton';
import { orpc } from '~/lib/rpc';
import { CsvButton } from '~/shared/csv-button';
import { NewsTradesTable } from './news-trades-table';
import { groupsCsv, groupTrades, tradesCsv, type GroupBy } from './trade-groups';
import { TradeGroupsTable } from './trade-groups-table';

const GROUP_BY: { value: GroupBy; label: string }[] = [
  { value: 'source', label: 'Source' },
  { value: 'importance', label: 'Importance' },
  { value: 'kind', label: 'Kind' },
];

/** The page's query: the route loader reads the same (everyone's, or your own). */
export const newsTradesQuery = (traderId: string | null) =>
  orpc.listNewsTrades.queryOptions({ input: traderId ? { traderId, limit: 500 } : { limit: 500 } });

/**
 * /news/trades: orders placed from a headline, scored 1, 5 and 15 minutes after entry and at close,
 * beside a hypothetical entry at the headline's publication; grouped by source, importance and kind.
 * Traders see their own; the risk team sees everyone, or one trader.
 */
export function NewsTradesPage() {
  const [traderId, setTraderId] = useState<string | null>(null);
  const [by, setBy] = useState<GroupBy>('source');
  const query = useQuery({ ...newsTradesQuery(traderId), refetchInterval: 30_000 });
  const trades = query.data?.trades;
  const groups = useMemo(() => (trades ? groupTrades(trades, by) : []), [trades, by]);
  const traders = query.data?.traders ?? null;
  const stamp = new Date().toISOString().slice(0, 10);

  let body: ReactNode;
  if (query.isPending)
    body = (
      <div className="space-y-3" data-testid="news-trades-loading" aria-busy="true">
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  else if (query.isError)
    body = (
      <ErrorState what="the news trades" error={query.error} onRetry={() => void query.refetch()} testId="news-trades-error" />
    );
  else if (query.data.trades.length === 0)
    body = (
      <EmptyState title="No news trades yet" testId="news-trades-empty">
        Select a headline in the terminal and buy or sell: the order keeps the headline, and its figures appear here as their
        windows pass.
      </EmptyState>
    );
  else
    body = (
      <>
        <PageSection
          title={`Trades (${query.data.trades.length})`}
          actions={
            <CsvButton name={`news-trades-${stamp}.csv`} csv={() => tradesCsv(query.data.trades)} testId="news-trades-csv" />
          }
        >
          <NewsTradesTable trades={query.data.trades} withTrader={traders !== null} />
        </PageSection>
        <PageSection
          title="What paid"
          actions={
            <>
              <SegmentedControl label="Group by" options={GROUP_BY} value={by} onChange={setBy} />
              <CsvButton name={`news-trades-by-${by}-${stamp}.csv`} csv={() => groupsCsv(groups, by)} testId="news-groups-csv" />
            </>
          }
        >
          <TradeGroupsTable groups={groups} by={by} />
        </PageSection>
      </>
    );

  const simulated = trades?.some((t) => t.simulated) ?? false;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <PageHeader
        title="News trades"
        description="Orders placed from a headline: PnL 1, 5 and 15 minutes after entry and at close (or open now), and beneath each the same size entered at the headline's publication. Groups use each trade's latest figure."
        className="mb-3"
        actions={
          traders ? (
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              Trader
              <NativeSelect
                aria-label="Trader"
                className="w-52"
                value={traderId ?? ''}
                onChange={(e) => setTraderId(e.target.value || null)}
                data-testid="news-trades-trader"
              >
                <option value="">Everyone</option>
                {traders.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name ?? t.id}
                  </option>
                ))}
              </NativeSelect>
            </label>
          ) : undefined
        }
      />
      {simulated ? (
        <p className="mb-2 text-xs text-muted-foreground" data-testid="news-trades-simulated">
          <span className="mr-2 rounded border border-warning/50 px-1 text-warning">simulated</span>
          Trades on simulated accounts are scored on the local simulated market’s prices.
        </p>
      ) : null}
      {body}
    </div>
  );
}
