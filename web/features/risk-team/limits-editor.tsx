import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import { QueryError } from '~/components/ui/error-state';
import { FormField } from '~/components/ui/form-field';
import { ComboboxField } from '~/components/ui/combobox';
import { SelectField } from '~/components/ui/select-field';
import { Skeleton } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { formatLimit, LIMIT_KINDS, LIMIT_LABELS, PERCENT_KINDS } from './risk-format';
import { latestMetricsQuery, limitsQuery, type LimitKind } from './risk-queries';

const TRADER_KINDS = LIMIT_KINDS.filter((k) => k !== 'maxSymbolNetExposure');
const unit = (k: LimitKind) => (k === 'maxLeverage' ? '×' : PERCENT_KINDS.includes(k) ? '%' : 'USD');
/** The stored value of what the user typed (percent limits are stored as fractions). */
const toStored = (k: LimitKind, typed: string) =>
  typed.trim() === '' ? null : Number(typed) / (PERCENT_KINDS.includes(k) ? 100 : 1);

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
  const [override, setOverride] = useState<{ traderId: string; kind: LimitKind; value: string }>({
    traderId: '',
    kind: 'maxLeverage',
    value: '',
  });
  const nameOf = new Map((traders.data?.traders ?? []).map((t) => [t.traderId, t.name]));
  const traderOptions = (traders.data?.traders ?? []).map((t) => ({ value: t.traderId, label: t.name }));

  function addOverride(e: FormEvent) {
    e.preventDefault();
    if (!override.traderId) return toast.error('Pick a trader');
    set.mutate({ traderId: override.traderId, kind: override.kind, value: toStored(override.kind, override.value) });
  }

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
              {LIMIT_KINDS.map((k) => (
                <FirmLimitRow
                  key={`${k}-${query.data.firm[k] ?? 'none'}`}
                  kind={k}
                  value={query.data.firm[k]}
                  onSave={(v) => set.mutate({ traderId: null, kind: k, value: v })}
                  busy={set.isPending}
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
              <form onSubmit={addOverride} className="grid grid-cols-2 items-end gap-2">
                <ComboboxField
                  label="Trader"
                  noun="trader"
                  value={override.traderId}
                  options={traderOptions}
                  onChange={(traderId) => setOverride({ ...override, traderId })}
                  testId="override-trader"
                />
                <SelectField
                  label="Limit"
                  value={override.kind}
                  onChange={(e) => setOverride({ ...override, kind: e.target.value as LimitKind })}
                >
                  {TRADER_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {LIMIT_LABELS[k]}
                    </option>
                  ))}
                </SelectField>
                <FormField
                  label={`Value (${unit(override.kind)})`}
                  type="number"
                  step="any"
                  min="0"
                  required
                  value={override.value}
                  onChange={(e) => setOverride({ ...override, value: e.target.value })}
                />
                <Button type="submit" size="sm" disabled={set.isPending}>
                  Set override
                </Button>
              </form>
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

function FirmLimitRow({
  kind,
  value,
  onSave,
  busy,
}: {
  kind: LimitKind;
  value: number | undefined;
  onSave: (v: number | null) => void;
  busy: boolean;
}) {
  const shown = value === undefined ? '' : String(PERCENT_KINDS.includes(kind) ? Number((value * 100).toFixed(4)) : value);
  const [typed, setTyped] = useState(shown);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = toStored(kind, typed);
    if (v !== null && !(v > 0)) return toast.error('A limit must be a positive number');
    onSave(v);
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-2">
      <FormField
        label={`${LIMIT_LABELS[kind]} (${unit(kind)})`}
        fieldClassName="flex-1"
        type="number"
        step="any"
        min="0"
        placeholder="Not set"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={busy || typed === shown}>
        Save
      </Button>
    </form>
  );
}
