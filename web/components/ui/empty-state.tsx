import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** A dashed box that says what is missing and what to do next (docs/PRODUCT-RULES.md §9), with an optional action. */
export function EmptyState({
  title,
  children,
  action,
  className,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <div className={cn('rounded-lg border border-dashed border-border p-6 text-center text-sm', className)} data-testid={testId}>
      <p className="font-medium">{title}</p>
      {children ? <div className="mt-1 text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}
