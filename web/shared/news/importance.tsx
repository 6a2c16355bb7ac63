import { Badge } from '~/components/ui/badge';
import type { Importance } from '@contract/enums';
import { cn } from '~/lib/cn';
import { IMPORTANCE_LABEL } from '~/shared/news/news-format';

const TONE = { critical: 'destructive', high: 'warning', medium: 'primary', low: 'neutral' } as const;

/** Importance as colour AND text (never colour alone, docs/PRODUCT-RULES.md §9); critical also gets a mark. */
export function ImportanceBadge({ importance, className }: { importance: Importance; className?: string }) {
  return (
    <Badge
      tone={TONE[importance]}
      className={cn('w-[4.25rem] justify-center font-semibold', className)}
      data-importance={importance}
      data-testid="importance-badge"
    >
      {importance === 'critical' ? <span aria-hidden="true">!</span> : null}
      {IMPORTANCE_LABEL[importance]}
    </Badge>
  );
}

/** Row tint of an item that just arrived, by importance (the highlight of the general settings). */
export const FRESH_TINT: Record<Importance, string> = {
  critical: 'bg-destructive/12',
  high: 'bg-warning/12',
  medium: 'bg-primary/10',
  low: 'bg-accent/70',
};

/**
 * A thin bar on the left edge of critical and high rows: an inset shadow (it composes with the focus
 * ring), not a pseudo-element, so a row costs one box less to style, lay out and paint.
 */
export const EDGE: Record<Importance, string> = {
  critical: 'shadow-[inset_2px_0_0_var(--color-destructive)]',
  high: 'shadow-[inset_2px_0_0_var(--color-warning)]',
  medium: '',
  low: '',
};
