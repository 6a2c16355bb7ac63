import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { flashTint } from '~/lib/flash-tint';
import { cn } from '~/lib/cn';
import {
  direction,
  formatAgo,
  formatDateTime,
  formatExact,
  formatLeverage,
  formatPercent,
  formatPrice,
  formatUsd,
} from '~/lib/format';
import { useNow } from '~/lib/use-now';
import type { MetricKind } from '~/shared/accounts/metrics';

/**
 * PnL: green/red with a sign and an arrow, never colour alone (docs/PRODUCT-RULES.md §9). Live figures' exact
 * values are hover titles set on demand (web/lib/hover-title.ts).
 */
export function Pnl({
  value,
  percent = false,
  compact = false,
  className,
}: {
  value: number;
  percent?: boolean;
  compact?: boolean;
  className?: string;
}) {
  const dir = direction(value);
  const text = percent ? formatPercent(value) : formatUsd(value, { compact, signed: true });
  return (
    <span
      className={cn(
        'tabular inline-flex items-baseline gap-1 whitespace-nowrap',
        dir === 'up' && 'text-success',
        dir === 'down' && 'text-destructive',
        className,
      )}
      data-hover-title={percent ? `${formatExact(value)} %` : `${formatExact(value)} USD`}
      data-direction={dir}
    >
      <span>{text}</span>
      {dir === 'flat' ? null : (
        <span aria-hidden="true" className="text-[0.7em]">
          {dir === 'up' ? '▲' : '▼'}
        </span>
      )}
    </span>
  );
}

/** One metric value formatted by its kind; large USD amounts abbreviated with the exact value on hover. */
export function MetricValue({
  kind,
  value,
  compact = true,
  className,
}: {
  kind: MetricKind;
  value: number | null | undefined;
  compact?: boolean;
  className?: string;
}) {
  if (kind === 'leverage') {
    return (
      <span
        className={cn('tabular whitespace-nowrap', className)}
        data-hover-title={value === null || value === undefined ? 'No leverage: equity is zero or negative' : formatExact(value)}
      >
        {formatLeverage(value)}
      </span>
    );
  }
  if (value === null || value === undefined) return <span className={cn('text-muted-foreground', className)}>—</span>;
  if (kind === 'pnl') return <Pnl value={value} compact={compact} className={className} />;
  const text = kind === 'price' ? `$${formatPrice(value)}` : formatUsd(value, { compact });
  return (
    <span className={cn('tabular whitespace-nowrap', className)} data-hover-title={`${formatExact(value)} USD`}>
      {text}
    </span>
  );
}

/**
 * Flashes its content when `value` changes: a short green tint and ↑ when it went up, red and ↓
 * when it went down (data-flash, drawn by CSS). The arrow keeps its place, so numbers do not jump.
 * The tint is written straight onto the element after the commit (flashTint): the change renders
 * the value once, with no state update, no remount and no animation frames.
 */
export function FlashValue({
  value,
  children,
  className,
  ...props
}: {
  value: number | null | undefined;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const seen = useRef(value);
  useLayoutEffect(() => {
    const before = seen.current;
    seen.current = value;
    if (typeof value === 'number' && typeof before === 'number' && value !== before)
      flashTint(ref.current!, value > before ? 'up' : 'down');
  }, [value]);
  return (
    <span ref={ref} className={cn('flash-value -mx-1 inline-flex items-baseline gap-0.5 rounded px-1', className)} {...props}>
      {children}
      <span aria-hidden="true" className="flash-arrow w-[0.8em] text-[0.75em] font-semibold">
        {'\u00a0'}
      </span>
    </span>
  );
}

/** "Updated 42s ago", turning into a warning once the data is older than `staleAfterMs`. */
export function DataAge({
  ts,
  staleAfterMs,
  label = 'Updated',
  className,
  ...props
}: {
  ts: number | null | undefined;
  staleAfterMs: number;
  label?: string;
  className?: string;
  'data-testid'?: string;
}) {
  const now = useNow();
  if (ts === null || ts === undefined) {
    return (
      <span className={cn('text-xs text-muted-foreground', className)} {...props}>
        No update yet
      </span>
    );
  }
  const age = now - ts;
  const stale = age > staleAfterMs;
  return (
    <span
      className={cn('tabular text-xs whitespace-nowrap', stale ? 'font-medium text-warning' : 'text-muted-foreground', className)}
      title={formatDateTime(ts, { seconds: true })}
      data-stale={stale || undefined}
      {...props}
    >
      {stale ? 'Stale · ' : ''}
      {label} {formatAgo(age)}
    </span>
  );
}

/** Greys its content once the data is older than `staleAfterMs` (only this wrapper re-renders each second). */
export function StaleFrame({
  ts,
  staleAfterMs,
  children,
  className,
}: {
  ts: number | null | undefined;
  staleAfterMs: number;
  children: ReactNode;
  className?: string;
}) {
  const now = useNow();
  const stale = ts !== null && ts !== undefined && now - ts > staleAfterMs;
  return (
    <div className={cn('transition-opacity', stale && 'opacity-55 saturate-50', className)} data-stale={stale || undefined}>
      {children}
    </div>
  );
}
