import { memo } from 'react';
import { AlsoReportedLine } from '~/shared/news/also-reported';
import { isSimulatedSource } from '@contract/patterns';
import { cn } from '~/lib/cn';
import { type NewsItem } from '~/shared/news/news-feed';
import { formatDelay, formatShortAge, SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { useNowDerived } from '~/lib/use-now';
import { EDGE, FRESH_TINT, ImportanceBadge } from '~/shared/news/importance';
import { PriceChip } from '~/shared/prices/price-chip';
import type { PriceStore } from '~/shared/prices/price-store';
import { pricesAtPublish } from '~/shared/prices/price-context';
import { WatchMark } from '~/shared/watchlists/watch-mark';

/** Two lines: headline, then the priced symbols and the source. Fixed, so the list never measures. */
export const ROW_HEIGHT = 58;
/**
 * A phone's row: importance, age, source and delay; the headline on up to two lines (one line of a
 * 390 px screen held a few words); the priced symbols. Fixed too.
 */
export const PHONE_ROW_HEIGHT = 96;

/**
 * The delay the terminal measured: published → in this browser (live items); else published →
 * stored. null when the source gave no publication time.
 */
export function measuredLatency(item: NewsItem, arrivedAt: number | undefined): number | null {
  if (item.publishedAt === null) return null;
  return (arrivedAt ?? item.storedAt ?? item.receivedAt) - item.ts;
}

/** A headline the local news simulator made up: said on its row, never passed off as news. */
export function SimulatedTag() {
  return (
    <span
      className="shrink-0 rounded border border-dashed border-border px-1 text-[0.65rem] leading-4 text-muted-foreground"
      title="Made up by the local news simulator: not real news"
      data-testid="simulated-tag"
    >
      simulated
    </span>
  );
}

/** A live headline keeps its importance tint this long. */
const FRESH_MS = 8000;

/** The age label alone re-renders as the clock ticks, and only when its text changes. */
function HeadlineAge({ ts }: { ts: number }) {
  const age = useNowDerived((now) => formatShortAge(now - ts));
  return (
    <span className="tabular w-9 shrink-0 text-right text-xs text-muted-foreground" data-testid="headline-age">
      {age}
    </span>
  );
}

export const HeadlineRow = memo(function HeadlineRow({
  item,
  index,
  start,
  selected,
  liveAt,
  latency,
  sourceName,
  store,
  onSelect,
  phone = false,
}: {
  item: NewsItem;
  index: number;
  start: number;
  selected: boolean;
  /** When it arrived live (not from the first load): tinted for FRESH_MS after. */
  liveAt: number | undefined;
  latency: number | null;
  sourceName: string | undefined;
  store: PriceStore;
  onSelect: (id: number) => void;
  phone?: boolean;
}) {
  const fresh = useNowDerived((now) => liveAt !== undefined && now - liveAt < FRESH_MS);
  const atPublish = pricesAtPublish(item);
  const source = sourceName ?? SOURCE_KIND_LABEL[item.sourceKind] ?? item.sourceKind;
  return (
    <div
      id={`headline-${item.id}`}
      role="option"
      aria-selected={selected}
      aria-posinset={index + 1}
      data-testid="headline"
      data-news-id={item.id}
      data-importance={item.importance}
      onMouseDown={(event) => {
        event.preventDefault();
        onSelect(item.id);
      }}
      style={{ transform: `translateY(${start}px)`, height: phone ? PHONE_ROW_HEIGHT : ROW_HEIGHT }}
      className={cn(
        'absolute top-0 left-0 flex w-full cursor-default flex-col justify-center gap-1 border-b border-border px-3',
        EDGE[item.importance],
        fresh && FRESH_TINT[item.importance],
        selected && 'bg-accent ring-1 ring-ring/60 ring-inset',
      )}
    >
      {phone ? (
        <PhoneRowBody item={item} source={source} sourceName={sourceName} latency={latency} store={store} atPublish={atPublish} />
      ) : (
        <>
          <div className="flex min-w-0 items-center gap-2 text-sm">
            <ImportanceBadge importance={item.importance} />
            <HeadlineAge ts={item.ts} />
            <span
              className={cn('min-w-0 flex-1 truncate', item.importance === 'critical' && 'font-semibold')}
              data-testid="headline-title"
            >
              {item.title}
            </span>
            <span
              className="tabular shrink-0 text-right text-xs text-muted-foreground"
              title="Published → here"
              data-testid="headline-latency"
            >
              {formatDelay(latency)}
            </span>
          </div>
          <div className="flex min-w-0 items-center gap-1 pl-[5.25rem] text-xs text-muted-foreground">
            <span className="flex min-w-0 flex-1 gap-1 overflow-hidden">
              {item.symbols.map((symbol) => (
                <PriceChip key={symbol} store={store} symbol={symbol} priceAtPublish={atPublish[symbol]} />
              ))}
            </span>
            <span className="max-w-48 shrink-0 truncate max-sm:max-w-28" data-testid="headline-source">
              {source}
              {item.author && item.author !== sourceName ? ` · ${item.author}` : ''}
            </span>
            <AlsoReportedLine
              also={item.alsoReportedBy}
              as="span"
              className="max-w-56 shrink-0 truncate max-sm:hidden"
              testId="headline-also"
            />
            <WatchMark itemId={item.id} />
            {isSimulatedSource(item.sourceId) ? <SimulatedTag /> : null}
          </div>
        </>
      )}
    </div>
  );
});

function PhoneRowBody({
  item,
  source,
  sourceName,
  latency,
  store,
  atPublish,
}: {
  item: NewsItem;
  source: string;
  sourceName: string | undefined;
  latency: number | null;
  store: PriceStore;
  atPublish: Record<string, number>;
}) {
  return (
    <>
      <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
        <ImportanceBadge importance={item.importance} />
        <HeadlineAge ts={item.ts} />
        <span className="min-w-0 flex-1 truncate" data-testid="headline-source">
          {source}
          {item.author && item.author !== sourceName ? ` · ${item.author}` : ''}
        </span>
        <WatchMark itemId={item.id} />
        {isSimulatedSource(item.sourceId) ? <SimulatedTag /> : null}
        <span className="tabular shrink-0" title="Published → here" data-testid="headline-latency">
          {formatDelay(latency)}
        </span>
      </div>
      <span
        className={cn('line-clamp-2 text-sm leading-5', item.importance === 'critical' && 'font-semibold')}
        data-testid="headline-title"
      >
        {item.title}
      </span>
      <span className="flex h-5 min-w-0 gap-1 overflow-hidden">
        {item.symbols.map((symbol) => (
          <PriceChip key={symbol} store={store} symbol={symbol} priceAtPublish={atPublish[symbol]} />
        ))}
      </span>
    </>
  );
}
