import type { ExchangeKind, NewsTradeStage, OrderSide, OrderStatus } from '../../../contract/enums';
import type { NewsTradeRow } from '../../../db/schema/news-trades';
import { STALE_AFTER_MS } from '../price-moves/price-moves';
import { baseOf, MINUTE } from './record-trade';

/** A due trade as the scorer reads it, with its order's state. */
export interface DueTrade {
  orderId: string;
  accountId: string;
  exchange: ExchangeKind;
  symbol: string;
  side: OrderSide;
  orderAt: number;
  headlineId: number;
  entryAt: number | null;
  entryPrice: number | null;
  quantity: number | null;
  priceM1: number | null;
  priceM5: number | null;
  priceM15: number | null;
  moveM15: number | null;
  stage: NewsTradeStage;
  dueAt: number;
  orderStatus: OrderStatus;
  fillPrice: number | null;
  filledQuantity: number | null;
  orderQuantity: number;
  ackAt: number | null;
  receivedAt: number;
}

export interface Lookups {
  /** `${exchange}:${pair}` → mark now */
  marks: Map<string, number>;
  /** order id → its exit, when the position was closed */
  exits: Map<string, { price: number; at: number }>;
  /** headline id → its moves: window minutes → symbol → percent from publish */
  moves: Map<number, Record<string, Record<string, number>>>;
}

/** An entry that has not filled after this long is void (a limit left resting, an outcome never known). */
export const FILL_WAIT_MS = 24 * 60 * MINUTE;
/** An open position is followed this long after entry; its last figure then stays, marked open. */
export const FOLLOW_MS = 7 * 24 * 60 * MINUTE;
const WINDOWS = [
  ['m1', 1, 'priceM1'],
  ['m5', 5, 'priceM5'],
  ['m15', 15, 'priceM15'],
] as const;
const ENDED: readonly OrderStatus[] = ['refused', 'rejected', 'canceled', 'expired'];

/** How soon an open position is looked at again: a quarter of its age, between 5 minutes and an hour. */
export const followAfter = (age: number) => Math.min(60 * MINUTE, Math.max(5 * MINUTE, Math.floor(age / 4)));

type Changes = Partial<Omit<NewsTradeRow, 'orderId' | 'updatedAt'>>;

/**
 * Moves one due trade on as far as `now` allows, and answers what changed (undefined: nothing). A
 * window whose mark is missing waits for the next run, until the window is stale; then it stays
 * empty (never a price from another moment).
 */
export function advance(trade: DueTrade, lookups: Lookups, now: number): Changes | undefined {
  const t: DueTrade = { ...trade };
  const changes: Changes = { ...copyMoves(t, lookups) };
  const set = (c: Changes) => Object.assign(changes, c) && Object.assign(t, c);
  const mark = lookups.marks.get(`${t.exchange}:${t.symbol}`);

  if (t.stage === 'fill') {
    const filled = t.fillPrice !== null && (t.orderStatus === 'filled' || (t.filledQuantity ?? 0) > 0);
    if (filled) {
      const entryAt = t.ackAt ?? t.receivedAt;
      set({
        stage: 'm1',
        entryAt,
        entryPrice: t.fillPrice,
        quantity: t.filledQuantity ?? t.orderQuantity,
        dueAt: entryAt + MINUTE,
      });
    } else if (ENDED.includes(t.orderStatus) || now - t.orderAt > FILL_WAIT_MS) set({ stage: 'void', dueAt: null });
    else set({ dueAt: now + MINUTE });
  }

  for (const [i, [stage, minutes, field]] of WINDOWS.entries()) {
    if (t.stage !== stage || t.entryAt === null || t.dueAt > now) continue;
    const windowAt = t.entryAt + minutes * MINUTE;
    const stale = now - windowAt > STALE_AFTER_MS;
    if (!stale && mark === undefined) break; // no price yet: the next run tries again
    const next = WINDOWS[i + 1];
    set({
      ...(stale ? {} : { [field]: mark }),
      stage: next ? next[0] : 'close',
      // The close is looked for a minute after the last window.
      dueAt: next ? t.entryAt + next[1] * MINUTE : windowAt + MINUTE,
    });
  }

  if (t.stage === 'close' && t.entryAt !== null && t.dueAt <= now) {
    const exit = lookups.exits.get(t.orderId);
    if (exit) set({ closePrice: exit.price, closeAt: exit.at, closed: true, stage: 'done', dueAt: null });
    else if (mark !== undefined) {
      const age = now - t.entryAt;
      set({
        closePrice: mark,
        closeAt: now,
        ...(age > FOLLOW_MS ? { stage: 'done', dueAt: null } : { dueAt: now + followAfter(age) }),
      });
    } else set({ dueAt: now + MINUTE });
  }
  return Object.keys(changes).length ? changes : undefined;
}

/** The headline's moves for the traded symbol, as far as the news price checks measured them. */
function copyMoves(t: DueTrade, lookups: Lookups): Changes {
  const moves = lookups.moves.get(t.headlineId);
  if (!moves) return {};
  const base = baseOf(t.symbol);
  const out: Changes = {};
  const m1 = moves['1']?.[base];
  const m5 = moves['5']?.[base];
  const m15 = moves['15']?.[base];
  if (typeof m1 === 'number') out.moveM1 = m1;
  if (typeof m5 === 'number') out.moveM5 = m5;
  if (typeof m15 === 'number') out.moveM15 = m15;
  return out;
}
