import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import type { OrderDto } from '@contract/orders';
import { Button } from '~/components/ui/button';
import { ConfirmDialog, type Confirmation } from '~/components/ui/confirm-dialog';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { formatPrice, formatQuantity } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { SideLabel } from './side-label';

/** Resting orders are brought up to date by each read (fills from the exchange), so they are read often. */
export const OPEN_ORDERS_POLL_MS = 5_000;

const KIND: Record<OrderDto['type'], string> = {
  MARKET: 'Market',
  LIMIT: 'Limit',
  STOP_MARKET: 'Stop-loss',
  TAKE_PROFIT_MARKET: 'Take-profit',
};

const helper = sortableColumnHelper<OrderDto>();
const baseColumns: DataColumns<OrderDto> = helper.columns([
  helper.accessor('symbol', { header: 'Symbol' }),
  helper.accessor('type', {
    header: 'Kind',
    cell: (info) => {
      const o = info.row.original;
      return `${KIND[o.type]}${o.type === 'LIMIT' && o.timeInForce && o.timeInForce !== 'GTC' ? ` ${o.timeInForce === 'GTX' ? 'post-only' : o.timeInForce}` : ''}`;
    },
  }),
  helper.accessor('side', { header: 'Side', cell: (info) => <SideLabel side={info.getValue()} /> }),
  helper.accessor((o) => o.price ?? o.triggerPrice ?? 0, {
    id: 'price',
    header: 'Price',
    meta: { align: 'right' },
    cell: (info) => formatPrice(info.getValue()),
  }),
  helper.accessor('quantity', {
    header: 'Qty',
    meta: { align: 'right' },
    cell: (info) => {
      const o = info.row.original;
      return o.type === 'LIMIT' ? `${formatQuantity(o.filledQuantity ?? 0)} / ${formatQuantity(o.quantity)}` : 'position';
    },
  }),
]);

/** A row's Move… and Cancel: small, 40 px tall on a phone. */
const ROW_BUTTON = { size: 'xs', variant: 'ghost', className: 'px-1.5 max-md:h-10' } as const;

export const isProtective = (o: OrderDto) => o.type === 'STOP_MARKET' || o.type === 'TAKE_PROFIT_MARKET';
/** "stop-loss of BTCUSDT long": what a take-profit or stop-loss protects, for accessible names and titles. */
export const protectionLabel = (o: OrderDto) =>
  `${KIND[o.type].toLowerCase()} of ${o.symbol} ${o.side === 'SELL' ? 'long' : 'short'}`;

/**
 * Resting orders (limits, take-profits, stop-losses): your own with cancel and cancel all (the
 * terminal; with `onMove`, a Move… button on each take-profit and stop-loss; with `symbol`, a cancel
 * all of that symbol's too), or a trader's read-only (dashboard, risk team).
 */
