import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fillCursors } from '../../db/schema/fill-cursors';
import type { VenueFill, VenueIncome } from '../../exchanges/fill-history';

/**
 * The fills import's writes, each page one D1 batch (one transaction): its fills and income
 * (each stored once under the exchange's id: INSERT OR IGNORE), the cursors it moved (only
 * forward: two imports at once cannot move one back) and who the recent fills belong to.
 */

export type Cursors = Record<string, number>;

const STABLE = new Set(['USDT', 'USDC', 'BUSD', 'FDUSD']);
export const isStable = (asset: string) => STABLE.has(asset);

/** The account's cursors, unawaited (for a batch of reads). */
export const cursorsQuery = (db: Db, accountId: string) =>
  db
    .select({ stream: fillCursors.stream, cursor: fillCursors.cursor })
    .from(fillCursors)
    .where(eq(fillCursors.accountId, accountId));

export async function readCursors(db: Db, accountId: string): Promise<Cursors> {
  const { results } = await db.$client
    .prepare('SELECT stream, cursor FROM fill_cursors WHERE account_id = ?1')
    .bind(accountId)
    .all<{ stream: string; cursor: number }>();
  return Object.fromEntries(results.map((r) => [r.stream, r.cursor]));
}

/** How far back a fill may still be without its order's id recorded (the order's answer lands after the fill). */
const ATTRIBUTION_WINDOW_MS = 3_600_000;

export async function writePage(
  db: Db,
  accountId: string,
  page: { fills?: VenueFill[]; income?: VenueIncome[]; cursors: Cursors },
  now: number,
): Promise<void> {
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (const f of page.fills ?? [])
    statements.push(
      d1
        .prepare(
          `INSERT OR IGNORE INTO account_fills (id, account_id, order_id, user_id, exchange_order_id, symbol, side, price,
             quantity, fee, fee_asset, fee_usd, realized_pnl, maker, ts)
           SELECT ?1, ?2, o.id, o.user_id, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13
           FROM (SELECT 1) LEFT JOIN orders o ON o.account_id = ?2 AND o.exchange_order_id = ?3`,
        )
        .bind(
          `${accountId}:${f.tradeId}`,
          accountId,
          f.exchangeOrderId,
          f.symbol,
          f.side,
          f.price,
          f.quantity,
          f.fee,
          f.feeAsset,
          f.feeUsd,
          f.realizedPnl,
          f.maker ? 1 : 0,
          f.ts,
        ),
    );
  for (const i of page.income ?? [])
    statements.push(
      d1
        .prepare(
          'INSERT OR IGNORE INTO account_income (id, account_id, kind, symbol, amount_usd, ts) VALUES (?1, ?2, ?3, ?4, ?5, ?6)',
        )
        .bind(`${accountId}:${i.id}`, accountId, i.kind, i.symbol, i.amountUsd, i.ts),
    );
  for (const [stream, cursor] of Object.entries(page.cursors))
    statements.push(
      d1
        .prepare(
          `INSERT INTO fill_cursors (account_id, stream, cursor, updated_at) VALUES (?1, ?2, ?3, ?4)
           ON CONFLICT (account_id, stream) DO UPDATE SET cursor = max(cursor, excluded.cursor), updated_at = excluded.updated_at`,
        )
        .bind(accountId, stream, cursor, now),
    );
  if ((page.fills?.length ?? 0) > 0)
    // A fill imported before its order recorded the exchange's id: who it belongs to, once that is known.
    statements.push(
      d1
        .prepare(
          `UPDATE account_fills SET
             order_id = (SELECT o.id FROM orders o WHERE o.account_id = ?1 AND o.exchange_order_id = account_fills.exchange_order_id),
             user_id = (SELECT o.user_id FROM orders o WHERE o.account_id = ?1 AND o.exchange_order_id = account_fills.exchange_order_id)
           WHERE account_id = ?1 AND user_id IS NULL AND ts > ?2 AND exchange_order_id IS NOT NULL`,
        )
        .bind(accountId, now - ATTRIBUTION_WINDOW_MS),
    );
  if (statements.length > 0) await d1.batch(statements);
}
