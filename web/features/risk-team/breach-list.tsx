import { safe } from '@orpc/client';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { TextField } from '~/components/form/fields';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { formatDateTime } from '~/lib/format';
import { rpcResolver } from '~/lib/contract-form';
import { errorMessage } from '~/lib/http-error';
import { orpc, rpc } from '~/lib/rpc';
import { formatLimit } from './risk-format';
import { LIMIT_LABELS } from '~/shared/risk-limits';
import type { Breach } from './risk-queries';

/** Breach episodes, newest first: who, which limit, values, when; open ones can be acknowledged. */
export function BreachList({ breaches, showTrader = false }: { breaches: Breach[]; showTrader?: boolean }) {
  if (breaches.length === 0)
    return (
      <EmptyState title="No breaches">
        Nothing has crossed a limit. Breaches appear here (and as a toast) the minute they open.
      </EmptyState>
    );
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Breaches">
      {breaches.map((b) => (
        <BreachItem key={b.id} breach={b} showTrader={showTrader} />
      ))}
    </ul>
  );
}

function BreachItem({ breach: b, showTrader }: { breach: Breach; showTrader: boolean }) {
  const open = b.closedAt === null;
  return (
    <li className="flex flex-col gap-2 p-3 text-sm" data-testid="breach-item" data-open={open || undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={open ? 'destructive' : 'neutral'}>{open ? '⚠ Open' : '✓ Closed'}</Badge>
        {showTrader ? <span className="font-medium">{b.traderName ?? 'Firm'}</span> : null}
        <span>
          {LIMIT_LABELS[b.kind]}
          {b.symbol ? ` · ${b.symbol}` : ''}
        </span>
        <span className="tabular text-muted-foreground">
          now {formatLimit(b.kind, b.lastValue)} · worst {formatLimit(b.kind, b.worstValue)} · limit{' '}
          {formatLimit(b.kind, b.limitValue)}
        </span>
      </div>
      <div className="tabular text-xs text-muted-foreground">
        Opened {formatDateTime(b.openedAt)}
        {b.closedAt ? ` · closed ${formatDateTime(b.closedAt)}` : ''}
        {b.acknowledgedAt ? ` · acknowledged ${formatDateTime(b.acknowledgedAt)}: “${b.ackNote ?? ''}”` : ''}
      </div>
      {b.acknowledgedAt === null ? <AcknowledgeForm id={b.id} /> : null}
    </li>
  );
}

function AcknowledgeForm({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useForm({
    defaultValues: { note: '' },
    resolver: rpcResolver('acknowledgeRiskBreach', (values: { note: string }) => ({ id, note: values.note })),
  });
  const note = useWatch({ control: form.control, name: 'note' });
  const submit = form.handleSubmit(async (input) => {
    const [error] = await safe(rpc.acknowledgeRiskBreach(input));
    if (error) return toast.error(errorMessage(error, 'Could not acknowledge the breach'));
    toast.success('Breach acknowledged');
    void queryClient.invalidateQueries({ queryKey: orpc.listRiskBreaches.key() });
    void queryClient.invalidateQueries({ queryKey: orpc.getRiskTrader.key() });
  });
  if (!editing)
    return (
      <div>
        <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
          Acknowledge
        </Button>
      </div>
    );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-wrap items-start gap-2">
      <TextField
        control={form.control}
        name="note"
        label="Acknowledgement note"
        hideLabel
        autoFocus
        maxLength={500}
        placeholder="What was done (required)"
        className="h-8"
        fieldClassName="w-full max-w-md"
      />
      <Button size="xs" type="submit" disabled={!note.trim() || form.formState.isSubmitting} className="mt-1">
        Save acknowledgement
      </Button>
      <Button size="xs" variant="ghost" type="button" onClick={() => setEditing(false)} className="mt-1">
        Cancel
      </Button>
    </form>
  );
}
