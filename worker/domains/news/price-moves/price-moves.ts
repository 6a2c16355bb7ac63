import type { Db, NewsDb } from '../../../db/client';
import type { ExchangeAdapter } from '../../../exchanges/types';
import { logError } from '../../../lib/log';
import { IMPLIED_DEFAULT_THRESHOLD } from '../settings/performance-thresholds';

/** A check measured this late says nothing about its window: it is closed without a move. */
export const STALE_AFTER_MS = 5 * 60_000;
const DEFAULT_LIMIT = 200;

export interface Threshold {
  percent: number;
  windowMinutes: number;
}

export interface ThresholdRow extends Threshold {
  symbol: string | null;
}

/** The symbol's own row, else the default row (symbol null), else the implied default (1 % in 5 min). */
export function thresholdFor(symbol: string, rows: readonly ThresholdRow[]): Threshold {
  const row = rows.find((r) => r.symbol === symbol) ?? rows.find((r) => r.symbol === null) ?? IMPLIED_DEFAULT_THRESHOLD;
  return { percent: row.percent, windowMinutes: row.windowMinutes };
}

/** Percent move from the price at publish, rounded to 4 decimals. */
export function movePercent(priceAtPublish: number, price: number): number {
  return Math.round(((price - priceAtPublish) / priceAtPublish) * 100 * 10_000) / 10_000;
}

/** Only windows up to the threshold's count: a 1 % move after 15 min is not a 1 % move "within 5". */
export function meetsThreshold(move: number, windowMinutes: number, threshold: Threshold): boolean {
  return windowMinutes <= threshold.windowMinutes && Math.abs(move) >= threshold.percent;
}

/**
 * What flagged a headline, kept in its metadata as `mover`: the strongest move that met its
 * symbol's threshold, the window it was measured in, the threshold that applied then, and the
 * price source ('simulated' locally: the UI says so). The feed shows it on the flag ("▲ 0.47 % in
 * 5 min"), so the flag never claims more than was measured.
 */
export interface MoverMark {
  symbol: string;
  /** signed percent from the price at publish */
  percent: number;
  windowMinutes: number;
  threshold: Threshold;
  source?: ExchangeAdapter['kind'];
}

/** The stronger of two flagging moves (by size); the first on a tie. */
export function strongerMove(a: MoverMark | undefined, b: MoverMark): MoverMark {
  return a && Math.abs(a.percent) >= Math.abs(b.percent) ? a : b;
}

export interface PriceMoveDeps {
  /** The performance thresholds. */
  db: Db;
  /** The checks and the headlines they measure (one batch there). */
  newsDb: NewsDb;
  /** Its kind says where the moves were measured ('simulated' prices are marked as such). */
  exchange: Pick<ExchangeAdapter, 'getMarkPrices'> & Partial<Pick<ExchangeAdapter, 'kind'>>;
  now: number;
  /** checks per run; default 200 */
  limit?: number;
}

export interface PriceMoveResult {
  measured: number;
  stale: number;
  /** no price yet (lookup failed or the symbol is unknown to the exchange): tried again next run */
  waiting: number;
  flagged: number;
}

interface CheckRow {
  rid: number;
  item_id: number;
  symbol: string;
  price_at_publish: number;
  due_at: number;
  window_minutes: number;
}

/**
 * Measures due price checks (1, 5 and 15 min after publish, per symbol): the move from the price
 * at publish to the exchange's current mark price goes into the item's metadata as
 * `moves: {"<window>": {<SYMBOL>: percent}}`, and `one_pct_movement` is set when a move meets the
 * symbol's performance threshold. Writes for one run are one batch (all or nothing).
 */
