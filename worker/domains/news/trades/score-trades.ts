import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { ExchangeKind } from '../../../contract/enums';
import type { Db, NewsDb } from '../../../db/client';
import { newsTrades } from '../../../db/schema/news-trades';
import { logError } from '../../../lib/log';
import { advance, type DueTrade, type Lookups } from './trade-steps';

const DEFAULT_LIMIT = 200;

export interface ScoreDeps {
  db: Db;
  /** the headlines' own moves after publish (news price checks), for the hypothetical entry */
  newsDb: NewsDb;
  /** the current mark of each pair on an exchange (the news price checks' source, per order's exchange) */
  marks: (exchange: ExchangeKind, pairs: string[]) => Promise<Record<string, number>>;
  now: number;
  /** trades per run; default 200 */
  limit?: number;
}

export interface ScoreResult {
  /** due trades read (only those: the query walks news_trades_due_idx) */
  read: number;
  /** rows D1 says the due query read */
  rowsRead: number;
  /** trades written (a figure, a stage or the next look) */
  updated: number;
}

/**
 * One run of news-trade scoring (the minute cron): only trades whose next look is due are read, by
 * their indexed due time. Each moves on as far as its elapsed windows allow (trade-steps.ts): the
 * fill, the mark 1, 5 and 15 minutes after entry (measured like the news price checks, and dropped
 * when measured more than their stale limit late), then the close — the first filled opposite order
 * on the account and symbol, else the mark now, looked at again later. The headline's own moves
 * (the hypothetical entry at publication) are copied from the news database as they appear. All
 * writes of a run are one batch.
 */
export async function scoreNewsTrades(deps: ScoreDeps): Promise<ScoreResult> {
  const { db, now } = deps;
  const d1 = db.$client;
  const due = await d1
    .prepare(
      `SELECT t.order_id AS orderId, t.account_id AS accountId, t.exchange, t.symbol, t.side, t.order_at AS orderAt,
         t.headline_id AS headlineId, t.entry_at AS entryAt, t.entry_price AS entryPrice, t.quantity,
         t.price_m1 AS priceM1, t.price_m5 AS priceM5, t.price_m15 AS priceM15, t.move_m15 AS moveM15,
         t.stage, t.due_at AS dueAt, o.status AS orderStatus, o.fill_price AS fillPrice,
         o.filled_quantity AS filledQuantity, o.quantity AS orderQuantity, o.ack_at AS ackAt, o.received_at AS receivedAt
       FROM news_trades t JOIN orders o ON o.id = t.order_id
       WHERE t.due_at <= ?1 ORDER BY t.due_at LIMIT ?2`,
    )
    .bind(now, deps.limit ?? DEFAULT_LIMIT)
    .all<DueTrade>();
  const trades = due.results;
  const result: ScoreResult = { read: trades.length, rowsRead: due.meta.rows_read ?? 0, updated: 0 };
  if (!trades.length) return result;

  const lookups = await readLookups(deps, trades);
  const writes: BatchItem<'sqlite'>[] = [];
  for (const trade of trades) {
    const changes = advance(trade, lookups, now);
    if (!changes) continue;
    writes.push(
      db
        .update(newsTrades)
        .set({ ...changes, updatedAt: now })
        .where(eq(newsTrades.orderId, trade.orderId)),
    );
  }
  result.updated = writes.length;
  if (writes.length) await db.batch(writes as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return result;
}

/** What the due trades need besides themselves: marks, exits, the headlines' moves (one read each). */
async function readLookups(deps: ScoreDeps, trades: DueTrade[]): Promise<Lookups> {
  const [marks, exits, moves] = await Promise.all([
    readMarks(deps, trades.filter(needsMark)),
    readExits(
      deps.db,
      trades.filter((t) => t.stage === 'close' && t.entryAt !== null),
    ),
    readMoves(
      deps.newsDb,
      trades.filter((t) => t.moveM15 === null && t.stage !== 'fill'),
    ),
  ]);
  return { marks, exits, moves };
}

/** A window to measure (a later one may still be in time when an earlier one is stale) or a position followed. */
const needsMark = (t: DueTrade) => t.stage !== 'fill';

async function readMarks(deps: ScoreDeps, trades: DueTrade[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const byExchange = new Map<ExchangeKind, Set<string>>();
  for (const t of trades) byExchange.set(t.exchange, (byExchange.get(t.exchange) ?? new Set()).add(t.symbol));
  await Promise.all(
    [...byExchange].map(async ([exchange, pairs]) => {
      try {
        const marks = await deps.marks(exchange, [...pairs]);
        for (const [pair, price] of Object.entries(marks))
          if (Number.isFinite(price) && price > 0) out.set(`${exchange}:${pair}`, price);
      } catch (err) {
        // Tried again next run, until the window's stale limit.
        logError(`news trades: ${exchange} mark prices unavailable`, err);
      }
    }),
  );
  return out;
}

/**
 * The exit of each followed trade: the first filled opposite-side order on the same account and
 * symbol after the entry (orders_account_idx: that account's orders since the entry). A partial
 * close counts as the close.
 */
async function readExits(db: Db, trades: DueTrade[]): Promise<Map<string, { price: number; at: number }>> {
  const out = new Map<string, { price: number; at: number }>();
  if (!trades.length) return out;
  const d1 = db.$client;
  const results = await d1.batch<{ price: number; at: number }>(
    trades.map((t) =>
      d1
        .prepare(
          `SELECT fill_price AS price, coalesce(ack_at, received_at) AS at FROM orders
           WHERE account_id = ?1 AND received_at > ?2 AND symbol = ?3 AND side = ?4 AND status = 'filled' AND fill_price IS NOT NULL
           ORDER BY received_at LIMIT 1`,
        )
        .bind(t.accountId, t.receivedAt, t.symbol, t.side === 'BUY' ? 'SELL' : 'BUY'),
    ),
  );
  trades.forEach((t, i) => {
    const exit = results[i]?.results[0];
    if (exit) out.set(t.orderId, exit);
  });
  return out;
}

/** The headlines' measured moves (percent from publish) for the traded symbol, by window. */
async function readMoves(newsDb: NewsDb, trades: DueTrade[]): Promise<Map<number, Record<string, Record<string, number>>>> {
  const out = new Map<number, Record<string, Record<string, number>>>();
  const ids = [...new Set(trades.map((t) => t.headlineId))];
  for (let i = 0; i < ids.length; i += 90) {
    const chunk = ids.slice(i, i + 90);
    const { results } = await newsDb.$client
      .prepare(
        `SELECT id, json_extract(metadata, '$.moves') AS moves FROM news_items WHERE id IN (${chunk.map(() => '?').join(', ')})`,
      )
      .bind(...chunk)
      .all<{ id: number; moves: string | null }>();
    for (const r of results) if (r.moves) out.set(r.id, JSON.parse(r.moves) as Record<string, Record<string, number>>);
  }
  return out;
}
