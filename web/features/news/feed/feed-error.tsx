import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorActions } from '~/components/layout/error-actions';
import { PageHeader } from '~/components/layout/page';
import { buttonClasses } from '~/components/ui/button';
import { errorStatus } from '~/lib/http-error';

/**
 * The news feed's own error page: the feed could not load. Same controls as the generic
 * error screen (Show/Hide Error, Try Again, Go Back) plus a way out of filters that may be the cause.
 */
export function NewsFeedError({ error }: ErrorComponentProps) {
  const queryReset = useQueryErrorResetBoundary();
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
        <ErrorActions
          error={error}
          className="max-w-xl"
          extra={
            <Link to="/news/feed" search={{}} className={buttonClasses({ variant: 'outline' })}>
              Clear filters
            </Link>
          }
        />
      </section>
    </>
  );
}
