import { memo, useId, type Ref } from 'react';
import { Badge } from '~/components/ui/badge';
import { cn } from '~/lib/cn';
import {
  formatLatency,
  formatNewsTime,
  formatShortAge,
  SOURCE_KIND_LABEL,
  type NewsItem,
  type TimeFormat,
} from '~/lib/news-feed';
import { EDGE, FRESH_TINT, ImportanceBadge } from './importance';
import { SymbolChips } from './symbol-chips';

export interface NewsRowProps {
  item: NewsItem;
  index: number;
  /** -1 while more pages may follow (ARIA feed). */
  setSize: number;
  now: number;
  timeFormat: TimeFormat;
  /** Arrived live a moment ago: tinted by importance, fading out. */
  fresh: boolean;
  active: boolean;
  expanded: boolean;
  sourceName: string | undefined;
  activeSymbols: readonly string[] | undefined;
  onSymbol: (symbol: string) => void;
  onFocusRow: (id: number) => void;
  onToggleExpanded: (id: number) => void;
  start: number;
  ref?: Ref<HTMLElement>;
}

/**
 * One headline of the feed (an ARIA feed article): importance as colour and text, age with the exact
 * time on hover, the title linking to the source in a new tab, symbol chips, source and author, and
 * the delay from publication to reception.
 */
export const NewsRow = memo(function NewsRow({
  item,
  index,
  setSize,
  now,
  timeFormat,
  fresh,
  active,
  expanded,
  sourceName,
  activeSymbols,
  onSymbol,
  onFocusRow,
  onToggleExpanded,
  start,
  ref,
}: NewsRowProps) {
  const titleId = useId();
  const latency = item.receivedAt - item.ts;
  // A Telegram channel's author is often the source's own name: say it once.
  const author = item.author && item.author !== sourceName ? item.author : null;
  const source = sourceName ?? SOURCE_KIND_LABEL[item.sourceKind] ?? item.sourceKind;
  const exact = formatNewsTime(item.ts, timeFormat);
  const latencyTitle = `Published ${formatNewsTime(item.ts, timeFormat, { date: false })}, received ${formatNewsTime(item.receivedAt, timeFormat, { date: false })}`;

  const markers = (
    <>
      {item.onePctMovement ? (
        <Badge
          tone="success"
          title="The price of a symbol moved past its threshold (default 1% within 5 minutes) after publication"
          data-testid="one-pct-marker"
        >
          <span aria-hidden="true">↕</span>1% mover
        </Badge>
      ) : null}
      {item.isTest ? (
        <Badge tone="warning" className="border-dashed" data-testid="test-marker">
          Test
        </Badge>
      ) : null}
      {item.isGarbage ? (
        <Badge tone="neutral" className="border-dashed line-through decoration-muted-foreground/60" data-testid="garbage-marker">
          Garbage
        </Badge>
      ) : null}
    </>
  );

  return (
    <article
      ref={ref}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-labelledby={titleId}
      tabIndex={active ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget || !active) onFocusRow(item.id);
      }}
      onClick={(event) => {
        // A click on empty space selects the row (links and buttons keep their own focus).
        if (event.target === event.currentTarget) event.currentTarget.focus();
      }}
      data-testid="news-row"
      data-news-id={item.id}
      data-importance={item.importance}
      data-fresh={fresh || undefined}
      style={{ transform: `translateY(${start}px)` }}
      className={cn(
        'absolute top-0 left-0 flex w-full flex-col gap-1 border-b border-border px-3 py-2 transition-colors duration-[2000ms] outline-none md:flex-row md:items-start md:gap-3',
        'before:absolute before:inset-y-0 before:left-0 before:w-0.5',
        EDGE[item.importance],
        fresh ? cn(FRESH_TINT[item.importance], 'duration-150') : 'hover:bg-muted/40',
        'focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        (item.isTest || item.isGarbage) && 'opacity-75',
      )}
    >
      <div className="flex items-center gap-2 md:contents">
        <ImportanceBadge importance={item.importance} className="md:mt-px" />
        <time
          dateTime={new Date(item.ts).toISOString()}
          title={exact}
          className="tabular w-9 shrink-0 text-right text-xs text-muted-foreground md:mt-0.5"
          data-testid="news-age"
        >
          {formatShortAge(now - item.ts)}
        </time>
        <span className="ml-auto flex min-w-0 items-baseline gap-2 text-xs text-muted-foreground md:hidden">
          <span className="truncate">
            {source}
            {author ? ` · ${author}` : ''}
          </span>
          <span className="tabular shrink-0" title={latencyTitle}>
            {formatLatency(latency)}
          </span>
        </span>
      </div>

      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 id={titleId} className="min-w-0 text-sm leading-snug font-medium [overflow-wrap:anywhere]">
            {item.url ? (
              <a
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
                tabIndex={active ? 0 : -1}
                className="outline-none hover:text-primary hover:underline hover:underline-offset-2 focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="news-title"
              >
                {item.title}
              </a>
            ) : (
              <span data-testid="news-title">{item.title}</span>
            )}
          </h3>
          <SymbolChips symbols={item.symbols} onSelect={onSymbol} active={activeSymbols} focusable={active} />
          {markers}
          {item.body ? (
            <button
              type="button"
              tabIndex={active ? 0 : -1}
              onClick={() => onToggleExpanded(item.id)}
              aria-expanded={expanded}
              className="rounded px-1 text-xs text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
            >
              {expanded ? 'Less' : 'More'}
            </button>
          ) : null}
        </div>
        {expanded && item.body ? (
          <p className="mt-1 max-w-4xl text-xs leading-relaxed whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
            {item.body}
          </p>
        ) : null}
      </div>

      <div className="hidden shrink-0 items-baseline gap-3 text-xs text-muted-foreground md:mt-0.5 md:flex">
        <span className="max-w-[16rem] truncate" title={author ? `${source} · ${author}` : source} data-testid="news-source">
          {source}
          {author ? <span className="text-muted-foreground/80"> · {author}</span> : null}
        </span>
        <span className="tabular w-12 text-right" title={latencyTitle} data-testid="news-latency">
          {formatLatency(latency)}
        </span>
      </div>
    </article>
  );
});
