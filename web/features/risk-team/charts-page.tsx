import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ScrollingPage } from '~/components/layout/page';
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { DateRangePicker } from '~/shared/date-range/date-range-picker';
import { resolveRange } from '~/shared/date-range/date-range';
import { setSharedRange, useSharedRange } from '~/shared/date-range/shared-range';
import { LineChart, lineColor } from './line-chart';
import { FirmPerformance } from './firm-performance';
import { firmHistoryQuery, latestMetricsQuery } from './risk-queries';
import { TraderPicker } from './trader-picker';

const MAX_COMPARED = 8;

/** /risk-team/charts: firm equity, exposure and performance over the range; up to 8 traders compared. */
export function RiskChartsPage() {
  const range = useSharedRange();
  const span = useMemo(() => resolveRange(range), [range]);
  const traders = useQuery(latestMetricsQuery);
  const [picked, setPicked] = useState<string[] | null>(null);
  const chosen = picked ?? traders.data?.traders.slice(0, 3).map((t) => t.traderId) ?? [];
  // The last figures stay up while another range or pick loads (the picker and charts stay put).
  const history = useQuery({ ...firmHistoryQuery(span, chosen), placeholderData: keepPreviousData });
  const firmEquity = useMemo(
    () => [
      { id: 'equity', label: 'Firm equity', points: (history.data?.firm ?? []).map((p) => ({ ts: p.ts, value: p.equity })) },
    ],
    [history.data],
  );
  const exposure = useMemo(
    () => [
      { id: 'gross', label: 'Gross exposure', points: (history.data?.firm ?? []).map((p) => ({ ts: p.ts, value: p.gross })) },
      { id: 'net', label: 'Net exposure', points: (history.data?.firm ?? []).map((p) => ({ ts: p.ts, value: p.net })) },
    ],
    [history.data],
  );
  // In the picked order, each in its chip's colour (the server answers in the desk's order).
  const chosenKey = chosen.join(',');
  const compared = useMemo(() => {
    const order = chosenKey.split(',');
    return (history.data?.traders ?? [])
      .filter((t) => order.includes(t.traderId))
      .sort((a, b) => order.indexOf(a.traderId) - order.indexOf(b.traderId))
      .map((t) => ({
        id: t.traderId,
        label: t.name,
        color: lineColor(order.indexOf(t.traderId)),
        points: t.points.map((p) => ({ ts: p.ts, value: p.equity })),
      }));
  }, [history.data, chosenKey]);

  return (
    <ScrollingPage
      title="Risk Charts"
      description="Firm-wide equity and exposure at each day’s close, and realized performance; traders compared on one chart."
      actions={<DateRangePicker value={range} onChange={setSharedRange} />}
    >
      {history.isError ? (
        <QueryError query={history} what="the firm history" />
      ) : !history.data ? (
        <Skeleton className="h-72" />
      ) : history.data.firm.length === 0 ? (
        <EmptyState title="No history in this range">
          Pick a longer date range; history starts with the first snapshot.
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-4 xl:grid-cols-2">
            <TitledCard title="Firm equity">
              <LineChart lines={firmEquity} label="Firm equity" />
            </TitledCard>
            <TitledCard title="Firm exposure">
              <LineChart lines={exposure} label="Firm exposure" />
            </TitledCard>
          </div>
          <Card aria-busy={history.isPlaceholderData}>
            <CardHeader>
              <CardTitle>Traders compared (equity)</CardTitle>
              <TraderPicker traders={traders.data?.traders ?? []} chosen={chosen} onChange={setPicked} max={MAX_COMPARED} />
            </CardHeader>
            <CardContent>
              {compared.length === 0 ? (
                <EmptyState title="No trader picked">Add up to {MAX_COMPARED} traders above.</EmptyState>
              ) : (
                <LineChart lines={compared} label="Traders compared" height={320} />
              )}
            </CardContent>
          </Card>
        </>
      )}
      <FirmPerformance range={span} chosen={chosen} />
    </ScrollingPage>
  );
}