export function OpenOrders({
  accountEmail,
  traderId,
  cancelable = false,
  onMove,
  symbol,
}: {
  accountEmail?: string | null;
  traderId?: string;
  cancelable?: boolean;
  onMove?: (order: OrderDto) => void;
  /** the terminal's selected pair (BTCUSDT) */
  symbol?: string | null;
}) {
  const queryClient = useQueryClient();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const open = useQuery({
    ...orpc.listOpenOrders.queryOptions({
      input: { ...(accountEmail ? { accountEmail } : {}), ...(traderId ? { traderId } : {}) },
    }),
    refetchInterval: OPEN_ORDERS_POLL_MS,
  });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: orpc.listOpenOrders.key() });
    void queryClient.invalidateQueries({ queryKey: orpc.listOrders.key() });
  };
  const cancel = useMutation({
    ...orpc.cancelOrder.mutationOptions(),
    onSuccess: (o) =>
      toast.success(`Canceled the ${KIND[o.type].toLowerCase()} ${o.side === 'BUY' ? 'buy' : 'sell'} ${o.symbol}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not cancel the order')),
    onSettled: refresh,
  });
  const cancelAll = useMutation({
    ...orpc.cancelAllOrders.mutationOptions(),
    onSuccess: (done) => toast.success(`Canceled ${done.length} open order${done.length === 1 ? '' : 's'}`),
    onError: (error) => toast.error(errorMessage(error, 'Could not cancel the orders')),
    onSettled: refresh,
  });
  const rows = open.data ?? [];
  const ofSymbol = symbol ? rows.filter((o) => o.symbol === symbol).length : 0;
  const orderCount = (n: number) => `${n} open order${n === 1 ? '' : 's'}`;
  const columns: DataColumns<OrderDto> = cancelable
    ? [
        ...baseColumns,
        helper.display({
          id: 'cancel',
          header: '',
          meta: { align: 'right' },
          cell: (info) => {
            const o = info.row.original;
            return (
              <span className="inline-flex">
                {onMove && isProtective(o) ? (
                  <Button
                    {...ROW_BUTTON}
                    onClick={() => onMove(o)}
                    aria-label={`Move ${protectionLabel(o)}`}
                    data-testid="open-order-move"
                  >
                    Move…
                  </Button>
                ) : null}
                <Button
                  {...ROW_BUTTON}
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate({ clientOrderId: o.clientOrderId })}
                  aria-label={`Cancel ${o.symbol} ${KIND[o.type]}`}
                >
                  Cancel
                </Button>
              </span>
            );
          },
        }),
      ]
    : baseColumns;
  return (
    <section
      // The terminal's: narrower cells, so Move… and Cancel side by side fit its order column at 1440 px.
      className={cancelable ? 'flex flex-col gap-1 [&_td]:px-2 [&_th]:px-2' : 'flex flex-col gap-1'}
      aria-label="Open orders"
      data-testid="open-orders"
    >
      <div className="flex items-center gap-2">
        <h3 className="text-xs font-semibold text-muted-foreground">Open orders</h3>
        {cancelable && accountEmail && symbol && ofSymbol > 0 ? (
          <Button
            size="xs"
            variant="outline"
            className="ml-auto max-md:h-10"
            disabled={cancelAll.isPending}
            onClick={() =>
              setConfirmation({
                title: `Cancel all ${orderCount(ofSymbol)} in ${symbol}?`,
                description: `Every resting ${symbol} order of yours on ${accountEmail} is canceled, take-profits and stop-losses too; other symbols' stay.`,
                action: `Cancel all ${symbol}`,
                onConfirm: () => cancelAll.mutate({ accountEmail, symbol }),
              })
            }
            data-testid="cancel-symbol-orders"
          >
            Cancel all {symbol}
          </Button>
        ) : null}
        {cancelable && accountEmail && rows.length > 0 ? (
          <Button
            size="xs"
            variant="outline"
            className={ofSymbol > 0 ? 'max-md:h-10' : 'ml-auto max-md:h-10'}
            disabled={cancelAll.isPending}
            onClick={() =>
              setConfirmation({
                title: `Cancel all ${orderCount(rows.length)}?`,
                description: `Every resting order of yours on ${accountEmail} is canceled, take-profits and stop-losses too.`,
                action: 'Cancel all',
                onConfirm: () => cancelAll.mutate({ accountEmail }),
              })
            }
            data-testid="cancel-all-orders"
          >
            Cancel all
          </Button>
        ) : null}
      </div>
      {open.isError ? (
        <p className="text-xs text-destructive">Could not load the open orders.</p>
      ) : rows.length === 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="open-orders-empty">
          {open.isPending ? 'Loading open orders…' : 'No open orders.'}
        </p>
      ) : (
        <DataTable
          label="Open orders"
          testId="open-orders-table"
          columns={columns}
          data={rows}
          rowLabel={(o) => `${KIND[o.type]} ${o.side} ${o.symbol}`}
          rowTestId={() => 'open-order-row'}
        />
      )}
      {cancelable ? <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} /> : null}
    </section>
  );
}
