import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { ScrollingPage } from '~/components/layout/page';
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { ComboboxField } from '~/components/ui/combobox';
import { Skeleton } from '~/components/ui/skeleton';
import { DateRangePicker } from '~/shared/date-range/date-range-picker';
import { resolveRange } from '~/shared/date-range/date-range';
import { PositionsTable } from '~/shared/accounts/positions-table';
import { setSharedRange, useSharedRange } from '~/shared/date-range/shared-range';
import { TraderOrders } from '~/shared/orders/trader-orders';
import { formatDateTime } from '~/lib/format';
import { BreachList } from './breach-list';
import { BreachMark } from './breach-mark';
import { LineChart } from './line-chart';
import { formatFraction, formatLimit } from './risk-format';
import { TRADER_LIMIT_KINDS } from '@contract/enums';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import { latestMetricsQuery, riskTraderQuery, type RiskTrader } from './risk-queries';
import { StatGrid } from './stat-grid';
import { Figure, TotalsRow } from './totals';
import { TradingAudit } from './trading-audit';

/**
 * /risk-team/risk-trader?trader=<id>: one trader in depth. `performance` draws the trader's
 * realized performance (the route composes it from the accounts feature).
 */
export function RiskTraderPage({
  traderId,
  performance,
}: {
  traderId: string | undefined;
  performance?: (traderId: string) => ReactNode;
}) {
  const navigate = useNavigate();
  const traders = useQuery(latestMetricsQuery);
  const range = useSharedRange();
  const span = useMemo(() => resolveRange(range), [range]);
  const selected = traderId ?? traders.data?.traders[0]?.traderId;
  const detail = useQuery({ ...riskTraderQuery(selected ?? '', span), enabled: Boolean(selected) });
  const traderOptions = useMemo(
    () =>
      (traders.data?.traders ?? []).map((t) => ({
        value: t.traderId,
        label: t.name,
        detail: t.breaches.length ? (
          <span className="text-destructive">
            {t.breaches.length} breach{t.breaches.length > 1 ? 'es' : ''}
          </span>
        ) : undefined,
      })),
    [traders.data],
  );

  return (
    <ScrollingPage
      title="Risk Trader"
      description="One trader in depth: accounts, open positions, equity over the date range, statistics, breaches and limits."
      actions={<DateRangePicker value={range} onChange={setSharedRange} />}
    >
      {traders.isError ? (
        <QueryError query={traders} what="the traders" />
      ) : traders.data?.traders.length === 0 ? (
        <EmptyState title="No traders yet">Assign exchange accounts to users under Admin → Account Assignments.</EmptyState>
      ) : (
        <ComboboxField
          label="Trader"
          noun="trader"
          fieldClassName="grid max-w-sm gap-1.5"
          value={selected ?? ''}
          options={traderOptions}
          onChange={(trader) => void navigate({ to: '/risk-team/risk-trader', search: { trader } })}
          testId="risk-trader-picker"
        />
      )}
      {detail.isError ? (
        <QueryError query={detail} what="this trader" />
      ) : detail.data ? (
        <TraderDetail detail={detail.data} performance={performance} />
      ) : selected ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the trader">
          <Skeleton className="h-24" />
          <Skeleton className="h-72" />
        </div>
      ) : null}
    </ScrollingPage>
  );
}

function TraderDetail({ detail, performance }: { detail: RiskTrader; performance?: (traderId: string) => ReactNode }) {
  const { latest, stats } = detail;
  const curve = useMemo(
    () => [{ id: 'equity', label: 'Equity (daily close)', points: detail.curve.map((p) => ({ ts: p.ts, value: p.equity })) }],
    [detail.curve],
  );
  const open = detail.breaches.filter((b) => b.closedAt === null);
  return (
    <>
      <Card>
        <CardContent className="flex flex-wrap items-center gap-x-8 gap-y-3 pt-4">
          <TotalsRow as="figures" totals={latest} />
          <Figure label="Drawdown (30-day peak)">
            {latest.drawdown > 0 ? `−${formatFraction(latest.drawdown)}` : formatFraction(0)}
          </Figure>
          <div className="flex flex-col gap-1">
            {open.length === 0 ? <span className="text-xs text-muted-foreground">Within limits</span> : null}
            {open.map((b) => (
              <BreachMark key={b.id}>
                {LIMIT_LABELS[b.kind].replace('Max ', '')} {formatLimit(b.kind, b.lastValue)} over{' '}
                {formatLimit(b.kind, b.limitValue)}
              </BreachMark>
            ))}
          </div>
        </CardContent>
      </Card>
      <TitledCard title="Equity curve">
        {detail.curve.length === 0 ? (
          <EmptyState title="No history in this range">Pick a longer date range.</EmptyState>
        ) : (
          <LineChart lines={curve} label="Equity" />
        )}
      </TitledCard>
      <TitledCard title="Statistics over the range">
        <StatGrid stats={stats} />
      </TitledCard>
      {performance ? (
        <TitledCard title="Performance (realized PnL, fees, funding)" data-testid="risk-trader-performance">
          {performance(latest.traderId)}
        </TitledCard>
      ) : null}
      {detail.accounts.map((a) => (
        <Card key={a.id}>
          <CardHeader>
            <CardTitle>
              {a.label ?? a.email} <span className="text-sm font-normal text-muted-foreground">{a.email}</span>
            </CardTitle>
            <p className="text-xs text-muted-foreground">{a.ts ? `Snapshot ${formatDateTime(a.ts)}` : 'No snapshot yet'}</p>
          </CardHeader>
          <CardContent>
            {a.positions.length === 0 ? (
              <p className="text-sm text-muted-foreground">No open positions.</p>
            ) : (
              <PositionsTable positions={a.positions} />
            )}
          </CardContent>
        </Card>
      ))}
      <div className="grid gap-4 lg:grid-cols-2">
        <TitledCard title="Orders and trading" className="lg:col-span-2">
          <TraderOrders traderId={latest.traderId} name={latest.name} />
        </TitledCard>
        <TitledCard title="Trading audit" className="lg:col-span-2">
          <TradingAudit traderId={latest.traderId} />
        </TitledCard>
        <TitledCard title="Breaches">
          <BreachList breaches={detail.breaches} />
        </TitledCard>
        <TitledCard title="Limits in force">
          <dl className="grid gap-1 text-sm">
            {TRADER_LIMIT_KINDS.map((k) => (
              <div key={k} className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{LIMIT_LABELS[k]}</dt>
                <dd className="tabular">
                  {formatLimit(k, detail.limits[k])}
                  {detail.overrides[k] !== undefined ? (
                    <span className="ml-1 text-xs text-warning">(trader override)</span>
                  ) : null}
                </dd>
              </div>
            ))}
          </dl>
        </TitledCard>
      </div>
    </>
  );
}
