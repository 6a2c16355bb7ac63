import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { cn } from '~/lib/cn';
import { formatAgo, formatDateTime } from '~/lib/format';
import { useNow } from '~/lib/use-now';
import { permissions, userQuery } from '~/lib/user-query';

/**
 * Pieces shared by the news settings pages. Shared configuration is read by every approved user and
 * changed by admins only: the server enforces it, the pages hide the edit controls for others.
 */
export function useCanEdit() {
  const { data: user } = useQuery(userQuery);
  return permissions(user).admin;
}

/** A titled block of a settings page, with its actions on the right. */
export function SettingsSection({
  title,
  description,
  actions,
  children,
  className,
  testId,
  level = 2,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
  level?: 2 | 3;
}) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className={cn('grid content-start gap-3', className)} data-testid={testId}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="min-w-0">
          <Heading id={id} className={cn('font-semibold', level === 2 ? 'text-base' : 'text-sm')}>
            {title}
          </Heading>
          {description ? <p className="mt-0.5 max-w-3xl text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

/** Said once per page to users who cannot edit shared configuration. */
export function ReadOnlyNote({ what = 'this configuration' }: { what?: string }) {
  return (
    <p
      className="rounded-md border border-border bg-muted/50 px-3 py-2 text-xs text-muted-foreground"
      role="note"
      data-testid="read-only-note"
    >
      You can view {what}; only admins can change it.
    </p>
  );
}

/** Loading rows, an error with Retry, or the content of a settings query. */
export function QueryState<T>({
  query,
  label,
  children,
  rows = 3,
}: {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
  rows?: number;
}) {
  if (query.isPending) {
    return (
      <div className="grid gap-2 rounded-lg border border-border p-3" aria-busy="true" data-testid="settings-loading">
        <span className="sr-only" role="status">
          Loading {label}…
        </span>
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-6" />
        ))}
      </div>
    );
  }
  if (query.isError) return <QueryError query={query} what={label} />;
  return <>{children(query.data)}</>;
}

/** A field error under a control. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}

/** "—" for a missing value. */
export const dash = <span className="text-muted-foreground">—</span>;

/** "2m 05s ago" (ticking), the exact time on hover; a dash when it never happened. */
export function Ago({ ts }: { ts: number | null }) {
  const now = useNow();
  if (!ts) return dash;
  return (
    <span className="tabular" title={formatDateTime(ts, { seconds: true })}>
      {formatAgo(now - ts)}
    </span>
  );
}
