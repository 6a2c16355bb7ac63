import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ScrollingPage } from '~/components/layout/page';
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { QueryError } from '~/components/ui/error-state';
import { FormField } from '~/components/ui/form-field';
import { Skeleton } from '~/components/ui/skeleton';
import { MetricValue, Pnl } from '~/shared/figures';
import { formatUsd } from '~/lib/format';
import { formatFraction } from './risk-format';
import { exposureQuery, type RiskExposure } from './risk-queries';
import { StressGrid } from './stress-grid';

export const DEFAULT_BETA = 1.2;

/** /risk-team/analysis: net exposure by symbol, concentration and the stress grid. */
export function RiskAnalysisPage() {
  const [betaText, setBetaText] = useState(String(DEFAULT_BETA));
  const beta = Number(betaText);
  const valid = betaText.trim() !== '' && Number.isFinite(beta) && beta >= 0 && beta <= 5;
  const query = useQuery({ ...exposureQuery(valid ? beta : DEFAULT_BETA), placeholderData: keepPreviousData });
  return (
    <ScrollingPage
      title="Risk Analysis"
      description="Where the firm is exposed now, how concentrated, and what a BTC move would cost (from current positions)."
    >
      {query.isError ? (
        <QueryError query={query} what="the exposure" />
      ) : !query.data ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading the exposure">
          <Skeleton className="h-48" />
          <Skeleton className="h-48" />
        </div>
      ) : query.data.symbols.length === 0 ? (
        <EmptyState title="No open positions">Exposure and the stress test appear once traders hold positions.</EmptyState>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <ExposureBars data={query.data} />
            <Concentration data={query.data} />
          </div>
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
              <CardTitle>Stress test</CardTitle>
              <FormField
                label="Alt beta to BTC"
                type="number"
                step="0.1"
                min="0"
                max="5"
                value={betaText}
                onChange={(e) => setBetaText(e.target.value)}
                error={valid ? undefined : 'A number from 0 to 5'}
                fieldClassName="w-40"
              />
            </CardHeader>
            <CardContent>
              <StressGrid data={query.data} />
            </CardContent>
          </Card>
        </>
      )}
    </ScrollingPage>
  );
}

function ExposureBars({ data }: { data: RiskExposure }) {
  const max = Math.max(...data.symbols.map((s) => Math.max(s.long, s.short)), 1);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Exposure by symbol</CardTitle>
        <p className="text-xs text-muted-foreground">Long (right, ▲) and short (left, ▼) notional across the firm; net beside.</p>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-1.5" aria-label="Exposure by symbol">
          {data.symbols.map((s) => (
            <li
              key={s.symbol}
              className="grid grid-cols-[6rem_1fr_1fr_7rem] items-center gap-2 text-sm"
              data-testid="exposure-row"
            >
              <span className="font-medium">{s.symbol}</span>
              <span className="flex justify-end" title={`Short ${formatUsd(s.short)}`}>
                <span className="h-3 rounded-l bg-destructive/70" style={{ width: `${(s.short / max) * 100}%` }} />
              </span>
              <span className="flex" title={`Long ${formatUsd(s.long)}`}>
                <span className="h-3 rounded-r bg-success/70" style={{ width: `${(s.long / max) * 100}%` }} />
              </span>
              <span className="text-right">
                <Pnl value={s.net} compact />
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The largest holder of the firm's gross exposure and its share. */
function ShareOfGross({ label, name, share }: { label: string; name: string | null; share: number }) {
  return (
    <div>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular">
        {name ?? '—'} · {formatFraction(share)} of gross
      </dd>
    </div>
  );
}

function Concentration({ data }: { data: RiskExposure }) {
  const c = data.concentration;
  return (
    <TitledCard title="Concentration">
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="text-xs text-muted-foreground">Gross exposure</dt>
          <dd className="text-lg font-semibold">
            <MetricValue kind="usd" value={c.gross} />
          </dd>
        </div>
        <ShareOfGross label="Largest symbol" name={c.largestSymbol} share={c.largestSymbolShare} />
        <ShareOfGross label="Largest trader" name={c.largestTrader} share={c.largestTraderShare} />
      </dl>
    </TitledCard>
  );
}
