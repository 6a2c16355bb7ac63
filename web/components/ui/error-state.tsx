import { cn } from '~/lib/cn';
import { errorMessage } from '~/lib/http-error';
import { Button } from './button';

/** A part of a page that could not load: what, the server's reason, and Retry (announced as an alert). */
export function ErrorState({
  what,
  error,
  onRetry,
  className,
  testId,
}: {
  /** Completes "Could not load …". */
  what: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
  testId?: string;
}) {
  const reason = errorMessage(error, '');
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-wrap items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive',
        className,
      )}
      data-testid={testId}
    >
      <span>
        Could not load {what}
        {reason ? `: ${reason}` : '.'}
      </span>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** ErrorState for a failed TanStack query: Retry refetches it. */
export function QueryError({
  query,
  ...props
}: { query: { error: unknown; refetch: () => unknown } } & Omit<Parameters<typeof ErrorState>[0], 'error' | 'onRetry'>) {
  return <ErrorState error={query.error} onRetry={() => void query.refetch()} {...props} />;
}
