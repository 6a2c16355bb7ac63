import { DataTable, sortableColumnHelper, spanCell, type DataColumnMeta, type DataColumns } from '~/components/ui/data-table';
import type { User } from '@contract/types';
import { ApprovedCell, DateCell, FlagCell, NameCell, RoleCell } from './user-cells';
import { SecurityCell } from './security-cell';

const helper = sortableColumnHelper<User>();
const centered: DataColumnMeta = { align: 'center', className: '[&>button]:align-middle' };

const columns: DataColumns<User> = helper.columns([
  helper.accessor('name', { header: 'Name', cell: (info) => <NameCell user={info.row.original} /> }),
  helper.accessor('email', { header: 'Email', cell: spanCell('text-muted-foreground') }),
  helper.accessor('role', { header: 'Role', cell: (info) => <RoleCell user={info.row.original} /> }),
  helper.accessor('approved', { header: 'Approved', cell: (info) => <ApprovedCell user={info.row.original} /> }),
  helper.accessor('isRiskTeam', {
    header: 'Risk team',
    meta: centered,
    cell: (info) => <FlagCell user={info.row.original} flag="isRiskTeam" />,
  }),
  helper.accessor('can_use_terminal', {
    header: 'Terminal',
    meta: centered,
    cell: (info) => <FlagCell user={info.row.original} flag="can_use_terminal" />,
  }),
  helper.accessor('disabled', {
    header: 'Disabled',
    meta: centered,
    cell: (info) => <FlagCell user={info.row.original} flag="disabled" />,
  }),
  helper.accessor('createdAt', { header: 'Created', cell: (info) => <DateCell value={info.getValue()} /> }),
  helper.accessor('lastLoginAt', { header: 'Last login', cell: (info) => <DateCell value={info.getValue()} /> }),
  helper.display({ id: 'security', header: 'Security', cell: (info) => <SecurityCell user={info.row.original} /> }),
]);

/**
 * One page of users, in the server's order (so not sortable here: sorting would only reorder
 * this page). Keyboard row navigation comes from DataTable.
 */
export function UsersTable({ users, busy }: { users: User[]; busy: boolean }) {
  return (
    <DataTable
      label="Users"
      testId="users-table"
      columns={columns}
      data={users}
      sortable={false}
      rowLabel={(user) => user.email}
      rowTestId={(user) => `user-row-${user.email}`}
      pageScroll
      busy={busy}
    />
  );
}
