import { FlexRender, type RowData } from '@tanstack/react-table';
import { memo, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { FrameBudget } from '~/lib/frame-budget';
import { cn } from '~/lib/cn';
import { rowFocusClass, type DataColumnMeta, type SortableTable } from './data-table';

/* The rows of VirtualDataTable: fixed-height grid rows whose figures are written within a frame budget. */

export const ROW_HEIGHT = 37;
/** Rows whose new figures are written in one frame (useShownRow). */
export const ROWS_PER_FRAME = 8;
/**
 * Rows of a new table drawn in one frame (its first frame too): a new row costs about twice a changed
 * one (its elements are styled and laid out for the first time).
 */
export const ROWS_MOUNTED_PER_FRAME = 5;

/** The frame budgets of a table's rows: new figures, and new rows' first cells. */
export interface RowBudgets {
  update: FrameBudget;
  mount: FrameBudget;
}
/**
 * One row of the grid: the columns' tracks come from the table (--cols). Rows have a fixed height
 * and contain their size and layout (`contain: strict`), so a figure that changes relayouts its own
 * row, never the table (as a `<table>`'s rows and columns do). Cells are not contained themselves:
 * Chromium does not relayout a grid item on its own, and a paint layer per cell made every frame's
 * paint and commit dearer.
 */
export const GRID_ROW = 'grid [grid-template-columns:var(--cols)] [grid-template-rows:minmax(0,1fr)]';

export const cellClass = (meta: DataColumnMeta | undefined, extra?: string) =>
  cn(
    'flex min-w-0 items-center overflow-hidden px-3 whitespace-nowrap',
    meta?.align === 'right' && 'justify-end text-right',
    meta?.align === 'center' && 'justify-center text-center',
    meta?.className,
    extra,
  );

/** A cell of a GRID_ROW row (a footer's totals, say), aligned like the columns' cells. */
export function GridCell({
  align,
  className,
  children,
}: {
  align?: DataColumnMeta['align'];
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div role="cell" className={cellClass({ align }, className)}>
      {children}
    </div>
  );
}

export type TableRowOf<T extends RowData> = ReturnType<SortableTable<T>['getRowModel']>['rows'][number];

export interface RowEvents<T> {
  focus(index: number): void;
  keyDown(event: KeyboardEvent<HTMLDivElement>, index: number, row: T): void;
  open(row: T): void;
}

interface VirtualRowProps<T extends RowData> {
  row: TableRowOf<T>;
  index: number;
  start: number;
  active: boolean;
  label: string | undefined;
  className: string | undefined;
  cellClasses: Record<string, string>;
  events: RowEvents<T>;
  budgets: RowBudgets;
  /** Read when the row mounts: a new table's rows get their cells a few per frame, after its first. */
  deferFirst: boolean;
}

interface RowCellsProps<T extends RowData> {
  row: TableRowOf<T>;
  cellClasses: Record<string, string>;
}

function RowCellsView<T extends RowData>({ row, cellClasses }: RowCellsProps<T>): ReactNode {
  return row.getAllCells().map((cell) => (
    <div key={cell.id} role="cell" className={cellClasses[cell.column.id]}>
      <FlexRender cell={cell} />
    </div>
  ));
}

/** A row's cells: rendered again only when the data they show changes (not for a rebuilt row model). */
const RowCells = memo(
  RowCellsView,
  (a, b) => a.row.original === b.row.original && a.cellClasses === b.cellClasses,
) as typeof RowCellsView;

/**
 * The row whose figures the cells show (null: none yet). New figures wait for the table's frame
 * budget (a few rows per frame), so a tick that changes every visible row is spread over a few short
 * frames instead of one long one; so do a new table's rows (`deferFirst`, through the mount budget).
 * Position, focus and label follow at once.
 */
function useShownRow<T extends RowData>(row: TableRowOf<T>, budgets: RowBudgets, deferFirst: boolean) {
  const [shown, setShown] = useState<TableRowOf<T> | null>(deferFirst ? null : row);
  const [key] = useState(() => ({}));
  useEffect(() => {
    const budget = shown === null ? budgets.mount : budgets.update;
    if (shown?.original === row.original) budget.cancel(key);
    else budget.request(key, () => setShown(row));
  }, [row, shown, budgets, key]);
  useEffect(
    () => () => {
      budgets.mount.cancel(key);
      budgets.update.cancel(key);
    },
    [budgets, key],
  );
  if (shown === null) return null;
  return shown.original === row.original ? row : shown;
}

function VirtualRowView<T extends RowData>({
  row,
  index,
  start,
  active,
  label,
  className,
  cellClasses,
  events,
  budgets,
  deferFirst,
}: VirtualRowProps<T>) {
  const shown = useShownRow(row, budgets, deferFirst);
  return (
    <div
      role="row"
      data-index={index}
      aria-rowindex={index + 2}
      tabIndex={active ? 0 : -1}
      onFocus={() => events.focus(index)}
      onKeyDown={(e) => events.keyDown(e, index, row.original)}
      onClick={() => events.open(row.original)}
      aria-label={label}
      style={{ height: ROW_HEIGHT, transform: `translateY(${start}px)` }}
      className={cn(
        'absolute top-0 left-0 w-full cursor-pointer border-b border-border [contain:strict] hover:bg-muted/50',
        GRID_ROW,
        rowFocusClass,
        className,
      )}
    >
      {shown ? <RowCells row={shown} cellClasses={cellClasses} /> : null}
    </div>
  );
}

/**
 * A row re-renders only when its data object changes (TanStack Query keeps unchanged rows'
 * objects across refetches), it moves, or its focus/label/class changes: a live tick that changes
 * a few traders renders those rows only.
 */
export const VirtualRow = memo(
  VirtualRowView,
  (a, b) =>
    a.row.original === b.row.original &&
    a.index === b.index &&
    a.start === b.start &&
    a.active === b.active &&
    a.label === b.label &&
    a.className === b.className &&
    a.cellClasses === b.cellClasses,
) as typeof VirtualRowView;
