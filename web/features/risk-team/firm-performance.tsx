import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import type { FirmPerformance as FirmPerformanceDto } from '@contract/performance';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatPercent, formatUsd } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { Pnl } from '~/shared/figures';
import { CsvButton } from '~/shared/csv-button';
import { firmTradersCsv, performanceLines } from './firm-performance-data';
import { LineChart, lineColor } from './line-chart';
import { useOpenTrader } from './open-trader';
import { Figure } from './totals';

const rate = (r: number | null) => (r === null ? '—' : formatPercent(r * 100, { signed: false }));

function Figures({ perf }: { perf: FirmPerformanceDto }) {
  const t = perf.totals;
  const figures: [label: string, value: ReactNode][] = [
    ['Net (realized − fees + funding)', <Pnl value={t.net} />],
    ['Realized PnL', <Pnl value={t.realizedPnl} />],
    ['Fees', formatUsd(t.fees)],
    ['Funding', <Pnl value={t.funding} />],
    [`Win rate · ${t.closing} closing of ${t.trades} fills`, rate(t.winRate)],
  ];
  return (
    <div className="flex flex-wrap gap-x-8 gap-y-3" data-testid="firm-perf-totals">
      {figures.map(([label, value]) => (
        <Figure key={label} label={label}>
          {value}
        </Figure>
      ))}
    </div>
  );
}

/** A PnL cell of the traders table. */
function PnlCell({ value }: { value: number }) {
  return (
    <TableCell className="text-right">
      <Pnl value={value} />
    </TableCell>
  );
}

function TradersTable({ perf }: { perf: FirmPerformanceDto }) {
  const open = useOpenTrader();
  return (
    <Table data-testid="firm-perf-traders">
      <TableHeader>
        <TableRow>
          <TableHead>Trader</TableHead>
          <TableHead className="text-right">Fills</TableHead>
          <TableHead className="text-right">Win rate</TableHead>
          <TableHead className="text-right">Realized</TableHead>
          <TableHead className="text-right">Fees</TableHead>
          <TableHead className="text-right">Funding</TableHead>
          <TableHead className="text-right">Net</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {perf.traders.map((t) => (
          <TableRow key={t.traderId} data-testid={`firm-perf-trader-${t.traderId}`}>
            <TableCell>
              <button type="button" className="text-left underline-offset-4 hover:underline" onClick={() => open(t)}>
                {t.name}
              </button>
            </TableCell>
            <TableCell className="tabular text-right">{t.trades}</TableCell>
            <TableCell className="tabular text-right">{rate(t.winRate)}</TableCell>
            <PnlCell value={t.realizedPnl} />
            <TableCell className="tabular text-right">{formatUsd(t.fees)}</TableCell>
            <PnlCell value={t.funding} />
            <PnlCell value={t.net} />
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The risk charts page's performance: the firm's realized PnL, fees and funding over the range,
 * its running net beside the compared traders' (the page's picker), and every trader's line.
 */
export function FirmPerformance({ range, chosen }: { range: { from: number; to: number }; chosen: string[] }) {
  // To the minute: a stable key while the page is open (the range's end moves with the clock).
  const input = { from: Math.floor(range.from / 60_000) * 60_000, to: Math.ceil((range.to + 1) / 60_000) * 60_000 };
  const perf = useQuery({ ...orpc.getFirmPerformance.queryOptions({ input }), placeholderData: keepPreviousData });
  const chosenKey = chosen.join(',');
  const lines = useMemo(
    () => (perf.data ? performanceLines(perf.data, chosenKey ? chosenKey.split(',') : [], lineColor) : []),
    [perf.data, chosenKey],
  );
  let body;
  if (perf.isError) body = <QueryError query={perf} what="the firm’s performance" />;
  else if (!perf.data) body = <Skeleton className="h-72" />;
  else if (perf.data.totals.trades === 0 && perf.data.days.length === 0)
    body = <EmptyState title="No fills or funding in this range">Pick a longer date range.</EmptyState>;
  else
    body = (
      <div className="grid gap-4">
        <Figures perf={perf.data} />
        <LineChart lines={lines} label="Running net PnL, firm and compared traders" height={300} />
        <TradersTable perf={perf.data} />
      </div>
    );
  return (
    <Card aria-busy={perf.isPlaceholderData} data-testid="firm-performance">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Performance (realized − fees + funding)</CardTitle>
          {perf.data ? (
            <CsvButton
              name={`firm-performance-${new Date(input.to).toISOString().slice(0, 10)}.csv`}
              csv={() => firmTradersCsv(perf.data)}
              testId="firm-perf-csv"
            />
          ) : null}
        </div>
        <p className="text-xs text-muted-foreground">
          {perf.data?.simulated ? 'Includes simulated accounts. ' : ''}The firm counts each fill and funding payment once; a
          shared account’s fills made outside Meridian and its funding count for each of its traders.
        </p>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}
