import { useQuery } from '@tanstack/react-query';
import { Badge } from '~/components/ui/badge';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { formatDateTime } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { ACTION_LABEL, changeText, targetText } from '~/shared/audit/audit-format';

const RESULT_TONE = { done: 'success', refused: 'warning', failed: 'destructive' } as const;
/** Refreshed while the page is open, as the trail grows. */
const REFRESH_MS = 15_000;

/**
 * The trading part of the audit trail for one trader (the risk team's view of it): their orders
 * (placed, refused with the limit, cancelled), the switches and limits set on them, their trading keys.
 */
export function TradingAudit({ traderId }: { traderId: string }) {
  const audit = useQuery({
    ...orpc.listTradingAudit.queryOptions({ input: { traderId, limit: 50 } }),
    refetchInterval: REFRESH_MS,
  });
  if (audit.isError) return <QueryError query={audit} what="the trading audit" />;
  if (!audit.data) return <Skeleton className="h-24" />;
  if (audit.data.entries.length === 0) return <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>;
  return (
    <Table data-testid="trading-audit">
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>By</TableHead>
          <TableHead>Action</TableHead>
          <TableHead>Target</TableHead>
          <TableHead>Before → after</TableHead>
          <TableHead>Result</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {audit.data.entries.map((e) => (
          <TableRow key={e.id}>
            <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(e.at, { seconds: true })}</TableCell>
            <TableCell>{e.actorEmail ?? '—'}</TableCell>
            <TableCell className="whitespace-nowrap">{ACTION_LABEL[e.action]}</TableCell>
            <TableCell className="max-w-56 truncate" title={e.target?.id}>
              {targetText(e)}
            </TableCell>
            <TableCell className="max-w-96 truncate" title={changeText(e)}>
              {changeText(e)}
            </TableCell>
            <TableCell>
              <Badge tone={RESULT_TONE[e.result]} title={e.reason ?? undefined}>
                {e.result}
              </Badge>
              {e.reason ? <span className="ml-1 text-xs text-muted-foreground">{e.reason}</span> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
