import { Link, useRouter } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { Button, buttonClasses } from '~/components/ui/button';
import { cn } from '~/lib/cn';

/**
 * The controls of the error screens: 'Show Error' / 'Hide Error' revealing the message,
 * 'Try Again' (router.invalidate() re-runs the loaders and clears the error), then `extra`, then
 * 'Home' on the root route or 'Go Back' (browser history) elsewhere.
 */
export function ErrorActions({
  error,
  home = false,
  extra,
  className,
}: {
  error: unknown;
  home?: boolean;
  extra?: ReactNode;
  className?: string;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const message = error instanceof Error ? error.message : String(error);

  return (
    <>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="outline" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide Error' : 'Show Error'}
        </Button>
        <Button onClick={() => void router.invalidate()}>Try Again</Button>
        {extra}
        {home ? (
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
          className={cn(
            'w-full overflow-auto rounded-md border border-destructive/40 bg-destructive/10 p-3 text-left font-mono text-xs whitespace-pre-wrap text-destructive',
            className,
          )}
        >
          {message || 'Unknown error'}
        </pre>
      ) : null}
    </>
  );
}
