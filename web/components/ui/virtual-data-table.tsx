import { FlexRender, type RowData, type SortingState } from '@tanstack/react-table';
import { elementScroll, useVirtualizer, type Rect, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { createFrameBudget, type FrameBudget } from '~/lib/frame-budget';
import { cn } from '~/lib/cn';
import {
  ariaSort,
  nextRowIndex,
  rowFocusClass,
  SortableHeaderContent,
  useSortableTable,
  type DataColumnMeta,
  type DataColumns,
  type SortableTable,
} from './data-table';

const ROW_HEIGHT = 37;
/** Rows whose new figures are written in one frame (useShownRow). */
const ROWS_PER_FRAME = 8;
/**
 * Rows of a new table drawn in one frame (its first frame too): a new row costs about twice a changed
 * one (its elements are styled and laid out for the first time).
 */
const ROWS_MOUNTED_PER_FRAME = 5;

/** The frame budgets of a table's rows: new figures, and new rows' first cells. */
interface RowBudgets {
  update: FrameBudget;
  mount: FrameBudget;
}
/** The sticky header row (h-9) and its bottom border: rows scrolled to by keyboard stay below it. */
const HEADER_HEIGHT = 37;
const FOOTER_HEIGHT = ROW_HEIGHT + 2;

/**
 * The height that shows `rows` rows whole (with the header, and the footer when there is one), at
 * most `max` px: a table inside a scrolling page is given this height rather than a flex share.
 */
export const fittedTableHeight = (rows: number, footer: boolean, max: number) =>
  Math.min(HEADER_HEIGHT + rows * ROW_HEIGHT + (footer ? FOOTER_HEIGHT : 0) + 2, max);

/**
 * One row of the grid: the columns' tracks come from the table (--cols). Rows have a fixed height
 * and contain their size and layout (`contain: strict`), so a figure that changes relayouts its own
 * row, never the table (as a `<table>`'s rows and columns do). Cells are not contained themselves:
 * Chromium does not relayout a grid item on its own, and a paint layer per cell made every frame's
 * paint and commit dearer.
 */
export const GRID_ROW = 'grid [grid-template-columns:var(--cols)] [grid-template-rows:minmax(0,1fr)]';

const cellClass = (meta: DataColumnMeta | undefined, extra?: string) =>
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

/**
 * The scroller's size as its ResizeObserver reports it, after the browser's own layout. The
 * library's default also reads it at once, in the layout effect that mounts the table: that forced
 * the new page's whole style and layout inside React's commit (7–10 ms of a visit to the overview).
 * Until the first report the table assumes the window's size (`initialRect`).
 */
function observeScrollerSize(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element) return;
  const report = () => cb({ width: element.clientWidth, height: element.clientHeight });
  if (typeof ResizeObserver === 'undefined') {
    report();
    return;
  }
  const observer = new ResizeObserver(report);
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Scrolls the scroller, except for the virtualizer's write of offset 0 into the scroller it has just
 * mounted: a no-op that still forced the new page's style and layout inside React's commit.
 */
function scrollUnlessFresh(): VirtualizerOptions<HTMLDivElement, Element>['scrollToFn'] {
  let fresh = true;
  return (offset, options, instance) => {
    const skip = fresh && offset === 0 && !options.adjustments;
    fresh = false;
    if (!skip) elementScroll(offset, options, instance);
  };
}

type TableRowOf<T extends RowData> = ReturnType<SortableTable<T>['getRowModel']>['rows'][number];

interface RowEvents<T> {
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
const VirtualRow = memo(
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

/**
 * DataTable's sorting, header and keyboard navigation (ArrowUp/Down, Home/End, Enter opens) for
 * long lists: only the rows in view are rendered (TanStack Virtual), with a sticky header and an
 * optional sticky footer row (totals). An ARIA table laid out as a CSS grid of fixed-height rows:
 * each column's width is its meta.width track, and the table is at least `minWidth` wide (it
 * scrolls sideways below that).
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
  minWidth,
}: {
  label: string;
  columns: DataColumns<T>;
  data: T[];
  getRowId: (row: T) => string;
  initialSorting?: SortingState;
  rowClassName?: (row: T) => string | undefined;
  rowLabel?: (row: T) => string;
  onOpen?: (row: T) => void;
  /** A GRID_ROW row kept at the bottom (totals). */
  footer?: ReactNode;
  testId?: string;
  minWidth?: string;
}) {
  const table = useSortableTable({ columns, data, getRowId, initialSorting });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollToFn] = useState(scrollUnlessFresh);
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer re-renders us itself
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 5,
    observeElementRect: observeScrollerSize,
    scrollToFn,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    scrollPaddingEnd: footer ? FOOTER_HEIGHT : 0,
  });
  const [active, setActive] = useState(0);
  const [budgets] = useState<RowBudgets>(() => ({
    update: createFrameBudget(ROWS_PER_FRAME),
    mount: createFrameBudget(ROWS_MOUNTED_PER_FRAME),
  }));
  // Until the table's first frame is drawn, its rows mount empty and get their cells
  // through the mount budget, so no frame styles and lays out more than a few new rows. (A ref set in
  // the next frame rather than a state set in an effect: rows the virtualizer adds before that frame,
  // after the effects ran, must wait too.)
  const firstFrameDrawn = useRef(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => (firstFrameDrawn.current = true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const items = virtualizer.getVirtualItems();
  const { cellClasses, headerClasses, gridStyle } = useMemo(() => {
    const leaves = table.getAllLeafColumns();
    const classes = (extra: string) =>
      Object.fromEntries(leaves.map((c) => [c.id, cellClass(c.columnDef.meta, extra)])) as Record<string, string>;
    return {
      cellClasses: classes(''),
      headerClasses: classes('h-9 text-xs font-semibold tracking-wide text-muted-foreground uppercase'),
      gridStyle: {
        '--cols': leaves.map((c) => c.columnDef.meta?.width ?? 'minmax(8rem, 1fr)').join(' '),
        minWidth,
      } as CSSProperties,
    };
  }, [table, minWidth]);

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
    <div
      ref={scrollRef}
      className="relative min-h-0 flex-1 overflow-auto rounded-lg border border-border [contain:content]"
      data-testid={testId}
    >
      <div role="table" aria-label={label} aria-rowcount={rows.length + 1} className="w-full text-sm" style={gridStyle}>
        <div role="rowgroup" className="sticky top-0 z-10 border-b border-border bg-muted">
          {table.getHeaderGroups().map((group) => (
            <div role="row" key={group.id} className={GRID_ROW}>
              {group.headers.map((header) => (
                <div
                  role="columnheader"
                  key={header.id}
                  className={headerClasses[header.column.id]}
                  aria-sort={ariaSort(header.column.getIsSorted(), header.column.getCanSort())}
                >
                  <SortableHeaderContent table={table} header={header} />
                </div>
              ))}
            </div>
          ))}
        </div>
        {/* Contained too (its height is set): rows that move or mount relayout this group, not the page. */}
        <div role="rowgroup" className="relative [contain:strict]" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index]!;
            return (
              <VirtualRow
                key={row.id}
                row={row}
                index={item.index}
                start={item.start - HEADER_HEIGHT}
                active={item.index === current}
                label={rowLabel?.(row.original)}
                className={rowClassName?.(row.original)}
                cellClasses={cellClasses}
                events={events}
                budgets={budgets}
                deferFirst={!firstFrameDrawn.current}
              />
            );
          })}
        </div>
        {footer ? (
          <div
            role="rowgroup"
            className="sticky bottom-0 z-10 border-t-2 border-border bg-muted font-semibold [contain:strict]"
            style={{ height: FOOTER_HEIGHT }}
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}
