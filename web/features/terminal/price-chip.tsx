import { memo, useSyncExternalStore } from 'react';
import { cn } from '~/lib/cn';
import { formatPrice, MINUS } from '~/lib/format';
import { changePercent, type PriceStore } from './price-store';

export function formatChange(percent: number | undefined) {
  if (percent === undefined) return '—';
  const rounded = Math.abs(percent) < 0.005 ? 0 : percent;
  const sign = rounded > 0 ? '+' : rounded < 0 ? MINUS : '';
  return `${sign}${Math.abs(rounded).toFixed(2)}%`;
}

export const changeTone = (percent: number | undefined) =>
  percent === undefined || Math.abs(percent) < 0.005
    ? 'text-muted-foreground'
    : percent > 0
      ? 'text-success'
      : 'text-destructive';

export const changeArrow = (percent: number | undefined) =>
  percent === undefined || Math.abs(percent) < 0.005 ? '' : percent > 0 ? '▲' : '▼';

export function usePrice(store: PriceStore, symbol: string) {
  return useSyncExternalStore(
    (listener) => store.subscribe(symbol, listener),
    () => store.get(symbol),
  );
}

/**
 * A headline's symbol with its live price and the change since the headline was published; it
 * flashes green or red when the price moves (the key restarts the animation on each change).
 */
export const PriceChip = memo(function PriceChip({
  store,
  symbol,
  priceAtPublish,
}: {
  store: PriceStore;
  symbol: string;
  priceAtPublish: number | undefined;
}) {
  const point = usePrice(store, symbol);
  const change = changePercent(priceAtPublish, point?.price);
  const flash = point?.previous === undefined ? null : point.price > point.previous ? 'bg-success/35' : 'bg-destructive/35';
  return (
    <span
      className="inline-flex h-5 items-center gap-1 rounded border border-border bg-muted px-1.5 font-mono text-[0.7rem] leading-none"
      data-testid="price-chip"
      data-symbol={symbol}
      title={priceAtPublish ? `${symbol}: ${formatPrice(priceAtPublish)} when published` : symbol}
    >
      <span className="font-semibold text-foreground">{symbol}</span>
      <span
        key={point?.ts}
        className={cn('tabular rounded-sm px-0.5 text-right text-foreground', flash)}
        data-testid="chip-price"
      >
        {point ? formatPrice(point.price) : '…'}
      </span>
      <span className={cn('tabular text-right', changeTone(change))} data-testid="chip-change">
        {changeArrow(change)}
        {formatChange(change)}
      </span>
    </span>
  );
});
