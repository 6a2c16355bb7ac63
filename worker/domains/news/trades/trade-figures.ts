import type { NewsTrade, NewsTradeFigure } from '../../../contract/news-trades';
import type { NewsTradeRow } from '../../../db/schema/news-trades';
import { movePercent } from '../price-moves/price-moves';

/** The move from `entry` to `price` in the trade's direction: percent (4 decimals, as the price checks) and USD for `quantity`. */
export function figure(
  side: NewsTradeRow['side'],
  entry: number | null,
  price: number | null,
  quantity: number | null,
): NewsTradeFigure {
  if (entry === null || price === null || !(entry > 0)) return null;
  const sign = side === 'BUY' ? 1 : -1;
  return { percent: sign * movePercent(entry, price) || 0, usd: round2(sign * (price - entry) * (quantity ?? 0)) };
}

/** A move given in percent from `entry` (the headline's measured moves), as a figure in the trade's direction. */
function fromMove(side: NewsTradeRow['side'], entry: number | null, move: number | null, quantity: number | null) {
  if (entry === null || move === null) return null;
  return figure(side, entry, entry * (1 + move / 100), quantity);
}

const round2 = (v: number) => Math.round(v * 100) / 100 || 0;

/** A stored trade as the News trades page shows it: prices become PnL, the hypothetical beside what was taken. */
export function toNewsTrade(row: NewsTradeRow, traderName: string | null, sourceName: string | null): NewsTrade {
  const { side, entryPrice: entry, quantity: qty, publishPrice: pub } = row;
  return {
    orderId: row.orderId,
    traderId: row.userId,
    traderName,
    symbol: row.symbol,
    side,
    headline: {
      id: row.headlineId,
      title: row.headlineTitle,
      sourceId: row.headlineSource,
      sourceName,
      importance: row.headlineImportance,
      kind: row.headlineKind,
      publishedAt: row.publishedAt,
    },
    orderAt: row.orderAt,
    reactionMs: row.orderAt - row.publishedAt,
    simulated: row.exchange === 'simulated',
    stage: row.stage,
    entryPrice: entry,
    entryAt: row.entryAt,
    quantity: qty,
    taken: {
      m1: figure(side, entry, row.priceM1, qty),
      m5: figure(side, entry, row.priceM5, qty),
      m15: figure(side, entry, row.priceM15, qty),
      close: figure(side, entry, row.closePrice, qty),
    },
    closed: row.closed,
    closeAt: row.closeAt,
    hypothetical: {
      entryPrice: pub,
      m1: fromMove(side, pub, row.moveM1, qty),
      m5: fromMove(side, pub, row.moveM5, qty),
      m15: fromMove(side, pub, row.moveM15, qty),
      close: figure(side, pub, row.closePrice, qty),
    },
  };
}
