import { useInfiniteQuery } from '@tanstack/react-query';
import { Options } from '~/components/ui/select';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '~/components/layout/page';
import { Badge } from '~/components/ui/badge';
import { Button } from '~/components/ui/button';
import { sortableColumnHelper } from '~/components/ui/data-table';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';
import { QueryError } from '~/components/ui/error-state';
import { FormField } from '~/components/ui/form-field';
import { SelectField } from '~/components/ui/select-field';
import { Spinner } from '~/components/ui/spinner';
import { SwitchField } from '~/components/ui/switch-field';
import { VirtualDataTable } from '~/components/ui/virtual-data-table';
import { formatDateTime } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc, rpc } from '~/lib/rpc';
import { AUDIT_ACTIONS, type AuditAction } from '@contract/enums';
import type { AuditEntry } from '@contract/audit';
import { useUserDirectory } from '~/shared/users/user-directory';
import { ACTION_LABEL, changeText, localInputToMs, targetText } from '~/shared/audit/audit-format';

const PAGE = 200;
/** How often the live tail asks for what came since the newest entry shown. */
const TAIL_MS = 3_000;

const RESULT_TONE = { done: 'success', refused: 'warning', failed: 'destructive' } as const;

const col = sortableColumnHelper<AuditEntry>();
const columns = [
  col.accessor('at', {
    header: 'Time',
    cell: (c) => <span className="tabular-nums">{formatDateTime(c.getValue(), { seconds: true })}</span>,
    meta: { width: '11.5rem' },
  }),
  col.accessor((e) => e.actorEmail ?? e.actorId ?? '', {
    id: 'actor',
    header: 'User',
    cell: (c) => <span title={c.row.original.actorId ?? undefined}>{c.getValue() || '—'}</span>,
    meta: { width: 'minmax(10rem, 1fr)' },
  }),
  col.accessor('action', {
    header: 'Action',
    cell: (c) => ACTION_LABEL[c.getValue()],
    meta: { width: '11rem' },
  }),
  col.accessor((e) => targetText(e), {
    id: 'target',
    header: 'Target',
    cell: (c) => <span title={c.row.original.target?.id}>{c.getValue()}</span>,
    meta: { width: 'minmax(9rem, 1fr)' },
  }),
  col.accessor((e) => changeText(e), {
    id: 'change',
    header: 'Before → after',
    enableSorting: false,
    cell: (c) => <span title={c.getValue()}>{c.getValue()}</span>,
    meta: { width: 'minmax(14rem, 2fr)' },
  }),
  col.accessor('result', {
    header: 'Result',
    cell: (c) => (
      <Badge tone={RESULT_TONE[c.getValue()]} title={c.row.original.reason ?? undefined}>
        {c.getValue()}
      </Badge>
    ),
    meta: { width: '6.5rem' },
  }),
  col.accessor('ip', { header: 'IP', cell: (c) => c.getValue() ?? '', meta: { width: '8rem' } }),
];

interface Filters {
  actorId?: string;
  action?: AuditAction;
  target?: string;
  from?: number;
  to?: number;
}

/** The filters as the contract takes them (empty ones left out). */
const cleaned = (f: Filters): Filters =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as Filters;

