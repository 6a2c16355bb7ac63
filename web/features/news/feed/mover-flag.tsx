import { Badge } from '~/components/ui/badge';
import { MINUS } from '~/lib/format';
import type { NewsItem } from '~/shared/news/news-feed';

/**
 * What flagged a headline as a mover, as the price-move job records it (metadata.mover): the
 * strongest move past its symbol's threshold, the window it was measured in, that threshold, and
 * the price source.
 */
export interface Mover {
  symbol: string;
  percent: number;
  windowMinutes: number;
  threshold?: { percent: number; windowMinutes: number };
  source?: 'simulated' | 'binance';
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The flag's move: the recorded one, or (headlines flagged before it was recorded) the largest
 * measured move within 5 minutes. Null when the headline is not flagged or nothing was measured.
 */
export function moverOf(item: Pick<NewsItem, 'onePctMovement' | 'metadata'>): Mover | null {
  if (!item.onePctMovement) return null;
  const recorded = item.metadata?.mover as Partial<Mover> | undefined;
  if (recorded && typeof recorded.symbol === 'string' && isNum(recorded.percent) && isNum(recorded.windowMinutes))
    return recorded as Mover;
  const moves = item.metadata?.moves as Record<string, Record<string, unknown>> | undefined;
  let best: Mover | null = null;
  for (const [window, bySymbol] of Object.entries(moves ?? {})) {
    const windowMinutes = Number(window);
    if (!(windowMinutes <= 5)) continue;
    for (const [symbol, percent] of Object.entries(bySymbol ?? {}))
      if (isNum(percent) && (!best || Math.abs(percent) > Math.abs(best.percent))) best = { symbol, percent, windowMinutes };
  }
  return best;
}

/** "▲ 0.47 % in 5 min" (with the symbol first when the headline has several). */
export function moverText(mover: Mover, withSymbol: boolean) {
  const arrow = mover.percent > 0 ? '▲' : mover.percent < 0 ? '▼' : '';
  const move = `${arrow} ${Math.abs(mover.percent).toFixed(2)} % in ${mover.windowMinutes} min`;
  return withSymbol ? `${mover.symbol} ${move}` : move;
}

/** The full sentence: tooltip and accessible name. */
export function moverDescription(mover: Mover) {
  const signed = `${mover.percent > 0 ? '+' : mover.percent < 0 ? MINUS : ''}${Math.abs(mover.percent).toFixed(2)} %`;
  const threshold = mover.threshold
    ? `, past its threshold of ${mover.threshold.percent} % within ${mover.threshold.windowMinutes} min`
    : ', past its threshold';
  const source = mover.source === 'simulated' ? ' (measured on simulated prices)' : '';
  return `${mover.symbol} moved ${signed} within ${mover.windowMinutes} min of publication${threshold}${source}`;
}

/** The mover flag of a feed row: the measured move and its window, named for what it is. */
export function MoverFlag({ item }: { item: NewsItem }) {
  const mover = moverOf(item);
  if (!item.onePctMovement) return null;
  const description = mover ? moverDescription(mover) : 'A symbol moved past its price-move threshold after publication';
  return (
    <Badge
      tone={mover && mover.percent < 0 ? 'destructive' : 'success'}
      className="tabular"
      title={description}
      aria-label={description}
      data-testid="one-pct-marker"
      data-simulated={mover?.source === 'simulated' || undefined}
    >
      {mover ? moverText(mover, item.symbols.length > 1) : 'Past threshold'}
      {mover?.source === 'simulated' ? <span className="font-normal opacity-80">· sim</span> : null}
    </Badge>
  );
}
