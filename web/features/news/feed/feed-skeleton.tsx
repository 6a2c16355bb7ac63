import { Skeleton } from '~/components/ui/skeleton';

/** The feed's first load: rows of placeholders the size of headlines. */
export function FeedSkeleton() {
  return (
    <div
      className="min-h-0 flex-1 overflow-hidden rounded-lg border border-border bg-card"
      data-testid="news-loading"
      aria-busy="true"
    >
      <span className="sr-only" role="status">
        Loading headlines…
      </span>
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 border-b border-border px-3 py-2.5">
          <Skeleton className="h-4 w-[4.25rem]" />
          <Skeleton className="h-3 w-8" />
          <Skeleton className="h-4 flex-1" style={{ maxWidth: `${40 + ((i * 37) % 45)}%` }} />
          <Skeleton className="ml-auto hidden h-3 w-28 md:block" />
        </div>
      ))}
    </div>
  );
}
