import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { Input } from '~/components/ui/input';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
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
  const [note, setNote] = useState('');
  const [editing, setEditing] = useState(false);
  const ack = useMutation(
    orpc.acknowledgeRiskBreach.mutationOptions({
      onSuccess: () => {
        toast.success('Breach acknowledged');
        void queryClient.invalidateQueries({ queryKey: orpc.listRiskBreaches.key() });
        void queryClient.invalidateQueries({ queryKey: orpc.getRiskTrader.key() });
      },
      onError: (error) => toast.error(errorMessage(error, 'Could not acknowledge the breach')),
    }),
  );
  if (!editing)
    return (
      <div>
        <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
          Acknowledge
        </Button>
      </div>
    );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) ack.mutate({ id, note: note.trim() });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`ack-${id}`}>
        Acknowledgement note
      </label>
      <Input
        id={`ack-${id}`}
        autoFocus
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
        placeholder="What was done (required)"
        className="h-8 max-w-md"
      />
      <Button size="xs" type="submit" disabled={!note.trim() || ack.isPending}>
        Save acknowledgement
      </Button>
      <Button size="xs" variant="ghost" type="button" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </form>
  );
}
