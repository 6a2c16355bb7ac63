import { memo, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { formatPrice } from '~/lib/format';
import { ChipPainter, chipTheme, onChipThemeChange } from './chip-canvas';
import { chipDraw, measureContext } from './chip-draw';
import { chipFigures, chipLabel } from './chip-figures';
import type { PriceStore } from './price-store';

export { changeArrow, changeTone, formatChange } from './chip-figures';

export function usePrice(store: PriceStore, symbol: string) {
  return useSyncExternalStore(
    (listener) => store.subscribe(symbol, listener),
    () => store.get(symbol),
  );
}

/**
 * A headline's symbol with its live price and the change since the headline was published. React
 * renders it once; each price tick (once per frame, see PriceStore) has the digits drawn on the
 * chip's canvas (chip-canvas.ts: tinted by the last move, the change in its tone), by the chip worker
 * off the main thread where the browser can (chip-draw.ts) — no re-render, no style recalc, no
 * layout, no text drawing on the main thread — and keeps the chip's accessible name current (`role="img"` + aria-label: an
 * attribute no style rule reads, so writing it invalidates nothing).
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
  const chipRef = useRef<HTMLSpanElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const initialLabel = chipLabel(symbol, chipFigures(store.get(symbol), priceAtPublish));
  useLayoutEffect(() => {
    const chip = chipRef.current!;
    const canvas = canvasRef.current!;
    const draw = chipDraw(canvas);
    const measure = measureContext();
    const painter = draw && measure && new ChipPainter(canvas.style, measure, draw, priceAtPublish !== undefined);
    let label = chip.getAttribute('aria-label');
    const update = () => {
      const figures = chipFigures(store.get(symbol), priceAtPublish);
      painter?.paint(figures, chipTheme(canvas), window.devicePixelRatio || 1);
      const next = chipLabel(symbol, figures);
      if (next !== label) chip.setAttribute('aria-label', (label = next));
    };
    const stopTheme = onChipThemeChange(update);
    update();
    const stop = store.subscribe(symbol, update);
    return () => {
      stop();
      stopTheme();
    };
  }, [store, symbol, priceAtPublish]);
  return (
    <span
      ref={chipRef}
      role="img"
      aria-label={initialLabel}
      className="inline-flex h-5 items-center gap-1 rounded border border-border bg-muted px-1.5 font-mono text-[0.7rem] leading-none"
      data-testid="price-chip"
      data-symbol={symbol}
      title={priceAtPublish ? `${symbol}: ${formatPrice(priceAtPublish)} when published` : symbol}
    >
      <span className="font-semibold text-foreground">{symbol}</span>
      <canvas ref={canvasRef} width={0} height={0} data-testid="chip-figures" />
    </span>
  );
});
