import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** An inline message box; role="alert" so screen readers announce a form's general error. */
export function Alert({ className, tone = 'destructive', ...props }: ComponentProps<'div'> & { tone?: 'destructive' | 'info' }) {
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        tone === 'destructive'
          ? 'border-destructive/40 bg-destructive/10 text-destructive'
          : 'border-primary/30 bg-primary/10 text-foreground',
        className,
      )}
      {...props}
    />
  );
}
