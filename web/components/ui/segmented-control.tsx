import { cn } from '~/lib/cn';

export interface Segment<T> {
  value: T;
  label: string;
  title?: string;
  testId?: string;
}

/** A row of toggle buttons of which one is pressed (a filter, a display mode, a date range preset). */
export function SegmentedControl<T extends string | boolean>({
  label,
  options,
  value,
  onChange,
  size = 'sm',
  className,
}: {
  /** Names the group for screen readers. */
  label: string;
  options: Segment<T>[];
  /** The pressed segment; none when it matches no option. */
  value: T | null;
  onChange: (value: T) => void;
  /** xs: h-6, the compact header controls of the dashboard panes. */
  size?: 'xs' | 'sm';
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('inline-flex rounded-md border border-border bg-muted p-0.5', className)}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <button
            key={String(option.value)}
            type="button"
            title={option.title}
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
            className={cn(
              'rounded text-xs font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              size === 'xs' ? 'h-6 px-2' : 'h-7 px-3',
              pressed ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
            data-testid={option.testId}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
