import { Link, rootRouteId, useMatch, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';

/**
 * SPEC.md §2 generic error screen (the router's default errorComponent): a Show/Hide Error toggle
 * revealing the message, Try Again (router.invalidate() re-runs the loaders and clears the error),
 * and Home on the root route or Go Back elsewhere.
 */
export function ErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const isRoot = useMatch({ strict: false, select: (match) => match.routeId === rootRouteId });
  const message = error instanceof Error ? error.message : String(error);

  return (
    <section
      role="alert"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center"
      data-testid="error-screen"
    >
      <h1 className="text-xl font-semibold">Something went wrong!</h1>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide Error' : 'Show Error'}
        </Button>
        <Button onClick={() => void router.invalidate()}>Try Again</Button>
        {isRoot ? (
          <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
            Home
          </Link>
        ) : (
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
        )}
      </div>
      {open ? (
        <pre
          id={detailsId}
          data-testid="error-message"
          className="w-full overflow-auto rounded-md border border-destructive/40 bg-destructive/10 p-3 text-left font-mono text-xs whitespace-pre-wrap text-destructive"
        >
          {message || 'Unknown error'}
        </pre>
      ) : null}
    </section>
  );
}
