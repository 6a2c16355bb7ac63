import { type RowData, type SortingState } from '@tanstack/react-table';
import { elementScroll, useVirtualizer, type Rect, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { createFrameBudget } from '~/lib/frame-budget';
import { ariaSort, nextRowIndex, SortableHeaderContent, useSortableTable, type DataColumns } from './data-table';
import {
  cellClass,
  GRID_ROW,
  ROW_HEIGHT,
  ROWS_MOUNTED_PER_FRAME,
  ROWS_PER_FRAME,
  VirtualRow,
  type RowBudgets,
  type RowEvents,
} from './virtual-row';

export { GRID_ROW, GridCell } from './virtual-row';

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
