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
 * The width of a value box in `ch` (font-mono: digits, separators and signs are 1ch; the arrows
 * may come from a fallback font, so anything outside ASCII gets a little slack).
 */
export function valueWidth(text: string) {
  let width = 0;
  for (const ch of text) width += ch.charCodeAt(0) < 128 ? 1 : 1.5;
  return width;
}

/**
 * Widens a value box to fit `text`, never narrows it: the box is a relayout boundary of a fixed
 * size (`.chip-value`, contain: strict), so a tick's new text is laid out inside it alone; only a
 * text longer than any before (a rare extra digit) lays the row out again.
 */
function fit(el: HTMLElement, text: string) {
  const width = valueWidth(text);
  if (width > Number(el.dataset.width ?? 0)) {
    el.dataset.width = String(width);
    el.style.width = `${width}ch`;
  }
}

/**
 * A headline's symbol with its live price and the change since the headline was published. React
 * renders it once; each price tick (once per frame, see PriceStore) writes the two texts straight
 * into the DOM and tints the digits by the last move (data-flash, CSS in styles.css): no re-render,
 * no layout read, and an attribute write only when the direction turns. Both texts sit in fixed-size
 * contained boxes (`.chip-value`), so a new text is laid out and painted inside its box without
 * laying out the row or the document.
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
      fit(priceEl, next.price);
      fit(changeEl, next.change);
      writeText(priceEl, next.price);
      writeText(changeEl, next.change);
      if (changeEl.dataset.tone !== next.tone) changeEl.dataset.tone = next.tone;
      if (next.flash && priceEl.dataset.flash !== next.flash) priceEl.dataset.flash = next.flash;
    };
    fit(priceEl, initial.price);
    fit(changeEl, initial.change);
    // A tick between the render and now.
    if (priceEl.textContent !== chipText(store, symbol, priceAtPublish).price) update();
    return store.subscribe(symbol, update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is this render's text, read once
  }, [store, symbol, priceAtPublish]);
  // Children are single strings: React then sets textContent itself, so the direct writes above
  // and a later render never fight over text nodes. Inline blocks, not flex items: a flex item
  // cannot be a relayout boundary.
  return (
    <span
      className="inline-block h-5 shrink-0 rounded border border-border bg-muted px-1.5 font-mono text-[0.7rem] leading-[1.125rem] whitespace-nowrap"
      data-testid="price-chip"
      data-symbol={symbol}
      title={priceAtPublish ? `${symbol}: ${formatPrice(priceAtPublish)} when published` : symbol}
    >
      <span className="align-top font-semibold text-foreground">{symbol}</span>
      <span ref={priceRef} className="chip-value chip-flash ml-1 text-foreground" data-testid="chip-price">
        {initial.price}
      </span>
      <span
        ref={changeRef}
        className="chip-value ml-1 data-[tone=down]:text-destructive data-[tone=flat]:text-muted-foreground data-[tone=up]:text-success"
        data-testid="chip-change"
        data-tone={initial.tone}
      >
        {initial.change}
      </span>
    </span>
  );
});
