import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

const tones = {
  destructive: 'border-destructive/40 bg-destructive/10 text-destructive',
  warning: 'border-warning/40 bg-warning/10 text-foreground',
  info: 'border-primary/30 bg-primary/10 text-foreground',
} as const;

/** An inline message box; role="alert" so screen readers announce a form's general error. */
export function Alert({ className, tone = 'destructive', ...props }: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return (
    <div
      role={tone === 'destructive' ? 'alert' : 'status'}
      className={cn('rounded-md border px-3 py-2 text-sm', tones[tone], className)}
      {...props}
    />
  );
}
