import { toast } from 'sonner';
import type { FillDto } from '@contract/performance';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { formatDateTime, formatPrice, formatQuantity, formatUsd } from '~/lib/format';
import { SideLabel } from '~/shared/orders/side-label';
import { pnl } from './performance-tables';

/** The order a fill belongs to: its id's first characters, a click copies the whole id. */
function OrderCell({ orderId }: { orderId: string | null }) {
  if (orderId === null)
    return (
      <span className="text-muted-foreground" title="Placed on the exchange outside Meridian">
        outside
      </span>
    );
  const copy = () =>
    navigator.clipboard.writeText(orderId).then(
      () => toast.success('Order id copied'),
      () => toast.error('Could not copy the order id'),
    );
  return (
    <button
      type="button"
      onClick={() => void copy()}
      title={`Order ${orderId} (click to copy)`}
      aria-label={`Copy order id ${orderId}`}
      className="rounded font-mono text-xs underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="perf-fill-order"
    >
      {orderId.slice(0, 8)}
    </button>
  );
}

const fill = sortableColumnHelper<FillDto>();
const fillColumns: DataColumns<FillDto> = fill.columns([
  fill.accessor('ts', {
    header: 'Time',
    // Date over time on a phone: the sideways-scrolling table then shows the price beside the side.
    cell: (i) => {
      const [date, time] = formatDateTime(i.getValue(), { seconds: true }).split(' ');
      return (
        <span className="tabular whitespace-normal">
          <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
        </span>
      );
    },
  }),
  fill.accessor('symbol', { header: 'Symbol' }),
  fill.accessor('side', { header: 'Side', cell: (i) => <SideLabel side={i.getValue()} buyClassName="text-success" /> }),
  fill.accessor('price', {
    header: 'Price',
    meta: { align: 'right' },
    cell: (i) => <span className="tabular">{formatPrice(i.getValue())}</span>,
  }),
  fill.accessor('quantity', {
    header: 'Qty',
    meta: { align: 'right' },
    cell: (i) => <span className="tabular">{formatQuantity(i.getValue())}</span>,
  }),
  fill.accessor('fee', {
    header: 'Fee',
    meta: { align: 'right' },
    cell: (i) => {
      const f = i.row.original;
      return (
        <span className="tabular whitespace-nowrap" title={f.maker ? 'maker' : 'taker'} data-testid="perf-fill-fee-asset">
          {formatQuantity(f.fee)} <span className="text-muted-foreground">{f.feeAsset}</span>
        </span>
      );
    },
  }),
  fill.accessor('feeUsd', {
    header: 'Fee USD',
    meta: { align: 'right' },
    cell: (i) => <span className="tabular">{formatUsd(i.getValue())}</span>,
  }),
  fill.accessor('realizedPnl', { header: 'Realized', meta: { align: 'right' }, cell: (i) => pnl(i.getValue()) }),
  fill.accessor((r) => r.orderId ?? '', {
    id: 'order',
    header: 'Order',
    cell: (i) => <OrderCell orderId={i.row.original.orderId} />,
  }),
  fill.accessor('accountEmail', { header: 'Account', meta: { className: 'hidden md:table-cell' } }),
]);

/** Fills rendered at first (and per "Show more"): a page holds 1,000. */
const FILL_ROWS = 100;

export function FillsTable({ rows }: { rows: FillDto[] }) {
  return (
    <DataTable
      label="Fills"
      columns={fillColumns}
      data={rows}
      getRowId={(r) => r.id}
      initialSorting={[{ id: 'ts', desc: true }]}
      rowTestId={() => 'perf-fill'}
      testId="perf-fills"
      rowLimit={FILL_ROWS}
    />
  );
}
