import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { FirmLimitRow, OverrideForm } from './limit-forms';
import { formatLimit } from './risk-format';
import { RISK_LIMIT_KINDS } from '@contract/enums';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import { latestMetricsQuery, limitsQuery, type LimitKind } from './risk-queries';

function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation(
    orpc.setRiskLimit.mutationOptions({
      onSuccess: (view) => {
        queryClient.setQueryData(limitsQuery.queryKey, view);
        void queryClient.invalidateQueries({ queryKey: orpc.getRiskTrader.key() });
        toast.success('Limit saved');
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not save the limit')),
    }),
  );
}

/** Firm-wide defaults, per-trader overrides and the change log (who, when, old → new). */
export function LimitsEditor() {
  const query = useQuery(limitsQuery);
  const traders = useQuery(latestMetricsQuery);
  const set = useSetLimit();
  const nameOf = new Map((traders.data?.traders ?? []).map((t) => [t.traderId, t.name]));
  const traderOptions = (traders.data?.traders ?? []).map((t) => ({ value: t.traderId, label: t.name }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Limits</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {query.isError ? (
          <QueryError query={query} what="the limits" />
        ) : !query.data ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <section aria-label="Firm-wide defaults" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Firm-wide defaults</h3>
              {RISK_LIMIT_KINDS.map((k) => (
                <FirmLimitRow
                  key={`${k}-${query.data.firm[k] ?? 'none'}`}
                  kind={k}
                  value={query.data.firm[k]}
                  onSave={set.mutateAsync}
                />
              ))}
            </section>
            <section aria-label="Per-trader overrides" className="flex flex-col gap-2">
              <h3 className="text-sm font-semibold">Per-trader overrides</h3>
              {query.data.overrides.length === 0 ? (
                <p className="text-sm text-muted-foreground">None: every trader has the firm defaults.</p>
              ) : null}
              <ul className="flex flex-col gap-1 text-sm">
                {query.data.overrides.flatMap((o) =>
                  (Object.entries(o.limits) as [LimitKind, number][]).map(([k, v]) => (
                    <li key={`${o.traderId}-${k}`} className="flex items-center justify-between gap-2">
                      <span>
                        {o.name}: {LIMIT_LABELS[k]} <span className="tabular font-medium">{formatLimit(k, v)}</span>
                      </span>
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() => set.mutate({ traderId: o.traderId, kind: k, value: null })}
                        aria-label={`Remove ${o.name}'s ${LIMIT_LABELS[k]} override`}
                      >
                        Remove
                      </Button>
                    </li>
                  )),
                )}
              </ul>
              <OverrideForm traders={traderOptions} onSave={set.mutateAsync} />
            </section>
            <section aria-label="Change log" className="flex flex-col gap-1">
              <h3 className="text-sm font-semibold">Change log</h3>
              <ul className="max-h-56 overflow-auto text-xs text-muted-foreground">
                {query.data.changes.map((c) => (
                  <li key={c.id} className="tabular py-0.5">
                    {formatDateTime(c.changedAt)} · {c.changedBy} · {c.traderId ? (nameOf.get(c.traderId) ?? 'trader') : 'Firm'} ·{' '}
                    {LIMIT_LABELS[c.kind]}: {formatLimit(c.kind, c.oldValue)} → {formatLimit(c.kind, c.newValue)}
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </CardContent>
    </Card>
  );
}
