import { FlexRender, type RowData, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import {
  alignClass,
  nextRowIndex,
  rowFocusClass,
  SortableHeaderRows,
  useSortableTable,
  type DataColumns,
  type SortableTable,
} from './data-table';
import { TableCell, TableHeader } from './table';

const ROW_HEIGHT = 37;

type TableRowOf<T extends RowData> = ReturnType<SortableTable<T>['getRowModel']>['rows'][number];

interface RowEvents<T> {
  focus(index: number): void;
  keyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T): void;
  open(row: T): void;
}

interface VirtualRowProps<T extends RowData> {
  row: TableRowOf<T>;
  index: number;
  active: boolean;
  label: string | undefined;
  className: string | undefined;
  events: RowEvents<T>;
}

function VirtualRowView<T extends RowData>({ row, index, active, label, className, events }: VirtualRowProps<T>) {
  return (
    <tr
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      onFocus={() => events.focus(index)}
      onKeyDown={(e) => events.keyDown(e, index, row.original)}
      onClick={() => events.open(row.original)}
      aria-label={label}
      style={{ height: ROW_HEIGHT }}
      className={cn('cursor-pointer border-b border-border hover:bg-muted/50', rowFocusClass, className)}
    >
      {row.getAllCells().map((cell) => (
        <TableCell key={cell.id} className={cn('py-1.5', alignClass(cell.column.columnDef.meta))}>
          <FlexRender cell={cell} />
        </TableCell>
      ))}
    </tr>
  );
}

/**
 * A row re-renders only when its data object changes (TanStack Query keeps unchanged rows'
 * objects across refetches), it moves, or its focus/label/class changes: a live tick that changes
 * a few traders renders those rows only.
 */
const VirtualRow = memo(
  VirtualRowView,
  (a, b) =>
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.active === b.active &&
    a.label === b.label &&
    a.className === b.className,
) as typeof VirtualRowView;

/**
 * DataTable's sorting, header and keyboard navigation (ArrowUp/Down, Home/End, Enter opens) for
 * long lists: only the rows in view are rendered (TanStack Virtual), with a sticky header and an
 * optional sticky footer row (totals).
 */
export function VirtualDataTable<T extends RowData>({
  label,
  columns,
  data,
  getRowId,
  initialSorting,
  rowClassName,
  rowLabel,
  onOpen,
  footer,
  testId,
  tableClassName,
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
  /** `table-fixed` with column widths (meta.className): a changed value then never relayouts the table. */
  tableClassName?: string;
}) {
  const table = useSortableTable({ columns, data, getRowId, initialSorting });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders us itself
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
  });
  const [active, setActive] = useState(0);
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  // The rows' handlers stay the same objects (memoized rows), reading the newest state through a ref.
  const latest = useRef({ rows, onOpen, virtualizer });
  latest.current = { rows, onOpen, virtualizer };
  const [events] = useState<RowEvents<T>>(() => {
    const focusRow = (index: number) => {
      setActive(index);
      latest.current.virtualizer.scrollToIndex(index);
      requestAnimationFrame(() => scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus());
    };
    return {
      focus: setActive,
      open: (row) => latest.current.onOpen?.(row),
      keyDown: (event, index, row) => {
        if (event.key === 'Enter' && latest.current.onOpen) {
          event.preventDefault();
          latest.current.onOpen(row);
        }
        const next = nextRowIndex(event.key, index, latest.current.rows.length);
        if (next === null) return;
        event.preventDefault();
        focusRow(next);
      },
    };
  });
  const current = Math.min(active, rows.length - 1);

  return (
    // contain: a live update's style, layout and paint stay inside the scroller.
    <div ref={scrollRef} className="relative min-h-0 flex-1 overflow-auto rounded-lg border border-border [contain:content]" data-testid={testId}>
      <table aria-label={label} aria-rowcount={rows.length + 1} className={cn('w-full border-collapse text-sm', tableClassName)}>
        <TableHeader>
          <SortableHeaderRows table={table} />
        </TableHeader>
        <tbody>
          {padTop > 0 ? <tr aria-hidden="true" style={{ height: padTop }} /> : null}
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <VirtualRow
                key={row.id}
                row={row}
                index={item.index}
                active={item.index === current}
                label={rowLabel?.(row.original)}
                className={rowClassName?.(row.original)}
                events={events}
              />
            );
          })}
          {padBottom > 0 ? <tr aria-hidden="true" style={{ height: padBottom }} /> : null}
        </tbody>
        {footer ? <tfoot className="sticky bottom-0 z-10 border-t-2 border-border bg-muted font-semibold">{footer}</tfoot> : null}
      </table>
    </div>
  );
}