function download(name: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * /admin/audit: the append-only audit trail, newest first, in a virtualized table (TanStack Table +
 * Virtual), filtered by user, action, target and time; older pages on demand, a live tail that adds
 * what comes in, and the filtered trail as CSV.
 */
export function AuditPage() {
  const users = useUserDirectory();
  const [actorId, setActorId] = useState('');
  const [action, setAction] = useState('');
  const [targetInput, setTargetInput] = useState('');
  const [target, setTarget] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [live, setLive] = useState(true);
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [exporting, setExporting] = useState(false);

  // The target is typed: asked for once the typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => setTarget(targetInput.trim()), 300);
    return () => clearTimeout(timer);
  }, [targetInput]);

  const filters = useMemo(
    () =>
      cleaned({
        actorId: actorId || undefined,
        action: (action || undefined) as AuditAction | undefined,
        target: target || undefined,
        from: localInputToMs(from),
        to: localInputToMs(to),
      }),
    [actorId, action, target, from, to],
  );

  const pages = useInfiniteQuery({
    queryKey: [...orpc.listAuditLog.key(), 'pages', filters],
    queryFn: ({ pageParam, signal }) => rpc.listAuditLog({ filters, beforeId: pageParam, limit: PAGE }, { signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });

  // The live tail: entries newer than the newest shown, kept while the filters stay the same.
  const filtersKey = JSON.stringify(filters);
  const [tail, setTail] = useState<{ key: string; entries: AuditEntry[] }>({ key: filtersKey, entries: [] });
  const paged = useMemo(() => pages.data?.pages.flatMap((p) => p.entries) ?? [], [pages.data]);
  const entries = useMemo(() => {
    const seen = new Set<number>();
    const tailed = tail.key === filtersKey ? tail.entries : [];
    return [...tailed, ...paged].filter((e) => (seen.has(e.id) ? false : (seen.add(e.id), true)));
  }, [tail, filtersKey, paged]);
  const newest = useRef(0);
  useEffect(() => {
    newest.current = entries[0]?.id ?? 0;
  }, [entries]);
  const ready = pages.isSuccess;
  useEffect(() => {
    if (!live || !ready) return;
    let stopped = false;
    const timer = setInterval(() => {
      void rpc.listAuditLog({ filters, afterId: newest.current, limit: PAGE }).then(
        (page) => {
          if (stopped || page.entries.length === 0) return;
          const added = [...page.entries].reverse();
          setTail((t) => ({ key: filtersKey, entries: [...added, ...(t.key === filtersKey ? t.entries : [])] }));
        },
        () => {},
      );
    }, TAIL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [live, ready, filters, filtersKey]);

  async function exportCsv() {
    setExporting(true);
    try {
      const { csv, rows, truncated } = await rpc.exportAuditLog({ filters });
      download(`meridian-audit-${new Date().toISOString().slice(0, 10)}.csv`, csv, 'text/csv');
      if (truncated) toast.warning(`Exported the newest ${rows} entries: narrow the filters for the rest`);
      else toast.success(`Exported ${rows} entries`);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not export'));
    } finally {
      setExporting(false);
    }
  }

  const people = useMemo(() => [...(users.data?.values() ?? [])].sort((a, b) => a.email.localeCompare(b.email)), [users.data]);

  return (
    <div className="flex h-[calc(100dvh-9rem)] min-h-[32rem] flex-col gap-3">
      <PageHeader
        title="Audit trail"
        description="Every privileged action: who, what, before → after, when, from where, and the result. It is append-only."
        className="mb-0"
        actions={
          <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting} data-testid="audit-export">
            {exporting ? <Spinner label="Exporting" /> : null}
            Export CSV
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3" data-testid="audit-filters">
        <SelectField label="User" value={actorId} onChange={(e) => setActorId(e.target.value)} fieldClassName="w-56">
          <option value="">Everyone</option>
          {people.map((u) => (
            <option key={u.id} value={u.id}>
              {u.email}
            </option>
          ))}
        </SelectField>
        <SelectField label="Action" value={action} onChange={(e) => setAction(e.target.value)} fieldClassName="w-52">
          <option value="">Any action</option>
          <Options values={AUDIT_ACTIONS} label={(a) => ACTION_LABEL[a]} />
        </SelectField>
        <FormField
          label="Target"
          placeholder="Email, account or id"
          value={targetInput}
          onChange={(e) => setTargetInput(e.target.value)}
          fieldClassName="w-56"
        />
        <FormField
          label="From"
          type="datetime-local"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          fieldClassName="w-52"
        />
        <FormField label="To" type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} fieldClassName="w-52" />
        <SwitchField label="Live" checked={live} onCheckedChange={setLive} className="flex h-9 items-center gap-2" />
      </div>
      {pages.isError ? (
        <QueryError query={pages} what="the audit trail" />
      ) : pages.isPending ? (
        <div className="flex flex-1 items-center justify-center">
          <Spinner label="Loading the audit trail" />
        </div>
      ) : (
        <>
          <VirtualDataTable
            label="Audit trail"
            columns={columns}
            data={entries}
            getRowId={(e) => String(e.id)}
            rowLabel={(e) => `${ACTION_LABEL[e.action]} by ${e.actorEmail ?? 'nobody'}, ${e.result}`}
            onOpen={setOpen}
            testId="audit-table"
            minWidth="78rem"
          />
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span data-testid="audit-count">
              {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
              {live ? ' · live' : ''}
            </span>
            {pages.hasNextPage ? (
              <Button variant="outline" size="sm" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
                {pages.isFetchingNextPage ? <Spinner label="Loading" /> : null}
                Load older entries
              </Button>
            ) : null}
          </div>
        </>
      )}
      <EntryDialog entry={open} onClose={() => setOpen(null)} />
    </div>
  );
}

/** One entry in full: every field, before and after as JSON. */
function EntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Dialog open={entry !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-xl" data-testid="audit-entry">
        {entry ? (
          <>
            <div className="grid gap-1">
              <DialogTitle>{ACTION_LABEL[entry.action]}</DialogTitle>
              <DialogDescription>
                {formatDateTime(entry.at, { seconds: true })} · {entry.actorEmail ?? 'nobody signed in'} · {entry.ip ?? 'no IP'}
              </DialogDescription>
            </div>
            <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-1.5 text-sm">
              <dt className="text-muted-foreground">Result</dt>
              <dd>
                <Badge tone={RESULT_TONE[entry.result]}>{entry.result}</Badge> {entry.reason}
              </dd>
              <dt className="text-muted-foreground">Target</dt>
              <dd className="break-all">
                {entry.target ? `${entry.target.type}: ${entry.target.label ?? ''} (${entry.target.id})` : '—'}
              </dd>
              <dt className="text-muted-foreground">Session</dt>
              <dd className="font-mono text-xs break-all">{entry.sessionId ?? '—'}</dd>
              <dt className="text-muted-foreground">Before</dt>
              <dd>
                <pre className="max-h-40 overflow-auto rounded bg-muted/50 p-2 text-xs">
                  {JSON.stringify(entry.before, null, 2)}
                </pre>
              </dd>
              <dt className="text-muted-foreground">After</dt>
              <dd>
                <pre className="max-h-40 overflow-auto rounded bg-muted/50 p-2 text-xs">
                  {JSON.stringify(entry.after, null, 2)}
                </pre>
              </dd>
            </dl>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
