import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LineStyle, type AutoscaleInfo, type IChartApi, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import type { OrderDto } from '@contract/orders';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { formatPrice } from '~/lib/format';
import { errorMessage } from '~/lib/http-error';
import { orpc } from '~/lib/rpc';
import { OPEN_ORDERS_POLL_MS } from '~/shared/orders/open-orders';
import { useTradingAccountEmail } from './orders/order-queries';

/** How close (px) the pointer must come to a take-profit / stop-loss line to grab it. */
const GRAB_PX = 6;
const COLORS = { TAKE_PROFIT_MARKET: '#22c55e', STOP_MARKET: '#ef4444', LIMIT: '#94a3b8' } as const;

const lineOf = (o: OrderDto) => ({
  price: o.type === 'LIMIT' ? o.price! : o.triggerPrice!,
  title: o.type === 'LIMIT' ? `Limit ${o.side === 'BUY' ? 'buy' : 'sell'}` : o.type === 'STOP_MARKET' ? 'SL' : 'TP',
});
const draggable = (o: OrderDto) => o.type === 'STOP_MARKET' || o.type === 'TAKE_PROFIT_MARKET';
/** A dragged price with the decimals of the order's own (a trigger on the tick stays on it). */
const decimalsOf = (p: number) => (String(p).split('.')[1] ?? '').length;
const nameOf = (o: OrderDto) => (o.type === 'STOP_MARKET' ? 'stop' : 'take-profit');

/**
 * The traded account's resting orders in this symbol as price lines: limits, take-profits and
 * stops. lightweight-charts has no dragging of its own: a pointer pressed within GRAB_PX of a
 * take-profit or stop line takes it (the chart does not pan meanwhile) and moves it with the
 * pointer (coordinateToPrice); on release a dialog asks to move it there (moveProtection: cancel
 * and replace); Cancel, or Escape, puts the line back.
 */
