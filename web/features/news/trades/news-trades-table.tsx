import { IMPORTANCE_RANK, type NewsTradeStage } from '@contract/enums';
import type { NewsTrade, NewsTradeFigure } from '@contract/news-trades';
import { DataTable, sortableColumnHelper, type DataColumns } from '~/components/ui/data-table';
import { formatAge, formatDateTime, formatPercent, formatPrice, formatUsd } from '~/lib/format';
import { ImportanceBadge } from '~/shared/news/importance';
import { Pnl } from '~/shared/figures';
import { KIND_LABEL } from './trade-groups';

type Window = 'm1' | 'm5' | 'm15' | 'close';
const ORDER: NewsTradeStage[] = ['fill', 'm1', 'm5', 'm15', 'close', 'done'];

/** A figure not measured yet: its window has not elapsed (or the entry has not filled). */
function pending(stage: NewsTradeStage, window: Window) {
  if (stage === 'void') return false;
  const reached = { m1: 'm5', m5: 'm15', m15: 'close', close: 'close' }[window] as NewsTradeStage;
  return ORDER.indexOf(stage) < ORDER.indexOf(reached);
}

const muted = (text: string) => <span className="text-xs text-muted-foreground">{text}</span>;

/** What was taken (percent, USD on hover and below), with the hypothetical entry at publication under it. */
function FigureCell({ trade, window }: { trade: NewsTrade; window: Window }) {
  const taken: NewsTradeFigure = trade.taken[window];
  const hypothetical: NewsTradeFigure = trade.hypothetical[window];
  return (
    <span className="inline-flex flex-col items-end leading-tight" data-testid={`trade-${window}`}>
      {taken ? (
        <>
          <Pnl value={taken.percent} percent />
          <span className="text-xs">
            <Pnl value={taken.usd} compact />
          </span>
        </>
      ) : trade.stage === 'void' ? (
        muted('not filled')
      ) : pending(trade.stage, window) ? (
        muted('pending')
      ) : (
        muted('—')
      )}
      {window === 'close' && taken ? muted(trade.closed ? 'closed' : 'open') : null}
      {hypothetical ? (
        <span className="text-xs text-muted-foreground" title="A hypothetical entry at publication, same size">
          pub. {formatPercent(hypothetical.percent)}
        </span>
      ) : null}
    </span>
  );
}

const h = sortableColumnHelper<NewsTrade>();
const figureColumn = (window: Window, header: string) =>
  h.accessor((t) => t.taken[window]?.percent, {
    id: window,
    header,
    sortUndefined: 'last',
    meta: { align: 'right' },
    cell: (c) => <FigureCell trade={c.row.original} window={window} />,
  });

const columns = (withTrader: boolean): DataColumns<NewsTrade> =>
  h.columns([
    h.accessor((t) => t.headline.publishedAt, {
      id: 'published',
      header: 'Published',
      cell: (c) => {
        // Date over time: the table has twelve columns to fit in 1440 px.
        const [date, time] = formatDateTime(c.getValue(), { seconds: true }).split(' ');
        return (
          <span className="tabular inline-flex flex-col text-xs leading-tight whitespace-nowrap">
            <span>{time}</span>
            <span className="text-muted-foreground">{date}</span>
          </span>
        );
      },
    }),
    h.accessor((t) => t.headline.title, {
      id: 'headline',
      header: 'Headline',
      cell: (c) => {
        const t = c.row.original;
        return (
          <span className="flex w-48 flex-col gap-0.5 whitespace-normal md:w-72">
            <span className="[overflow-wrap:anywhere]">{t.headline.title}</span>
            <span className="text-xs text-muted-foreground">{t.headline.sourceName ?? t.headline.sourceId}</span>
          </span>
        );
      },
    }),
    h.accessor((t) => IMPORTANCE_RANK[t.headline.importance], {
      id: 'importance',
      header: 'Importance',
      cell: (c) => <ImportanceBadge importance={c.row.original.headline.importance} />,
    }),
    h.accessor((t) => KIND_LABEL[t.headline.kind], { id: 'kind', header: 'Kind' }),
    ...(withTrader ? [h.accessor((t) => t.traderName ?? t.traderId, { id: 'trader', header: 'Trader' })] : []),
    h.accessor('reactionMs', {
      header: 'Reaction',
      meta: { align: 'right' },
      cell: (c) => <span className="tabular whitespace-nowrap">{formatAge(c.getValue())}</span>,
    }),
    h.accessor((t) => `${t.side} ${t.symbol}`, {
      id: 'side',
      header: 'Side',
      cell: (c) => (
        <span className="inline-flex flex-col leading-tight whitespace-nowrap">
          <span className={c.row.original.side === 'BUY' ? 'text-success' : 'text-destructive'}>{c.row.original.side}</span>
          <span className="font-mono text-xs">{c.row.original.symbol}</span>
        </span>
      ),
    }),
    h.accessor((t) => t.entryPrice ?? undefined, {
      id: 'entry',
      header: 'Entry',
      sortUndefined: 'last',
      meta: { align: 'right' },
      cell: (c) => {
        const t = c.row.original;
        return (
          <span className="inline-flex flex-col items-end leading-tight">
            <span className="tabular">{t.entryPrice === null ? '—' : formatPrice(t.entryPrice)}</span>
            {t.quantity !== null && t.entryPrice !== null ? muted(formatUsd(t.quantity * t.entryPrice, { compact: true })) : null}
            {t.hypothetical.entryPrice !== null ? muted(`pub. ${formatPrice(t.hypothetical.entryPrice)}`) : null}
          </span>
        );
      },
    }),
    figureColumn('m1', '1 min'),
    figureColumn('m5', '5 min'),
    figureColumn('m15', '15 min'),
    figureColumn('close', 'Close'),
  ]);

const withTraderColumns = columns(true);
const ownColumns = columns(false);

/** Every news trade, sortable; each figure with the hypothetical entry at publication beneath it. */
export function NewsTradesTable({ trades, withTrader }: { trades: NewsTrade[]; withTrader: boolean }) {
  return (
    <DataTable
      label="News trades"
      columns={withTrader ? withTraderColumns : ownColumns}
      data={trades}
      getRowId={(t) => t.orderId}
      initialSorting={[{ id: 'published', desc: true }]}
      rowTestId={() => 'news-trade-row'}
      testId="news-trades-table"
    />
  );
}
