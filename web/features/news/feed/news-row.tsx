import { memo, useId, type Ref } from 'react';
import { AlsoReportedLine } from '~/shared/news/also-reported';
import type { TimeFormat } from '@contract/enums';
import { Badge } from '~/components/ui/badge';
import { cn } from '~/lib/cn';
import { type NewsItem } from '~/shared/news/news-feed';
import { delayTitle, formatDelay, formatNewsTime, headlineDelay, SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { EDGE, FRESH_TINT, ImportanceBadge } from '~/shared/news/importance';
import { isSimulatedSource } from '@contract/patterns';
import { MoverFlag } from './mover-flag';
import { SymbolChips } from '~/shared/news/symbol-chips';
import { WatchMark } from '~/shared/watchlists/watch-mark';
import { pricesAtPublish, RowPriceChip } from '~/shared/prices/price-context';

export interface NewsRowProps {
  item: NewsItem;
  index: number;
  /** -1 while more pages may follow (ARIA feed). */
  setSize: number;
  /** The age column (`now`, `12s`, `3h`): a string, so a row re-renders only when it changes. */
  age: string;
  timeFormat: TimeFormat;
  /** Arrived live a moment ago: tinted by importance. */
  fresh: boolean;
  /** Arrived live lately: the tint fades out (only such rows have colour transitions at all). */
  fading: boolean;
  /** The desktop layout (≥ md): the source and latency column instead of the compact line. */
  wide: boolean;
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
  age,
  timeFormat,
  fresh,
  fading,
  wide,
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
  const latency = headlineDelay(item);
  // A Telegram channel's author is often the source's own name: say it once.
  const author = item.author && item.author !== sourceName ? item.author : null;
  const source = sourceName ?? SOURCE_KIND_LABEL[item.sourceKind] ?? item.sourceKind;
  const exact = formatNewsTime(item.ts, timeFormat);
  const latencyTitle = delayTitle(item, timeFormat);
  const atPublish = pricesAtPublish(item);

  const badge = <ImportanceBadge importance={item.importance} className={wide ? 'mt-px' : undefined} />;
  const ageLabel = (
    <time
      dateTime={new Date(item.ts).toISOString()}
      title={exact}
      className={cn('tabular w-9 shrink-0 text-right text-xs text-muted-foreground', wide && 'mt-0.5')}
      data-testid="news-age"
    >
      {age}
    </time>
  );

  const markers = (
    <>
      <WatchMark itemId={item.id} />
      <MoverFlag item={item} />
      {isSimulatedSource(item.sourceId) ? (
        <Badge
          tone="neutral"
          className="border-dashed"
          title="Made up by the local news simulator: not real news"
          data-testid="simulated-marker"
        >
          Simulated
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
        // One line of title (leading-5) makes a desktop row exactly ROW_HEIGHT (news-list.tsx).
        'absolute top-0 left-0 flex w-full flex-col gap-1 border-b border-border px-3 py-2 outline-none md:flex-row md:items-start md:gap-3',
        EDGE[item.importance],
        fresh
          ? cn('transition-colors duration-150', FRESH_TINT[item.importance])
          : cn('hover:bg-muted/40', fading && 'transition-colors duration-[2000ms]'),
        'focus-visible:bg-accent/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        (item.isTest || item.isGarbage) && 'opacity-75',
      )}
    >
      {wide ? (
        <>
          {badge}
          {ageLabel}
        </>
      ) : (
        <div className="flex items-center gap-2">
          {badge}
          {ageLabel}
          <span className="ml-auto flex min-w-0 items-baseline gap-2 text-xs text-muted-foreground">
            <span className="truncate">
              {source}
              {author ? ` · ${author}` : ''}
            </span>
            <span className="tabular shrink-0" title={latencyTitle}>
              {formatDelay(latency)}
            </span>
          </span>
        </div>
      )}

      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 id={titleId} className="min-w-0 text-sm leading-5 font-medium [overflow-wrap:anywhere]">
            {item.url && /^https?:\/\//i.test(item.url) ? (
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
          <SymbolChips
            symbols={item.symbols}
            onSelect={onSymbol}
            active={activeSymbols}
            focusable={active}
            renderSymbol={(symbol) => <RowPriceChip symbol={symbol} priceAtPublish={atPublish[symbol]} />}
          />
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
        <AlsoReportedLine
          also={item.alsoReportedBy}
          className="mt-0.5 truncate text-xs text-muted-foreground"
          testId="news-also"
        />
        {expanded && item.body ? (
          <p className="mt-1 max-w-4xl text-xs leading-relaxed whitespace-pre-line text-muted-foreground [overflow-wrap:anywhere]">
            {item.body}
          </p>
        ) : null}
      </div>

      {wide ? (
        <div className="mt-0.5 flex shrink-0 items-baseline gap-3 text-xs text-muted-foreground">
          <span className="max-w-[16rem] truncate" title={author ? `${source} · ${author}` : source} data-testid="news-source">
            {source}
            {author ? <span className="text-muted-foreground/80"> · {author}</span> : null}
          </span>
          <span className="tabular w-12 text-right" title={latencyTitle} data-testid="news-latency">
            {formatDelay(latency)}
          </span>
        </div>
      ) : null}
    </article>
  );
});
