import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { DataTable, sortableColumnHelper, spanCell } from '~/components/ui/data-table';
import { Spinner } from '~/components/ui/spinner';
import { formatAgo, formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { useNow } from '~/lib/use-now';
import { formatMetricValue, type AlertEvent } from './alert-format';

function FiredCell({ ts }: { ts: number }) {
  const now = useNow();
  return (
    <span className="flex flex-col leading-tight">
      <time dateTime={new Date(ts).toISOString()} className="tabular">
        {formatDateTime(ts, { seconds: true })}
      </time>
      <span className="tabular text-xs text-muted-foreground">{formatAgo(now - ts)}</span>
    </span>
  );
}

function AckCell({ event }: { event: AlertEvent }) {
  const queryClient = useQueryClient();
  const ack = useMutation(
    orpc.acknowledgeAlertEvent.mutationOptions({
      onError: (error) => toast.error(errorMessage(error, 'Could not acknowledge the alert')),
      onSettled: () => queryClient.invalidateQueries({ queryKey: orpc.listAlertEvents.key() }),
    }),
  );
  if (event.acknowledgedAt !== null) {
    return (
      <Badge tone="neutral" title={`Acknowledged ${formatDateTime(event.acknowledgedAt, { seconds: true })}`}>
        Acknowledged
      </Badge>
    );
  }
  return (
    <Button
      size="xs"
      variant="outline"
      disabled={ack.isPending}
      onClick={() => ack.mutate({ id: event.id })}
      aria-label={`Acknowledge: ${event.message}`}
      data-testid={`ack-${event.id}`}
    >
      {ack.isPending ? <Spinner label="Acknowledging" className="size-3" /> : null}
      Acknowledge
    </Button>
  );
}

const helper = sortableColumnHelper<AlertEvent>();

const columns = helper.columns([
  helper.accessor('firedAt', { header: 'Fired', cell: (info) => <FiredCell ts={info.getValue()} /> }),
  helper.accessor('message', {
    header: 'Alert',
    sortFn: 'alphanumeric',
    cell: spanCell('block max-w-[30rem] min-w-[14rem] whitespace-normal'),
  }),
  helper.accessor('value', {
    header: 'Value',
    meta: { align: 'right' },
    cell: (info) => <span className="tabular">{formatMetricValue(info.row.original.metric, info.getValue())}</span>,
  }),
  helper.accessor((event) => (event.acknowledgedAt === null ? 0 : 1), {
    id: 'status',
    header: 'Status',
    meta: { align: 'right' },
    cell: (info) => <AckCell event={info.row.original} />,
  }),
  helper.accessor('accountEmail', { header: 'Account', sortFn: 'alphanumeric', cell: spanCell('text-muted-foreground') }),
]);

/** Fired alerts, newest first, each acknowledgeable. */
export function AlertHistoryTable({ events }: { events: AlertEvent[] }) {
  return (
    <DataTable
      label="Fired alerts"
      testId="alert-events-table"
      columns={columns}
      data={events}
      initialSorting={[{ id: 'firedAt', desc: true }]}
      rowLabel={(event) => event.message}
      rowTestId={(event) => `alert-event-${event.id}`}
      rowClassName={(event) => (event.acknowledgedAt === null ? 'bg-warning/5' : 'text-muted-foreground')}
      containerClassName="max-h-[32rem]"
    />
  );
}
