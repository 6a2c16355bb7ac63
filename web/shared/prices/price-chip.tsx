import { memo, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { cn } from '~/lib/cn';
import { ChipPainter, chipTheme, onChipThemeChange } from './chip-canvas';
import { chipDraw, measureContext } from './chip-draw';
import { chipFigures, chipLabel, chipTitle } from './chip-figures';
import { isListedIn, useMarketContext, type Market } from './market';
import type { PriceStore } from './price-store';

export { changeArrow, changeTone, formatChange } from './chip-figures';

export function usePrice(store: PriceStore, symbol: string) {
  return useSyncExternalStore(
    (listener) => store.subscribe(symbol, listener),
    () => store.get(symbol),
  );
}

/**
 * A headline's symbol with its live price and the change since the headline was published; a
 * symbol the market does not list gets a "no market" chip instead (no price is made up for it).
 */
export const PriceChip = memo(function PriceChip(props: {
  store: PriceStore;
  symbol: string;
  priceAtPublish: number | undefined;
}) {
  const market = useMarketContext();
  if (isListedIn(market, props.symbol) === false) return <NoMarketChip symbol={props.symbol} market={market!} />;
  return <LivePriceChip {...props} simulated={market?.source === 'simulated'} />;
});

function NoMarketChip({ symbol, market }: { symbol: string; market: Market }) {
  const where = market.source === 'simulated' ? 'the simulated market' : 'Binance USDⓈ-M futures';
  return (
    <span
      className="inline-flex h-5 items-center gap-1 rounded border border-dashed border-border px-1.5 font-mono text-[0.7rem] leading-none text-muted-foreground"
      data-testid="price-chip"
      data-symbol={symbol}
      data-market="none"
      title={`${symbol} is not listed on ${where}: no price`}
    >
      <span className="font-semibold">{symbol}</span>
      <span className="font-sans">no market</span>
    </span>
  );
}

/**
 * React renders it once; each price tick (once per frame, see PriceStore) has the digits drawn on
 * the chip's canvas (chip-canvas.ts: tinted by the last move, the change in its tone), by the chip
 * worker off the main thread where the browser can (chip-draw.ts) — no re-render, no style recalc,
 * no layout, no text drawing on the main thread — and keeps the chip's accessible name current
 * (`role="img"` + aria-label: an attribute no style rule reads, so writing it invalidates nothing).
 */
function LivePriceChip({
  store,
  symbol,
  priceAtPublish,
  simulated,
}: {
  store: PriceStore;
  symbol: string;
  priceAtPublish: number | undefined;
  simulated: boolean;
}) {
  const chipRef = useRef<HTMLSpanElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const initialLabel = chipLabel(symbol, chipFigures(store.get(symbol), priceAtPublish), simulated);
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
      const next = chipLabel(symbol, figures, simulated);
      if (next !== label) chip.setAttribute('aria-label', (label = next));
    };
    const stopTheme = onChipThemeChange(update);
    update();
    const stop = store.subscribe(symbol, update);
    return () => {
      stop();
      stopTheme();
    };
  }, [store, symbol, priceAtPublish, simulated]);
  return (
    <span
      ref={chipRef}
      role="img"
      aria-label={initialLabel}
      className={cn(
        'inline-flex h-5 items-center gap-1 rounded border border-border bg-muted px-1.5 font-mono text-[0.7rem] leading-none',
        // A simulated price looks a little provisional too (the tooltip and the name say why).
        simulated && 'border-dashed',
      )}
      data-testid="price-chip"
      data-symbol={symbol}
      data-simulated={simulated || undefined}
      title={chipTitle(symbol, priceAtPublish, simulated)}
    >
      <span className="font-semibold text-foreground">{symbol}</span>
      <canvas ref={canvasRef} width={0} height={0} data-testid="chip-figures" />
    </span>
  );
}
