import { useQuery } from '@tanstack/react-query';
import { LineStyle, type AutoscaleInfo, type IChartApi, type IPriceLine, type ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { OrderDto } from '@contract/orders';
import { formatPrice } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { isProtective, OPEN_ORDERS_POLL_MS } from '~/shared/orders/open-orders';
import { askMove, useMoveDraft } from './orders/move-draft';
import { useTradingAccountEmail } from './orders/order-queries';
import { decimalsOf } from './orders/tick-step';

/** How close (px) the pointer must come to a take-profit / stop-loss line to grab it: a finger is less precise than a mouse. */
const GRAB_PX = { mouse: 6, touch: 16 } as const;
const COLORS = { TAKE_PROFIT_MARKET: '#22c55e', STOP_MARKET: '#ef4444', LIMIT: '#94a3b8' } as const;

const lineOf = (o: OrderDto) => ({
  price: o.type === 'LIMIT' ? o.price! : o.triggerPrice!,
  title: o.type === 'LIMIT' ? `Limit ${o.side === 'BUY' ? 'buy' : 'sell'}` : o.type === 'STOP_MARKET' ? 'SL' : 'TP',
});

/**
 * The traded account's resting orders in this symbol as price lines: limits, take-profits and
 * stops. lightweight-charts has no dragging of its own: a pointer (mouse, pen or finger) pressed
 * within GRAB_PX of a take-profit or stop line takes it (the chart neither pans nor scrolls the page
 * meanwhile: the container is touch-action none, the chart's own touch panning off) and moves it with the pointer
 * (coordinateToPrice); on release the confirmation asks to move it there (ProtectionMove:
 * moveProtection, cancel and replace). A move from the keyboard (the Move dialog) shows here too: the
 * line follows its price. Cancel, Escape or an error puts the line back.
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
  const accountEmail = useTradingAccountEmail();
  const open = useQuery({
    ...orpc.listOpenOrders.queryOptions({ input: accountEmail ? { accountEmail } : {} }),
    refetchInterval: OPEN_ORDERS_POLL_MS,
  });
  const pair = `${symbol}USDT`;
  const orders = (open.data ?? []).filter((o) => o.symbol === pair && o.status === 'open');
  const ordersKey = orders.map((o) => `${o.id}:${lineOf(o).price}`).join('|');
  const lines = useRef(new Map<string, { line: IPriceLine; order: OrderDto }>());
  const draft = useMoveDraft();

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

  // A move being asked or typed shows on its line; none (canceled, failed, done): each line at its order.
  useEffect(() => {
    for (const { line, order } of lines.current.values())
      line.applyOptions({ price: draft?.order.id === order.id ? draft.price : lineOf(order).price });
  }, [draft, ordersKey]);

  // Dragging: pointer events on the container, taken before the chart's own (capture).
  useEffect(() => {
    let dragging: { order: OrderDto; line: IPriceLine; pointerId: number } | null = null;
    const yOf = (e: PointerEvent) => e.clientY - container.getBoundingClientRect().top;
    const near = (y: number, pointerType: string) =>
      [...lines.current.values()].find(({ order, line }) => {
        const at = series.priceToCoordinate(line.options().price);
        const reach = pointerType === 'mouse' ? GRAB_PX.mouse : GRAB_PX.touch;
        return isProtective(order) && at !== null && Math.abs(at - y) <= reach;
      });
    const down = (e: PointerEvent) => {
      const hit = near(yOf(e), e.pointerType);
      if (!hit || e.button !== 0) return;
      e.preventDefault();
      e.stopPropagation();
      container.setPointerCapture(e.pointerId);
      // The chart's own panning off (its touch handlers see touches, not pointers).
      chart.applyOptions({ handleScroll: false, handleScale: false });
      dragging = { ...hit, pointerId: e.pointerId };
    };
    const moveLine = (e: PointerEvent) => {
      if (!dragging) {
        if (e.pointerType === 'mouse') container.style.cursor = near(yOf(e), e.pointerType) ? 'ns-resize' : '';
        return;
      }
      if (e.pointerId !== dragging.pointerId) return;
      e.stopPropagation();
      const price = series.coordinateToPrice(yOf(e));
      if (price !== null) dragging.line.applyOptions({ price });
    };
    const up = (e: PointerEvent) => {
      if (!dragging || e.pointerId !== dragging.pointerId) return;
      e.stopPropagation();
      const { order, line } = dragging;
      dragging = null;
      if (container.hasPointerCapture(e.pointerId)) container.releasePointerCapture(e.pointerId);
      chart.applyOptions({ handleScroll: true, handleScale: true });
      const price = Number(line.options().price.toFixed(decimalsOf(order.triggerPrice!)));
      // Canceled by the browser, not put down, or put back: the line goes back to the order.
      if (e.type === 'pointercancel' || price === order.triggerPrice || !(price > 0))
        line.applyOptions({ price: order.triggerPrice! });
      else askMove(order, price);
    };
    // A finger on a line drags it, never the page under it: the container is touch-action none (ChartPanel),
    // and a browser without it has the touch's moves held here.
    const holdPage = (e: TouchEvent) => {
      if (dragging && e.cancelable) e.preventDefault();
    };
    container.addEventListener('pointerdown', down, true);
    container.addEventListener('pointermove', moveLine, true);
    container.addEventListener('pointerup', up, true);
    container.addEventListener('pointercancel', up, true);
    container.addEventListener('touchmove', holdPage, { capture: true, passive: false });
    return () => {
      container.removeEventListener('pointerdown', down, true);
      container.removeEventListener('pointermove', moveLine, true);
      container.removeEventListener('pointerup', up, true);
      container.removeEventListener('pointercancel', up, true);
      container.removeEventListener('touchmove', holdPage, true);
    };
  }, [chart, series, container]);

  return (
    /* What the lines show, for screen readers and tests. */
    <ul className="sr-only" aria-label={`${pair} order lines`} data-testid="chart-order-lines">
      {orders.map((o) => (
        <li
          key={o.id}
          data-kind={lineOf(o).title}
          data-price={lineOf(o).price}
          data-moving-to={draft?.order.id === o.id ? draft.price : undefined}
        >
          {lineOf(o).title} at {formatPrice(lineOf(o).price)}
          {draft?.order.id === o.id ? `, moving to ${formatPrice(draft.price)}` : ''}
        </li>
      ))}
    </ul>
  );
}
