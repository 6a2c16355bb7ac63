import { useQuery } from '@tanstack/react-query';
import type {
  TwitterHandleDto as TwitterHandle,
  TwitterPollingSessionDto as TwitterPollingSession,
} from '@contract/server-fns/news-twitter';
import { Badge } from '~/components/ui/badge';
import { sortableColumnHelper, spanCell, type DataColumns } from '~/components/ui/data-table';
import { formatDateTime } from '~/lib/format';
import { serverFn } from '~/lib/server-fn';
import { useNow } from '~/lib/use-now';
import { Ago, dash } from './common';
import { enabledColumn } from './crud-section';
import { twitterHandlesQuery } from './settings-queries';

/** The tables of the Twitter / X section: handles, and the polling sessions with their last poll. */

export function describeWindow(from: string, to: string) {
  if (from === to || (from === '00:00' && to === '24:00')) return 'All day';
  return `${from}–${to} UTC`;
}

export function describeInterval(seconds: number) {
  if (seconds < 60) return `${seconds} s`;
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const handleHelper = sortableColumnHelper<TwitterHandle>();
export const handleColumns: DataColumns<TwitterHandle> = handleHelper.columns([
  handleHelper.accessor('handle', {
    header: 'Handle',
    sortFn: 'alphanumeric',
    cell: (info) => <span className="font-medium">@{info.getValue()}</span>,
  }),
  handleHelper.accessor('userId', {
    header: 'X user id',
    sortFn: 'alphanumeric',
    sortUndefined: 'last',
    cell: (info) =>
      info.getValue() ? (
        <span className="tabular font-mono text-xs">{info.getValue()}</span>
      ) : (
        <span className="text-xs text-muted-foreground">Resolved on first poll</span>
      ),
  }),
  enabledColumn(handleHelper, (handle) => ({
    update: (enabled) => serverFn('updateTwitterHandle', { id: handle.id, updates: { enabled } }),
    done: (updated) => `@${updated.handle} ${updated.enabled ? 'enabled' : 'paused'}`,
    failed: 'Could not change the handle',
    label: `Poll @${handle.handle}`,
  })),
]);

function SessionStatus({ session: s }: { session: TwitterPollingSession }) {
  const now = useNow();
  if (s.rateLimitedUntil && s.rateLimitedUntil > now) {
    return (
      <Badge tone="warning" title={`Until ${formatDateTime(s.rateLimitedUntil, { seconds: true })}`}>
        Rate limited
      </Badge>
    );
  }
  if (s.lastError) {
    return (
      <span className="block max-w-[16rem] truncate text-xs text-destructive" title={s.lastError}>
        {s.lastError}
      </span>
    );
  }
  return s.lastPolledAt ? <Badge tone="success">OK</Badge> : dash;
}

function SessionHandles({ session }: { session: TwitterPollingSession }) {
  const { data: handles } = useQuery(twitterHandlesQuery);
  return (
    <span className="flex max-w-[18rem] flex-wrap gap-1">
      {session.handleIds.map((id) => {
        const handle = handles?.find((h) => h.id === id);
        return (
          <Badge
            key={id}
            tone={handle?.enabled === false ? 'neutral' : 'primary'}
            title={handle?.enabled === false ? 'Paused handle' : undefined}
          >
            {handle ? `@${handle.handle}` : 'removed'}
          </Badge>
        );
      })}
    </span>
  );
}

const sessionHelper = sortableColumnHelper<TwitterPollingSession>();
export const sessionColumns: DataColumns<TwitterPollingSession> = sessionHelper.columns([
  sessionHelper.accessor('name', { header: 'Session', sortFn: 'alphanumeric', cell: spanCell('font-medium') }),
  sessionHelper.accessor((s) => s.handleIds.length, {
    id: 'handles',
    header: 'Handles',
    cell: (info) => <SessionHandles session={info.row.original} />,
  }),
  sessionHelper.accessor('intervalSeconds', {
    header: 'Every',
    meta: { align: 'right' },
    cell: (info) => <span className="tabular">{describeInterval(info.getValue())}</span>,
  }),
  sessionHelper.accessor((s) => `${s.activeFromUtc}-${s.activeToUtc}`, {
    id: 'window',
    header: 'Active (UTC)',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <span className="tabular">{describeWindow(info.row.original.activeFromUtc, info.row.original.activeToUtc)}</span>
    ),
  }),
  sessionHelper.accessor('lastPolledAt', {
    header: 'Last poll',
    meta: { align: 'right' },
    sortUndefined: 'last',
    cell: (info) => <Ago ts={info.getValue()} />,
  }),
  sessionHelper.accessor((s) => s.lastError ?? '', {
    id: 'status',
    header: 'Status',
    sortFn: 'alphanumeric',
    cell: (info) => <SessionStatus session={info.row.original} />,
  }),
  enabledColumn(sessionHelper, (session) => ({
    update: (enabled) => serverFn('updateTwitterPollingSession', { id: session.id, updates: { enabled } }),
    done: (updated) => `${updated.name} ${updated.enabled ? 'enabled' : 'paused'}`,
    failed: 'Could not change the session',
    label: `Session ${session.name} enabled`,
    testId: `session-enabled-${session.id}`,
  })),
]);
