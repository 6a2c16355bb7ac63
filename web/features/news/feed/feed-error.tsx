import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { PageHeader } from '~/components/layout/page';
import { Button, buttonClasses } from '~/components/ui/button';
import { errorStatus } from '~/lib/http-error';

/**
 * The news feed's own error page (SPEC.md §2): the feed could not load. Same controls as the generic
 * error screen (Show/Hide Error, Try Again, Go Back) plus a way out of filters that may be the cause.
 */
export function NewsFeedError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const message = error instanceof Error ? error.message : String(error);
  const status = errorStatus(error);

  // Let the failed feed query run again when the page renders anew.
  useEffect(() => {
    queryReset.reset();
  }, [queryReset]);

  return (
    <>
      <PageHeader title="News Feed" />
      <section
        role="alert"
        className="flex flex-col items-center gap-4 rounded-lg border border-dashed border-border px-4 py-14 text-center"
        data-testid="news-feed-error"
      >
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">Something went wrong!</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            The news feed could not be loaded{status ? ` (HTTP ${status})` : ''}. Headlines are still being collected; try again
            in a moment.
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="outline" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
            {open ? 'Hide Error' : 'Show Error'}
          </Button>
          <Button onClick={() => void router.invalidate()}>Try Again</Button>
          <Link to="/news/feed" search={{}} className={buttonClasses({ variant: 'outline' })}>
            Clear filters
          </Link>
          <a
            href="/"
            className={buttonClasses({ variant: 'ghost' })}
            onClick={(event) => {
              event.preventDefault();
              router.history.back();
            }}
          >
            Go Back
          </a>
        </div>
        {open ? (
          <pre
            id={detailsId}
            data-testid="error-message"
            className="w-full max-w-xl overflow-auto rounded-md border border-destructive/40 bg-destructive/10 p-3 text-left font-mono text-xs whitespace-pre-wrap text-destructive"
          >
            {message || 'Unknown error'}
          </pre>
        ) : null}
      </section>
    </>
  );
}
