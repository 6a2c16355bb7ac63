import { cn } from '~/lib/cn';
import { WATCH_BADGE, WATCH_DOT } from './watch-colors';
import { useWatchHitLists } from './watch-store';

/** The user's lists a headline hit, each as a badge in its colour (nothing when none). */
export function WatchMark({ itemId }: { itemId: number }) {
  const lists = useWatchHitLists(itemId);
  if (lists.length === 0) return null;
  return (
    <>
      {lists.map((list) => (
        <span
          key={list.id}
          className={cn(
            'inline-flex items-center gap-1 rounded-md border px-1.5 text-xs leading-5 font-medium',
            WATCH_BADGE[list.color],
          )}
          title={`On your watchlist “${list.name}”`}
          data-testid="watch-mark"
        >
          <span aria-hidden="true" className={cn('size-1.5 rounded-full', WATCH_DOT[list.color])} />
          {list.name}
        </span>
      ))}
    </>
  );
}
