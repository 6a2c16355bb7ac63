import { useQuery } from '@tanstack/react-query';
import { AlsoReportedLine } from '~/shared/news/also-reported';
import { memo } from 'react';
import { formatPrice } from '~/lib/format';
import { rpc } from '~/lib/rpc';
import { type NewsItem } from '~/shared/news/news-feed';
import { formatDelay, formatNewsTime, SOURCE_KIND_LABEL } from '~/shared/news/news-format';
import { useNow } from '~/lib/use-now';
import { cn } from '~/lib/cn';
import { ImportanceBadge } from '~/shared/news/importance';
import { changeArrow, changeTone, formatChange, usePrice } from '~/shared/prices/price-chip';
import { changePercent, type PriceStore } from '~/shared/prices/price-store';
import { isSimulatedSource } from '@contract/patterns';
import { measuredLatency, SimulatedTag } from './headline-row';
import { pricesAtPublish } from '~/shared/prices/price-context';
import { isListedIn, useMarketContext } from '~/shared/prices/market';

function Change({ value, label }: { value: number | undefined; label: string }) {
  return (
    <td className={cn('tabular px-2 py-1 text-right', changeTone(value))} aria-label={`${label} ${formatChange(value)}`}>
      {changeArrow(value)}
      {formatChange(value)}
    </td>
  );
}

const MINUTE = 60_000;

/** The close of the candle `minutes` ago: the 1/5-minute change before the live history reaches back that far. */
function closeAgo(candles: { time: number; close: number }[] | undefined, minutes: number, now: number) {
  const at = Math.floor((now - minutes * MINUTE) / MINUTE) * MINUTE;
  return candles?.find((c) => c.time === at)?.close;
}

function NoMarketRow({ symbol }: { symbol: string }) {
  return (
    <tr className="border-t border-border" data-testid="detail-symbol" data-symbol={symbol} data-market="none">
      <th scope="row" className="px-2 py-1 text-left font-mono font-semibold">
        {symbol}
      </th>
      <td colSpan={5} className="px-2 py-1 text-right text-muted-foreground">
        no market: not listed, no price
      </td>
    </tr>
  );
}

function SymbolMoves({ symbol, store, atPublish }: { symbol: string; store: PriceStore; atPublish: number | undefined }) {
  const point = usePrice(store, symbol);
  const now = useNow();
  const price = point?.price;
  const recent = useQuery({
    queryKey: ['terminal', 'candles-6m', symbol],
    queryFn: ({ signal }) => rpc.getPriceCandles({ symbol, minutes: 6 }, { signal }),
    staleTime: 30_000,
  }).data?.candles;
  const ago = (minutes: number) => store.priceAgo(symbol, minutes * MINUTE, now) ?? closeAgo(recent, minutes, now);
  return (
    <tr className="border-t border-border" data-testid="detail-symbol" data-symbol={symbol}>
      <th scope="row" className="px-2 py-1 text-left font-mono font-semibold">
        {symbol}
      </th>
      <td className="tabular px-2 py-1 text-right">{price !== undefined ? formatPrice(price) : '…'}</td>
      <td className="tabular px-2 py-1 text-right text-muted-foreground max-sm:hidden">
        {atPublish !== undefined ? formatPrice(atPublish) : '—'}
      </td>
      <Change value={changePercent(atPublish, price)} label="since published" />
      <Change value={changePercent(ago(1), price)} label="1 minute" />
      <Change value={changePercent(ago(5), price)} label="5 minutes" />
    </tr>
  );
}

/** The selected headline in full: text, link, source, times, and the price moves of all its symbols. */
export const DetailPanel = memo(function DetailPanel({
  item,
  store,
  sourceName,
  arrivedAt,
}: {
  item: NewsItem | undefined;
  store: PriceStore;
  sourceName: string | undefined;
  arrivedAt: number | undefined;
}) {
  const market = useMarketContext();
  if (!item)
    return (
      <section className="grid min-h-0 flex-1 place-items-center p-4 text-sm text-muted-foreground" data-testid="detail-panel">
        Select a headline (j/k or ↑/↓) to see it in full.
      </section>
    );
  const atPublish = pricesAtPublish(item);
  return (
    <section
      className="flex min-h-0 flex-1 flex-col gap-2 overflow-y-auto p-3"
      aria-label="Selected headline"
      data-testid="detail-panel"
    >
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <ImportanceBadge importance={item.importance} />
        <span>{sourceName ?? SOURCE_KIND_LABEL[item.sourceKind] ?? item.sourceKind}</span>
        {item.author ? <span>· {item.author}</span> : null}
        {isSimulatedSource(item.sourceId) ? <SimulatedTag /> : null}
        <span className="tabular ml-auto" title="Published → received here">
          {formatNewsTime(item.ts)} · {formatDelay(measuredLatency(item, arrivedAt))}
        </span>
      </div>
      <AlsoReportedLine also={item.alsoReportedBy} className="text-xs text-muted-foreground" testId="detail-also" />
      <h2 className="text-base leading-snug font-semibold" data-testid="detail-title">
        {item.title}
      </h2>
      {item.body && item.body !== item.title ? (
        <p className="text-sm whitespace-pre-line text-muted-foreground">{item.body}</p>
      ) : null}
      {item.url ? (
        <a
          href={item.url}
          target="_blank"
          rel="noopener noreferrer"
          className="truncate text-sm text-primary underline-offset-2 hover:underline"
        >
          {item.url}
        </a>
      ) : null}
      {item.symbols.length ? (
        <table className="w-full text-xs">
          {market?.source === 'simulated' ? (
            <caption className="caption-bottom pt-1 text-left text-[0.7rem] text-muted-foreground" data-testid="detail-simulated">
              Prices and moves from the simulated market, not an exchange.
            </caption>
          ) : null}
          <thead className="text-muted-foreground">
            <tr>
              <th scope="col" className="px-2 py-1 text-left font-medium">
                Symbol
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Price
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium max-sm:hidden">
                At publish
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                Since
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                1 min
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                5 min
              </th>
            </tr>
          </thead>
          <tbody>
            {item.symbols.map((symbol) =>
              isListedIn(market, symbol) === false ? (
                <NoMarketRow key={symbol} symbol={symbol} />
              ) : (
                <SymbolMoves key={symbol} symbol={symbol} store={store} atPublish={atPublish[symbol]} />
              ),
            )}
          </tbody>
        </table>
      ) : (
        <p className="text-xs text-muted-foreground">No symbols tagged.</p>
      )}
    </section>
  );
});
