import { Badge } from '~/components/ui/badge';
import { requiredContext } from '~/lib/required-context';
import { DataTable, sortableColumnHelper, spanCell } from '~/components/ui/data-table';
import { cn } from '~/lib/cn';
import { formatAgo, formatDateTime } from '~/lib/format';
import type { RpcOutputs, User } from '@contract/types';
import { useNow } from '~/lib/use-now';
import { AssignUserPicker } from './assign-user-picker';
import { TradingKeyCell } from './trading-key-cell';

export type ManagedAccount = RpcOutputs['listExchangeAccounts'][number];

export interface AssignmentActions {
  directory: Map<string, User> | undefined;
  assign: (account: ManagedAccount, user: User) => void;
  requestRemove: (account: ManagedAccount, userId: string) => void;
  /** Account whose assignment change is in flight. */
  pendingAccountId: string | null;
}

export const [AssignmentActionsContext, useAssignmentActions] = requiredContext<AssignmentActions>('AssignmentActionsContext');

/** Snapshots run every minute: older than this is worth a look. */
const SNAPSHOT_STALE_MS = 5 * 60_000;

function SnapshotCell({ ts }: { ts: number | null }) {
  const now = useNow();
  if (ts === null) return <span className="text-muted-foreground">Never</span>;
  const stale = now - ts > SNAPSHOT_STALE_MS;
  return (
    <span
      className={cn('tabular', stale ? 'font-medium text-warning' : 'text-muted-foreground')}
      title={formatDateTime(ts, { seconds: true })}
    >
      {formatAgo(now - ts)}
    </span>
  );
}

function ErrorCell({ account }: { account: ManagedAccount }) {
  if (!account.lastError) return <span className="text-muted-foreground">—</span>;
  const current = !account.lastSnapshotAt || (account.lastErrorAt ?? 0) > account.lastSnapshotAt;
  return (
    <span
      className={cn('block max-w-64 truncate', current ? 'text-destructive' : 'text-muted-foreground')}
      title={`${account.lastErrorAt ? `${formatDateTime(account.lastErrorAt, { seconds: true })}: ` : ''}${account.lastError}`}
    >
      {account.lastError}
    </span>
  );
}

function UsersCell({ account }: { account: ManagedAccount }) {
  const { directory, assign, requestRemove, pendingAccountId } = useAssignmentActions();
  const busy = pendingAccountId === account.id;
  return (
    <div className="flex max-w-[28rem] min-w-[18rem] flex-wrap items-center gap-1.5" data-testid={`assigned-${account.email}`}>
      {account.assignedUserIds.map((userId) => {
        const user = directory?.get(userId);
        const name = user?.email ?? (directory ? `Unknown user ${userId.slice(0, 8)}` : '…');
        return (
          <span
            key={userId}
            className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-0.5 pl-2 text-xs"
            title={user?.name || undefined}
            data-testid={`chip-${account.email}-${user?.email ?? userId}`}
          >
            {name}
            <button
              type="button"
              disabled={busy}
              onClick={() => requestRemove(account, userId)}
              aria-label={`Remove ${name} from ${account.email}`}
              className="inline-flex size-5 items-center justify-center rounded-full text-muted-foreground outline-none hover:bg-destructive/15 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
            >
              <span aria-hidden="true">×</span>
            </button>
          </span>
        );
      })}
      <AssignUserPicker
        accountEmail={account.email}
        assignedIds={account.assignedUserIds}
        onAssign={(user) => assign(account, user)}
        busy={busy}
      />
    </div>
  );
}

const STATUS_TONE = { active: 'success', frozen: 'warning', archived: 'neutral' } as const;

const helper = sortableColumnHelper<ManagedAccount>();

const columns = helper.columns([
  helper.accessor('email', { header: 'Email', sortFn: 'alphanumeric', cell: spanCell('font-medium') }),
  helper.accessor((account) => account.label ?? '', {
    id: 'label',
    header: 'Label',
    sortFn: 'alphanumeric',
    cell: (info) => info.getValue() || <span className="text-muted-foreground">—</span>,
  }),
  helper.accessor('exchange', {
    header: 'Exchange',
    sortFn: 'alphanumeric',
    cell: (info) => (
      <Badge tone={info.getValue() === 'binance' ? 'primary' : 'neutral'}>
        {info.getValue() === 'binance' ? 'Binance' : 'Simulated'}
      </Badge>
    ),
  }),
  helper.accessor('status', {
    header: 'Status',
    sortFn: 'alphanumeric',
    cell: (info) => <Badge tone={STATUS_TONE[info.getValue()]}>{info.getValue()}</Badge>,
  }),
  helper.accessor('lastSnapshotAt', {
    header: 'Last snapshot',
    meta: { align: 'right' },
    sortUndefined: 'last',
    cell: (info) => <SnapshotCell ts={info.getValue()} />,
  }),
  helper.accessor((account) => account.lastError ?? '', {
    id: 'lastError',
    header: 'Last error',
    sortFn: 'alphanumeric',
    cell: (info) => <ErrorCell account={info.row.original} />,
  }),
  helper.accessor((account) => (account.exchange !== 'binance' ? 2 : account.tradingKey ? 1 : 0), {
    id: 'tradingKey',
    header: 'Trading key',
    cell: (info) => <TradingKeyCell account={info.row.original} />,
  }),
  helper.accessor((account) => account.assignedUserIds.length, {
    id: 'users',
    header: 'Users',
    cell: (info) => <UsersCell account={info.row.original} />,
  }),
]);

/** Accounts with their assigned users: chips with remove, and an Assign user picker per row. */
export function AssignmentsTable({ accounts, busy }: { accounts: ManagedAccount[]; busy: boolean }) {
  return (
    <DataTable
      label="Exchange accounts"
      testId="assignments-table"
      columns={columns}
      data={accounts}
      initialSorting={[{ id: 'email', desc: false }]}
      rowLabel={(account) => account.email}
      rowTestId={(account) => `account-row-${account.email}`}
      pageScroll
      busy={busy}
    />
  );
}