export function ChartOrderLines({
  chart,
  series,
  container,
  symbol,
}: {
  chart: IChartApi;
  series: ISeriesApi<'Candlestick'>;
  container: HTMLElement;
  symbol: string;
}) {
  const queryClient = useQueryClient();
  const accountEmail = useTradingAccountEmail();
  const open = useQuery({
    ...orpc.listOpenOrders.queryOptions({ input: accountEmail ? { accountEmail } : {} }),
    refetchInterval: OPEN_ORDERS_POLL_MS,
  });
  const pair = `${symbol}USDT`;
  const orders = (open.data ?? []).filter((o) => o.symbol === pair && o.status === 'open');
  const ordersKey = orders.map((o) => `${o.id}:${lineOf(o).price}`).join('|');
  const lines = useRef(new Map<string, { line: IPriceLine; order: OrderDto }>());
  const [pending, setPending] = useState<{ order: OrderDto; price: number } | null>(null);

  const move = useMutation({
    ...orpc.moveProtection.mutationOptions(),
    onSuccess: (o) => toast.success(`Moved the ${nameOf(o)} to ${formatPrice(o.triggerPrice ?? 0)}`),
    onError: (error, asked) => {
      toast.error(errorMessage(error, 'The order was not moved'));
      // Back to where the order still is.
      for (const { line, order } of lines.current.values())
        if (order.clientOrderId === asked.orderClientOrderId) line.applyOptions({ price: order.triggerPrice! });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: orpc.listOpenOrders.key() });
      void queryClient.invalidateQueries({ queryKey: orpc.listOrders.key() });
    },
  });

  // The lines, redrawn when the orders change.
  useEffect(() => {
    const drawn = lines.current;
    for (const o of orders) {
      const { price, title } = lineOf(o);
      const line = series.createPriceLine({
        price,
        title,
        color: COLORS[o.type as keyof typeof COLORS] ?? COLORS.LIMIT,
        lineWidth: 2,
        lineStyle: o.type === 'LIMIT' ? LineStyle.Dotted : LineStyle.Dashed,
        axisLabelVisible: true,
      });
      drawn.set(o.id, { line, order: o });
    }
    // The price scale takes the lines in: a stop or take-profit off the candles' range is still seen (and grabbed).
    const prices = orders.map((o) => lineOf(o).price);
    series.applyOptions({
      autoscaleInfoProvider: (base: () => AutoscaleInfo | null) => {
        const info = base();
        if (!info?.priceRange || prices.length === 0) return info;
        const { minValue, maxValue } = info.priceRange;
        return { ...info, priceRange: { minValue: Math.min(minValue, ...prices), maxValue: Math.max(maxValue, ...prices) } };
      },
    });
    return () => {
      for (const { line } of drawn.values()) series.removePriceLine(line);
      drawn.clear();
      series.applyOptions({ autoscaleInfoProvider: undefined });
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ordersKey stands for the orders
  }, [series, ordersKey, container]);

  // Dragging: pointer events on the container, taken before the chart's own (capture).
  useEffect(() => {
    let dragging: { order: OrderDto; line: IPriceLine; pointerId: number } | null = null;
    const yOf = (e: PointerEvent) => e.clientY - container.getBoundingClientRect().top;
    const near = (y: number) =>
      [...lines.current.values()].find(({ order, line }) => {
        const at = series.priceToCoordinate(line.options().price);
        return draggable(order) && at !== null && Math.abs(at - y) <= GRAB_PX;
      });
    const down = (e: PointerEvent) => {
      const hit = near(yOf(e));
      if (!hit || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      container.setPointerCapture(e.pointerId);
      chart.applyOptions({ handleScroll: false, handleScale: false });
      dragging = { ...hit, pointerId: e.pointerId };
    };
    const moveLine = (e: PointerEvent) => {
      if (!dragging) {
        container.style.cursor = near(yOf(e)) ? 'ns-resize' : '';
        return;
      }
      e.stopPropagation();
      const price = series.coordinateToPrice(yOf(e));
      if (price !== null) dragging.line.applyOptions({ price });
    };
    const up = (e: PointerEvent) => {
      if (!dragging) return;
      e.stopPropagation();
      const { order, line } = dragging;
      dragging = null;
      container.releasePointerCapture(e.pointerId);
      chart.applyOptions({ handleScroll: true, handleScale: true });
      const decimals = decimalsOf(order.triggerPrice!);
      const price = Number(line.options().price.toFixed(decimals));
      if (price === order.triggerPrice || !(price > 0)) line.applyOptions({ price: order.triggerPrice! });
      else setPending({ order, price });
    };
    container.addEventListener('pointerdown', down, true);
    container.addEventListener('pointermove', moveLine, true);
    container.addEventListener('pointerup', up, true);
    container.addEventListener('pointercancel', up, true);
    return () => {
      container.removeEventListener('pointerdown', down, true);
      container.removeEventListener('pointermove', moveLine, true);
      container.removeEventListener('pointerup', up, true);
      container.removeEventListener('pointercancel', up, true);
    };
  }, [chart, series, container]);

  const confirmed = useRef(false);
  const close = () => {
    // Not confirmed: the line goes back to where the order is.
    if (pending && !confirmed.current)
      lines.current.get(pending.order.id)?.line.applyOptions({ price: pending.order.triggerPrice! });
    confirmed.current = false;
    setPending(null);
  };
  return (
    <>
      {/* What the lines show, for screen readers and tests. */}
      <ul className="sr-only" aria-label={`${pair} order lines`} data-testid="chart-order-lines">
        {orders.map((o) => (
          <li key={o.id} data-kind={lineOf(o).title} data-price={lineOf(o).price}>
            {lineOf(o).title} at {formatPrice(lineOf(o).price)}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        confirmation={
          pending && {
            title: `Move ${nameOf(pending.order)} to ${formatPrice(pending.price)}?`,
            description: `The ${nameOf(pending.order)} at ${formatPrice(pending.order.triggerPrice ?? 0)} is canceled and a new one placed at ${formatPrice(pending.price)}: a mark-price trigger closing the whole ${pair} position.`,
            action: `Move ${nameOf(pending.order)}`,
            destructive: false,
            onConfirm: () => {
              confirmed.current = true;
              move.mutate({
                orderClientOrderId: pending.order.clientOrderId,
                triggerPrice: pending.price,
                clientOrderId: crypto.randomUUID(),
              });
            },
          }
        }
        onClose={close}
      />
    </>
  );
}
