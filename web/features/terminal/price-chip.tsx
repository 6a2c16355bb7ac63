import { memo, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
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

/** The change span's tone as a data attribute (styled by data variants), so a tick can set it without React. */
const toneOf = (percent: number | undefined) =>
  percent === undefined || Math.abs(percent) < 0.005 ? 'flat' : percent > 0 ? 'up' : 'down';

function chipText(store: PriceStore, symbol: string, priceAtPublish: number | undefined) {
  const point = store.get(symbol);
  const change = changePercent(priceAtPublish, point?.price);
  return {
    price: point ? formatPrice(point.price) : '…',
    change: `${changeArrow(change)}${formatChange(change)}`,
    tone: toneOf(change),
    flash: point?.previous === undefined ? undefined : point.price > point.previous ? 'up' : 'down',
  };
}

/**
 * Sets an element's text through its one Text node's `data`: the node (and its layout object) stays,
 * so the next frame reshapes that text alone. `textContent =` would remove the node and insert a new
 * one, which costs a style recalc and new layout objects for every chip on every tick.
 */
export function writeText(el: HTMLElement, text: string) {
  const node = el.firstChild;
  if (node instanceof Text && node === el.lastChild) {
    if (node.data !== text) node.data = text;
  } else if (el.textContent !== text) el.textContent = text;
}

/**
 * A headline's symbol with its live price and the change since the headline was published. React
 * renders it once; each price tick (once per frame, see PriceStore) writes the two texts straight
 * into the DOM and tints the digits by the last move (data-flash, CSS in styles.css): no re-render,
 * no layout read, and an attribute write only when the direction turns.
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
  const priceRef = useRef<HTMLSpanElement>(null);
  const changeRef = useRef<HTMLSpanElement>(null);
  const initial = chipText(store, symbol, priceAtPublish);
  useLayoutEffect(() => {
    const priceEl = priceRef.current!;
    const changeEl = changeRef.current!;
    const update = () => {
      const next = chipText(store, symbol, priceAtPublish);
      // Only what differs: every attribute written is a style invalidation in the next frame.
      writeText(priceEl, next.price);
      writeText(changeEl, next.change);
      if (changeEl.dataset.tone !== next.tone) changeEl.dataset.tone = next.tone;
      if (next.flash && priceEl.dataset.flash !== next.flash) priceEl.dataset.flash = next.flash;
    };
    // A tick between the render and now.
    if (priceEl.textContent !== chipText(store, symbol, priceAtPublish).price) update();
    return store.subscribe(symbol, update);
  }, [store, symbol, priceAtPublish]);
  // Children are single strings: React then sets textContent itself, so the direct writes above
  // and a later render never fight over text nodes.
  return (
    <span
      className="inline-flex h-5 items-center gap-1 rounded border border-border bg-muted px-1.5 font-mono text-[0.7rem] leading-none"
      data-testid="price-chip"
      data-symbol={symbol}
      title={priceAtPublish ? `${symbol}: ${formatPrice(priceAtPublish)} when published` : symbol}
    >
      <span className="font-semibold text-foreground">{symbol}</span>
      <span ref={priceRef} className="chip-flash tabular rounded-sm px-0.5 text-right text-foreground" data-testid="chip-price">
        {initial.price}
      </span>
      <span
        ref={changeRef}
        className="tabular text-right data-[tone=down]:text-destructive data-[tone=flat]:text-muted-foreground data-[tone=up]:text-success"
        data-testid="chip-change"
        data-tone={initial.tone}
      >
        {initial.change}
      </span>
    </span>
  );
});
