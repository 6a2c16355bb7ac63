import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useState, type KeyboardEvent } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/components/ui/table';
import { cn } from '~/lib/cn';
import type { User } from '~/lib/types';
import { ApprovedCell, DateCell, FlagCell, NameCell, RoleCell } from './user-cells';

/* TanStack Table v9: features, helper and columns live at module scope so they stay stable. */
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, User>();

const columns = helper.columns([
  helper.accessor('name', { header: 'Name', cell: (info) => <NameCell user={info.row.original} /> }),
  helper.accessor('email', { header: 'Email', cell: (info) => <span className="text-muted-foreground">{info.getValue()}</span> }),
  helper.accessor('role', { header: 'Role', cell: (info) => <RoleCell user={info.row.original} /> }),
  helper.accessor('approved', { header: 'Approved', cell: (info) => <ApprovedCell user={info.row.original} /> }),
  helper.accessor('isRiskTeam', { header: 'Risk team', cell: (info) => <FlagCell user={info.row.original} flag="isRiskTeam" /> }),
  helper.accessor('can_use_terminal', {
    header: 'Terminal',
    cell: (info) => <FlagCell user={info.row.original} flag="can_use_terminal" />,
  }),
  helper.accessor('disabled', { header: 'Disabled', cell: (info) => <FlagCell user={info.row.original} flag="disabled" /> }),
  helper.accessor('createdAt', { header: 'Created', cell: (info) => <DateCell value={info.getValue()} /> }),
  helper.accessor('lastLoginAt', { header: 'Last login', cell: (info) => <DateCell value={info.getValue()} /> }),
]);

const centered = new Set(['isRiskTeam', 'can_use_terminal', 'disabled']);

/**
 * The users table. Rows use a roving tabindex: Tab reaches the current row, ArrowUp/ArrowDown/
 * Home/End move between rows, and Tab from a row walks through its controls.
 */
export function UsersTable({ users, busy }: { users: User[]; busy: boolean }) {
  const table = useTable({ features, columns, data: users, getRowId: (user) => user.id });
  const [activeRow, setActiveRow] = useState(0);
  const rows = table.getRowModel().rows;
  const current = Math.min(activeRow, Math.max(rows.length - 1, 0));

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    if (event.target !== event.currentTarget) return;
    const last = rows.length - 1;
    const next =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, last)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const body = event.currentTarget.parentElement;
    (body?.children[next] as HTMLElement | undefined)?.focus();
  }

  return (
    <Table
      aria-label="Users"
      aria-busy={busy}
      containerClassName={cn('max-h-[calc(100dvh-16rem)] transition-opacity', busy && 'opacity-60')}
      data-testid="users-table"
    >
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => (
              <TableHead key={header.id} scope="col" className={cn(centered.has(header.column.id) && 'text-center')}>
                {header.isPlaceholder ? null : <table.FlexRender header={header} />}
              </TableHead>
            ))}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow
            key={row.id}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setActiveRow(index)}
            onKeyDown={(event) => onRowKeyDown(event, index)}
            aria-label={row.original.email}
            data-testid={`user-row-${row.original.email}`}
            className="outline-none focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
          >
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id} className={cn(centered.has(cell.column.id) && 'text-center [&>button]:align-middle')}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
