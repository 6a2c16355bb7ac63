import { cn } from '~/lib/cn';

/**
 * "My watchlists": only the headlines that hit the user's own lists (the server filters on its hit
 * table, so older pages page through hits only). The count is of the hits in the list as loaded:
 * "+" while older pages are still to come.
 */
export function WatchOnlyToggle({
  pressed,
  hits,
  more,
  onToggle,
}: {
  pressed: boolean;
  hits: number;
  more: boolean;
  onToggle: () => void;
}) {
  const count = `${hits.toLocaleString('en-US')}${more ? '+' : ''}`;
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-keyshortcuts="w"
      onClick={onToggle}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-md border border-input px-2.5 text-xs font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        pressed && 'border-primary/40 bg-primary/10 text-primary hover:text-primary',
      )}
      title={`Only headlines that hit your watchlists (w). ${count} in the headlines loaded here.`}
      data-testid="watch-only-filter"
    >
      <span aria-hidden="true">★</span>My watchlists
      <span className="tabular rounded bg-primary/15 px-1 text-primary" data-testid="watch-only-count">
        {count}
        <span className="sr-only"> {hits === 1 ? 'hit' : 'hits'} loaded</span>
      </span>
    </button>
  );
}
