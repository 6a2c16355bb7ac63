import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '~/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

/** Per-column layout hints: numbers are right-aligned (docs/PRODUCT-RULES.md §9). */
export interface DataColumnMeta {
  align?: 'right' | 'center';
  /** Extra classes for the header and body cells of the column. */
  className?: string;
  /** VirtualDataTable: the column's grid track (`8rem`, `minmax(12rem, 1fr)`); default `minmax(8rem, 1fr)`. */
  width?: string;
}

/* TanStack Table v9: the feature set lives at module scope so it stays stable. */
export const sortableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  columnMeta: {} as DataColumnMeta,
});
export type SortableFeatures = typeof sortableFeatures;

/** A column helper for tables rendered with DataTable. */
export function sortableColumnHelper<T extends RowData>() {
  return createColumnHelper<SortableFeatures, T>();
}

/** The cell of a column that shows its value as it is, in a span of `className` (font-medium, tabular, muted…). */
export const spanCell =
  (className: string) =>
  <V extends ReactNode>(info: { getValue: () => V }) => <span className={className}>{info.getValue()}</span>;

/**
 * The cell of a column whose value may be missing (null): a muted placeholder ("—" unless told), else
 * `render(value, row)`.
 */
export function nullableCell<V, T>(render: (value: V, row: T) => ReactNode, missing = '—') {
  return (info: { getValue: () => V | null; row: { original: T } }) => {
    const value = info.getValue();
    return value === null ? <span className="text-muted-foreground">{missing}</span> : render(value, info.row.original);
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns mix value types
export type DataColumns<T extends RowData> = ColumnDef<SortableFeatures, T, any>[];

export const alignClass = (meta: DataColumnMeta | undefined) =>
  cn(meta?.align === 'right' && 'text-right', meta?.align === 'center' && 'text-center', meta?.className);

/** The key of a row: `getRowId`'s, else the row's own string `id` (a row without one needs getRowId). */
export function rowKeyOf<T>(getRowId: ((row: T) => string) | undefined): (row: T) => string {
  return (
    getRowId ??
    ((row) => {
      const id = (row as { id?: unknown }).id;
      if (typeof id !== 'string') throw new Error('A table whose rows have no string id needs getRowId');
      return id;
    })
  );
}

/** The sortable table state every data table shares (DataTable, VirtualDataTable). */
export function useSortableTable<T extends RowData>(options: {
  columns: DataColumns<T>;
  data: T[];
  getRowId: (row: T) => string;
  initialSorting?: SortingState;
  sortable?: boolean;
}) {
  const { columns, data, getRowId, initialSorting = [], sortable = true } = options;
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  return useTable({
    features: sortableFeatures,
    columns,
    data,
    getRowId,
    enableSorting: sortable,
    state: { sorting },
    onSortingChange: setSorting,
  });
}
export type SortableTable<T extends RowData> = ReturnType<typeof useSortableTable<T>>;

/** Row keyboard navigation: the row index a key moves to (ArrowUp/Down, Home/End), or null. */
export function nextRowIndex(key: string, index: number, rowCount: number): number | null {
  const last = rowCount - 1;
  if (key === 'ArrowDown') return Math.min(index + 1, last);
  if (key === 'ArrowUp') return Math.max(index - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

export const rowFocusClass =
  'outline-none focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset';

function SortIndicator({ state }: { state: false | 'asc' | 'desc' }) {
  return (
    <svg
      viewBox="0 0 12 12"
      aria-hidden="true"
      className={cn('size-3 shrink-0', state ? 'text-foreground' : 'text-muted-foreground/50')}
      fill="currentColor"
    >
      <path d="M6 1.5 9 5H3z" opacity={state === 'desc' ? 0.3 : 1} />
      <path d="M6 10.5 3 7h6z" opacity={state === 'asc' ? 0.3 : 1} />
    </svg>
  );
}

export interface DataTableProps<T extends RowData> {
  label: string;
  columns: DataColumns<T>;
  data: T[];
  /** The row's key; default: its `id`. */
  getRowId?: (row: T) => string;
  initialSorting?: SortingState;
  /** False for a table whose order comes from the server (a page of a longer list). */
  sortable?: boolean;
  rowLabel?: (row: T) => string;
  rowTestId?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  testId?: string;
  containerClassName?: string;
  /** The page scrolls the rows (Table's pageScroll): for a table that is its page's main content. */
  pageScroll?: boolean;
  busy?: boolean;
  caption?: ReactNode;
  /**
   * Render this many rows (in the table's order), and a button for the next as many: a long list
   * (1,000 fills) rendered at once was a long task of hundreds of ms (bench/fills.mjs).
   */
  rowLimit?: number;
}

/**
 * A sortable table (click or Enter on a header), sticky header, and rows navigable with the
 * keyboard: Tab reaches the current row, ArrowUp/ArrowDown/Home/End move, Tab from a row walks
 * through its controls.
 */
export function DataTable<T extends RowData>({
  label,
  columns,
  data,
  initialSorting = [],
  sortable = true,
  rowLabel,
  rowTestId,
  rowClassName,
  testId,
  containerClassName,
  pageScroll,
  busy = false,
  caption,
  getRowId,
  rowLimit,
}: DataTableProps<T>) {
  const table = useSortableTable({ columns, data, getRowId: rowKeyOf(getRowId), initialSorting, sortable });
  const [activeRow, setActiveRow] = useState(0);
  const [limit, setLimit] = useState(rowLimit ?? Infinity);
  const all = table.getRowModel().rows;
  const rows = all.length > limit ? all.slice(0, limit) : all;
  const current = Math.min(activeRow, Math.max(rows.length - 1, 0));

  function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, index: number) {
    if (event.target !== event.currentTarget) return;
    const next = nextRowIndex(event.key, index, rows.length);
    if (next === null) return;
    event.preventDefault();
    (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  }

  const rendered = (
    <Table
      aria-label={label}
      aria-busy={busy}
      containerClassName={cn('transition-opacity', busy && 'opacity-60', containerClassName)}
      pageScroll={pageScroll}
      data-testid={testId}
    >
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <TableHeader>
        <SortableHeaderRows table={table} />
      </TableHeader>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow
            key={row.id}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setActiveRow(index)}
            onKeyDown={(event) => onRowKeyDown(event, index)}
            aria-label={rowLabel?.(row.original)}
            data-testid={rowTestId?.(row.original)}
            className={cn(rowFocusClass, rowClassName?.(row.original))}
          >
            {row.getAllCells().map((cell) => (
              <TableCell key={cell.id} className={alignClass(cell.column.columnDef.meta)}>
                <table.FlexRender cell={cell} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
  if (rows.length === all.length) return rendered;
  const step = Math.min(rowLimit ?? all.length, all.length - rows.length);
  return (
    <>
      {rendered}
      <div className="flex items-center justify-center gap-2 py-2 text-xs text-muted-foreground">
        <span>
          {rows.length.toLocaleString('en-US')} of {all.length.toLocaleString('en-US')}
        </span>
        <button
          type="button"
          onClick={() => setLimit((n) => n + step)}
          className="rounded border border-input px-2 py-1 font-medium text-foreground outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          data-testid={testId ? `${testId}-more` : undefined}
        >
          Show {step.toLocaleString('en-US')} more
        </button>
      </div>
    </>
  );
}

/** aria-sort for a column's header cell. */
export function ariaSort(sorted: false | 'asc' | 'desc', canSort: boolean) {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined;
}

type HeaderOf<T extends RowData> = ReturnType<SortableTable<T>['getHeaderGroups']>[number]['headers'][number];

/** What a header cell shows: its title, as a sort button (click or Enter) when the column sorts. */
export function SortableHeaderContent<T extends RowData>({ table, header }: { table: SortableTable<T>; header: HeaderOf<T> }) {
  if (header.isPlaceholder) return null;
  if (!header.column.getCanSort()) return <table.FlexRender header={header} />;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 uppercase outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        header.column.columnDef.meta?.align === 'right' && 'flex-row-reverse',
      )}
    >
      <table.FlexRender header={header} />
      <SortIndicator state={header.column.getIsSorted()} />
    </button>
  );
}

/** The header rows of a sortable table: a button per sortable column (click or Enter), aria-sort. */
export function SortableHeaderRows<T extends RowData>({ table }: { table: SortableTable<T> }) {
  return table.getHeaderGroups().map((group) => (
    <TableRow key={group.id} className="hover:bg-transparent">
      {group.headers.map((header) => (
        <TableHead
          key={header.id}
          scope="col"
          className={alignClass(header.column.columnDef.meta)}
          aria-sort={ariaSort(header.column.getIsSorted(), header.column.getCanSort())}
        >
          <SortableHeaderContent table={table} header={header} />
        </TableHead>
      ))}
    </TableRow>
  ));
}