export async function measurePriceMoves(deps: PriceMoveDeps): Promise<PriceMoveResult> {
  const { db, now } = deps;
  const d1 = deps.newsDb.$client;
  const result: PriceMoveResult = { measured: 0, stale: 0, waiting: 0, flagged: 0 };
  const { results: checks } = await d1
    .prepare(
      `SELECT rowid AS rid, item_id, symbol, price_at_publish, due_at, window_minutes FROM price_checks
       WHERE done = 0 AND due_at <= ?1 ORDER BY due_at LIMIT ?2`,
    )
    .bind(now, deps.limit ?? DEFAULT_LIMIT)
    .all<CheckRow>();
  if (!checks.length) return result;

  const { results: thresholds } = await db.$client
    .prepare(`SELECT symbol, percent, window_minutes AS windowMinutes FROM performance_thresholds`)
    .all<ThresholdRow>();

  const symbols = [...new Set(checks.filter((c) => now - c.due_at <= STALE_AFTER_MS).map((c) => c.symbol))];
  let marks: Record<string, number> = {};
  if (symbols.length) {
    try {
      marks = await deps.exchange.getMarkPrices(symbols.map((s) => `${s}USDT`));
    } catch (err) {
      logError('price moves: mark prices unavailable', err);
    }
  }

  const done: number[] = [];
  const byItem = new Map<number, { moves: [string, number][]; flag: boolean; mover?: MoverMark }>();
  for (const check of checks) {
    if (now - check.due_at > STALE_AFTER_MS) {
      done.push(check.rid);
      result.stale++;
      continue;
    }
    const price = marks[`${check.symbol}USDT`];
    if (price === undefined || !Number.isFinite(price) || !(check.price_at_publish > 0)) {
      result.waiting++;
      continue;
    }
    const move = movePercent(check.price_at_publish, price);
    const entry = byItem.get(check.item_id) ?? { moves: [], flag: false };
    entry.moves.push([`$.moves."${check.window_minutes}"."${check.symbol}"`, move]);
    const threshold = thresholdFor(check.symbol, thresholds);
    if (meetsThreshold(move, check.window_minutes, threshold)) {
      entry.flag = true;
      const mark: MoverMark = { symbol: check.symbol, percent: move, windowMinutes: check.window_minutes, threshold };
      if (deps.exchange.kind) mark.source = deps.exchange.kind;
      entry.mover = strongerMove(entry.mover, mark);
    }
    byItem.set(check.item_id, entry);
    done.push(check.rid);
    result.measured++;
  }

  const statements: D1PreparedStatement[] = [];
  for (const [itemId, { moves, flag, mover }] of byItem) {
    if (flag) result.flagged++;
    // Kept when stronger than what an earlier run recorded (the 1-minute check runs before the 5).
    if (mover)
      statements.push(
        d1
          .prepare(
            `UPDATE news_items SET metadata = json_set(metadata, '$.mover', json(?2)) WHERE id = ?1
               AND (json_extract(metadata, '$.mover.percent') IS NULL OR abs(json_extract(metadata, '$.mover.percent')) < ?3)`,
          )
          .bind(itemId, JSON.stringify(mover), Math.abs(mover.percent)),
      );
    // json_set creates the nested objects; ≤ 40 moves per statement keeps under 100 parameters.
    for (let i = 0; i < moves.length; i += 40) {
      const chunk = moves.slice(i, i + 40);
      const args = chunk.map((_, j) => `?${j * 2 + 3}, ?${j * 2 + 4}`).join(', ');
      statements.push(
        d1
          .prepare(
            `UPDATE news_items SET metadata = json_set(metadata, ${args}),
               one_pct_movement = CASE WHEN ?2 THEN 1 ELSE one_pct_movement END WHERE id = ?1`,
          )
          .bind(itemId, flag ? 1 : 0, ...chunk.flat()),
      );
    }
  }
  for (let i = 0; i < done.length; i += 90) {
    const chunk = done.slice(i, i + 90);
    statements.push(
      // Measured or stale checks are deleted, not marked: the outcome lives in the item's metadata, and
      // done rows were 1.5 GB a year at docs/PRODUCT-RULES.md §8's scale (docs/RELIABILITY.md §4).
      d1.prepare(`DELETE FROM price_checks WHERE rowid IN (${chunk.map(() => '?').join(', ')})`).bind(...chunk),
    );
  }
  if (statements.length) await d1.batch(statements);
  return result;
}
