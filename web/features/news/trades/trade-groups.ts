import type { HeadlineKind } from '@contract/enums';
import type { NewsTrade, NewsTradeFigure } from '@contract/news-trades';
import { toCsv } from '~/shared/csv';

/** The News trades page's sums: groups by source, importance or kind, and the CSV exports. */
export type GroupBy = 'source' | 'importance' | 'kind';

export const KIND_LABEL: Record<HeadlineKind, string> = {
  listing: 'Listing',
  delisting: 'Delisting',
  hack: 'Hack / exploit',
  regulation: 'Regulation',
  macro: 'Macro',
  partnership: 'Partnership',
  other: 'Other',
};

type Figures = NewsTrade['taken'];

/** The newest figure a trade has: at close (or open now), else the latest window measured. */
export const latest = (f: Figures): NewsTradeFigure => f.close ?? f.m15 ?? f.m5 ?? f.m1;

export interface TradeGroup {
  key: string;
  label: string;
  trades: number;
  /** trades with at least one figure */
  scored: number;
  /** share of scored trades whose latest figure is a gain (null: none scored) */
  hitRate: number | null;
  avgPercent: number | null;
  avgUsd: number | null;
  /** the same for the hypothetical entry at publication */
  hypotheticalHitRate: number | null;
  hypotheticalAvgPercent: number | null;
}

const sourceLabel = (t: NewsTrade) => t.headline.sourceName ?? t.headline.sourceId;

function keyOf(t: NewsTrade, by: GroupBy): [string, string] {
  if (by === 'source') return [t.headline.sourceId, sourceLabel(t)];
  if (by === 'importance') return [t.headline.importance, t.headline.importance];
  return [t.headline.kind, KIND_LABEL[t.headline.kind]];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);
const rate = (xs: number[]) => (xs.length ? xs.filter((x) => x > 0).length / xs.length : null);

/** Trades grouped, each group with its hit rate and average PnL (taken and hypothetical), most trades first. */
export function groupTrades(trades: NewsTrade[], by: GroupBy): TradeGroup[] {
  const groups = new Map<string, { label: string; list: NewsTrade[] }>();
  for (const t of trades) {
    const [key, label] = keyOf(t, by);
    const g = groups.get(key) ?? { label, list: [] };
    g.list.push(t);
    groups.set(key, g);
  }
  return [...groups]
    .map(([key, { label, list }]) => {
      const taken = list.map((t) => latest(t.taken)).filter((f) => f !== null);
      const hypothetical = list.map((t) => latest(t.hypothetical)).filter((f) => f !== null);
      return {
        key,
        label,
        trades: list.length,
        scored: taken.length,
        hitRate: rate(taken.map((f) => f.percent)),
        avgPercent: mean(taken.map((f) => f.percent)),
        avgUsd: mean(taken.map((f) => f.usd)),
        hypotheticalHitRate: rate(hypothetical.map((f) => f.percent)),
        hypotheticalAvgPercent: mean(hypothetical.map((f) => f.percent)),
      };
    })
    .sort((a, b) => b.trades - a.trades || a.label.localeCompare(b.label));
}

const pct = (f: NewsTradeFigure) => f?.percent ?? null;
const usd = (f: NewsTradeFigure) => f?.usd ?? null;
const iso = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());

export function tradesCsv(trades: NewsTrade[]): string {
  return toCsv([
    [
      'order_id',
      'trader',
      'published_at',
      'order_at',
      'reaction_ms',
      'source',
      'importance',
      'kind',
      'headline',
      'symbol',
      'side',
      'entry_price',
      'quantity',
      'pnl_1m_pct',
      'pnl_1m_usd',
      'pnl_5m_pct',
      'pnl_5m_usd',
      'pnl_15m_pct',
      'pnl_15m_usd',
      'pnl_close_pct',
      'pnl_close_usd',
      'closed',
      'publication_price',
      'hyp_1m_pct',
      'hyp_5m_pct',
      'hyp_15m_pct',
      'hyp_close_pct',
      'simulated',
    ],
    ...trades.map((t) => [
      t.orderId,
      t.traderName ?? t.traderId,
      iso(t.headline.publishedAt),
      iso(t.orderAt),
      t.reactionMs,
      sourceLabel(t),
      t.headline.importance,
      t.headline.kind,
      t.headline.title,
      t.symbol,
      t.side,
      t.entryPrice,
      t.quantity,
      pct(t.taken.m1),
      usd(t.taken.m1),
      pct(t.taken.m5),
      usd(t.taken.m5),
      pct(t.taken.m15),
      usd(t.taken.m15),
      pct(t.taken.close),
      usd(t.taken.close),
      t.taken.close === null ? null : t.closed ? 'closed' : 'open',
      t.hypothetical.entryPrice,
      pct(t.hypothetical.m1),
      pct(t.hypothetical.m5),
      pct(t.hypothetical.m15),
      pct(t.hypothetical.close),
      t.simulated ? 'yes' : 'no',
    ]),
  ]);
}

export function groupsCsv(groups: TradeGroup[], by: GroupBy): string {
  return toCsv([
    [by, 'trades', 'scored', 'hit_rate', 'avg_pnl_pct', 'avg_pnl_usd', 'hyp_hit_rate', 'hyp_avg_pnl_pct'],
    ...groups.map((g) => [
      g.label,
      g.trades,
      g.scored,
      g.hitRate,
      g.avgPercent,
      g.avgUsd,
      g.hypotheticalHitRate,
      g.hypotheticalAvgPercent,
    ]),
  ]);
}
