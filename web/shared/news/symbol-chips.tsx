import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

const chipClass =
  'inline-flex h-5 items-center rounded border border-border bg-muted px-1.5 font-mono text-[0.7rem] leading-none font-medium text-foreground';

/**
 * The symbols of a headline as small chips. With `onSelect`, each chip is a button that adds the
 * symbol to the feed's filter.
 */
export function SymbolChips({
  symbols,
  onSelect,
  active,
  focusable = true,
  className,
  renderSymbol,
}: {
  symbols: readonly string[];
  onSelect?: (symbol: string) => void;
  /** Symbols already in the filter (shown pressed). */
  active?: readonly string[];
  /** In a feed row only the current row's controls are in the Tab order. */
  focusable?: boolean;
  className?: string;
  /** What a chip shows instead of the bare symbol (the feed: a live price chip, which brings its own frame). */
  renderSymbol?: (symbol: string) => ReactNode;
}) {
  if (!symbols.length) return null;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1', className)} data-testid="symbol-chips">
      {symbols.map((symbol) =>
        onSelect ? (
          <button
            key={symbol}
            type="button"
            tabIndex={focusable ? undefined : -1}
            onClick={(event) => {
              event.stopPropagation();
              onSelect(symbol);
            }}
            aria-pressed={active?.includes(symbol) ?? false}
            title={`Show only ${symbol} news`}
            className={cn(
              renderSymbol ? 'inline-flex rounded aria-pressed:ring-1 aria-pressed:ring-primary/60' : chipClass,
              'cursor-pointer outline-none hover:border-primary/50 hover:text-primary focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-primary/50 aria-pressed:bg-primary/10 aria-pressed:text-primary',
            )}
            data-symbol={symbol}
          >
            {renderSymbol ? renderSymbol(symbol) : symbol}
          </button>
        ) : (
          <span key={symbol} className={renderSymbol ? 'inline-flex' : chipClass} data-symbol={symbol}>
            {renderSymbol ? renderSymbol(symbol) : symbol}
          </span>
        ),
      )}
    </span>
  );
}
