import { useTable, type RowData, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { sortableFeatures, type DataColumnMeta, type DataColumns } from '~/components/ui/data-table';
import { cn } from '~/lib/cn';

const alignClass = (meta: DataColumnMeta | undefined) => cn(meta?.align === 'right' && 'text-right', meta?.className);
const ROW_HEIGHT = 37;

/**
 * A sortable table that renders only the rows in view (TanStack Table + TanStack Virtual), with a
 * sticky header and an optional sticky footer row (totals). Rows are keyboard navigable
 * (ArrowUp/Down, Home/End, Enter opens).
 */
export function VirtualTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  initialSorting = [],
  rowClassName,
  rowLabel,
  onOpen,
  footer,
  testId,
}: {
  label: string;
  columns: DataColumns<T>;
  data: T[];
  getRowId: (row: T) => string;
  initialSorting?: SortingState;
  rowClassName?: (row: T) => string | undefined;
  rowLabel?: (row: T) => string;
  onOpen?: (row: T) => void;
  footer?: ReactNode;
  testId?: string;
}) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const table = useTable({
    features: sortableFeatures,
    columns,
    data,
    getRowId,
    state: { sorting },
    onSortingChange: setSorting,
  });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders us itself
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const [active, setActive] = useState(0);
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  function focusRow(index: number) {
    setActive(index);
    virtualizer.scrollToIndex(index);
    requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus());
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) {
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
    if (event.key === 'Enter' && onOpen) {
      event.preventDefault();
      onOpen(row);
    }
    if (next === null) return;
    event.preventDefault();
    focusRow(next);
  }

  return (
    <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-auto rounded-lg border border-border" data-testid={testId}>
      <table aria-label={label} aria-rowcount={rows.length + 1} className="w-full border-collapse text-sm">
        <thead className="sticky top-0 z-10 bg-muted">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-border">
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta;
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn(
                      'h-9 px-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
                      alignClass(meta),
                    )}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                  >
                    <button
                      type="button"
                      onClick={header.column.getToggleSortingHandler()}
                      className={cn(
                        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
                        meta?.align === 'right' && 'flex-row-reverse',
                      )}
                    >
                      <table.FlexRender header={header} />
                      <span aria-hidden="true" className={cn('text-[0.7em]', !sorted && 'opacity-30')}>
                        {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <tr
                key={row.id}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                tabIndex={item.index === Math.min(active, rows.length - 1) ? 0 : -1}
                onFocus={() => setActive(item.index)}
                onKeyDown={(e) => onKeyDown(e, item.index, row.original)}
                onClick={() => onOpen?.(row.original)}
                aria-label={rowLabel?.(row.original)}
                style={{ height: ROW_HEIGHT }}
                className={cn(
                  'cursor-pointer border-b border-border outline-none hover:bg-muted/50 focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
                  rowClassName?.(row.original),
                )}
              >
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={cn('px-3 py-1.5 whitespace-nowrap', alignClass(cell.column.columnDef.meta))}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
        </tbody>
        {footer ? <tfoot className="sticky bottom-0 z-10 border-t-2 border-border bg-muted font-semibold">{footer}</tfoot> : null}
      </table>
    </div>
  );
}
