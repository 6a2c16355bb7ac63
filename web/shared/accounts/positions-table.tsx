import { Badge } from '~/components/ui/badge';
import { createContext, use, type ComponentType, type ReactNode } from 'react';
import { DataTable, nullableCell, sortableColumnHelper, spanCell } from '~/components/ui/data-table';
import { formatExact, formatLeverage, formatPrice, formatQuantity } from '~/lib/format';
import { upnlPercent, type Position } from './metrics';
import { FlashValue, MetricValue, Pnl } from '~/shared/figures';

const helper = sortableColumnHelper<Position>();
const right = { align: 'right' } as const;

function Price({ value }: { value: number }) {
  return (
    <span className="tabular" title={formatExact(value)}>
      {formatPrice(value)}
    </span>
  );
}

/** A live figure that flashes when it changes. */
const flashing = (value: number, Figure: ComponentType<{ value: number }>) => (
  <FlashValue value={value}>
    <Figure value={value} />
  </FlashValue>
);

const columns = helper.columns([
  helper.accessor('symbol', { header: 'Symbol', sortFn: 'alphanumeric', cell: spanCell('font-medium') }),
  helper.accessor('side', {
    header: 'Side',
    sortFn: 'alphanumeric',
    cell: (info) => <Badge tone={info.getValue() === 'LONG' ? 'success' : 'destructive'}>{info.getValue()}</Badge>,
  }),
  helper.accessor('size', {
    header: 'Size',
    meta: right,
    cell: (info) => (
      <span className="tabular" title={formatExact(info.getValue())}>
        {formatQuantity(info.getValue())}
      </span>
    ),
  }),
  helper.accessor('entryPrice', { header: 'Entry', meta: right, cell: (info) => <Price value={info.getValue()} /> }),
  helper.accessor('markPrice', { header: 'Mark', meta: right, cell: (info) => flashing(info.getValue(), Price) }),
  helper.accessor('liquidationPrice', {
    header: 'Liq. price',
    meta: right,
    sortUndefined: 'last',
    cell: nullableCell((value: number) => <Price value={value} />),
  }),
  helper.accessor('leverage', {
    header: 'Leverage',
    meta: right,
    cell: (info) => <span className="tabular">{formatLeverage(info.getValue())}</span>,
  }),
  helper.accessor('notional', {
    header: 'Notional',
    meta: right,
    cell: (info) => <MetricValue kind="usd" value={info.getValue()} />,
  }),
  helper.accessor('unrealizedPnl', { header: 'uPnL', meta: right, cell: (info) => flashing(info.getValue(), Pnl) }),
  helper.accessor((position) => upnlPercent(position), {
    id: 'upnlPercent',
    header: 'uPnL % margin',
    meta: right,
    sortUndefined: 'last',
    cell: nullableCell((value: number) => <Pnl value={value} percent />),
  }),
]);

type PositionAction = (position: Position) => ReactNode;
/**
 * The table renders each cell function as a component: an action given as a fresh closure would be a
 * new component every render, its state (an open popover) lost. The column stays; the action comes
 * through context.
 */
const ActionContext = createContext<PositionAction | null>(null);
function ActionCell({ position }: { position: Position }) {
  return use(ActionContext)?.(position) ?? null;
}
const withAction = [
  ...columns.slice(0, 2),
  helper.display({ id: 'action', header: '', cell: (info) => <ActionCell position={info.row.original} /> }),
  ...columns.slice(2),
];

/** Open positions: sortable, sticky header, keyboard navigable; `action` adds per-row buttons after the side. */
export function PositionsTable({
  positions,
  className,
  action,
}: {
  positions: Position[];
  className?: string;
  action?: PositionAction;
}) {
  if (positions.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-6 text-center text-sm" data-testid="positions-empty">
        <p className="font-medium">No open positions</p>
        <p className="mt-1 text-muted-foreground">Positions opened on the exchange show up here with the next update.</p>
      </div>
    );
  }
  return (
    <ActionContext value={action ?? null}>
      <DataTable
        label="Open positions"
        testId="positions-table"
        columns={action ? withAction : columns}
        data={positions}
        getRowId={(position) => `${position.symbol}-${position.side}`}
        initialSorting={[{ id: 'notional', desc: true }]}
        rowLabel={(position) => `${position.symbol} ${position.side}`}
        rowTestId={(position) => `position-${position.symbol}`}
        containerClassName={className ?? 'max-h-[28rem]'}
      />
    </ActionContext>
  );
}
