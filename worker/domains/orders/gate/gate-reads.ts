import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { AccountMetrics } from '../../../exchanges/metrics';
import type { Position } from '../../../exchanges/types';
import { limitsQuery, limitTableFrom } from '../../risk/limit-store';
import { effectiveLimits } from '../../risk/limits';
import type { GateReads } from './gate-client';
import type { AccountRead } from './gate-core';

/** Accounts that traded a symbol within this window report their snapshot time to the firm gate. */
export const FIRM_TS_WINDOW_MS = 24 * 3_600_000;

interface AssigneeRow {
  user_id: string;
  account_id: string;
  ts: number | null;
  metrics: string | null;
  positions: string | null;
}

/**
 * The gates' reads, unawaited, for the order's one db.batch: every account of every (enabled)
 * trader the account is assigned to, with its latest snapshot; the limits; the firm's net in the
 * symbol and the snapshot times of the accounts that traded it lately.
 */
export function gateQueries(db: Db, accountEmail: string, symbol: string, now: number) {
  return [
    ...traderGateQueries(db, accountEmail),
    db.all<{ net: number | null }>(sql`
      SELECT sum(CASE json_extract(p.value, '$.side') WHEN 'LONG' THEN 1 ELSE -1 END
                 * json_extract(p.value, '$.size') * json_extract(p.value, '$.markPrice')) AS net
      FROM account_latest l, json_each(l.positions) p
      WHERE json_extract(p.value, '$.symbol') = ${symbol}`),
    db.all<{ account_id: string; ts: number }>(tradedLatelyStatement(symbol, now - FIRM_TS_WINDOW_MS)),
  ] as const;
}

/**
 * The snapshot times of the accounts that placed an order in `symbol` since `since`: one seek per
 * account (orders_account_symbol_idx), not a scan of every order in the symbol that day.
 */
export const tradedLatelyStatement = (symbol: string, since: number) => sql`
  SELECT l.account_id, l.ts FROM account_latest l
  WHERE EXISTS (
    SELECT 1 FROM orders o WHERE o.account_id = l.account_id AND o.symbol = ${symbol} AND o.received_at > ${since}
  )`;

/**
 * The trader gates' reads alone (a take-profit or stop-loss passes only those): every account of
 * every enabled trader the account is assigned to, with its latest snapshot, and the limits.
 * `accountEmail` may be a subquery (the email of the order being moved).
 */
export function traderGateQueries(db: Db, accountEmail: string | SQL) {
  return [
    db.all<AssigneeRow>(sql`
      SELECT aa.user_id, aa.account_id, l.ts, l.metrics, l.positions
      FROM account_assignments aa
      JOIN users u ON u.id = aa.user_id AND u.disabled = 0
      LEFT JOIN account_latest l ON l.account_id = aa.account_id
      WHERE aa.user_id IN (
        SELECT a2.user_id FROM account_assignments a2 JOIN exchange_accounts e2 ON e2.id = a2.account_id WHERE e2.email = ${accountEmail}
      )
      ORDER BY aa.user_id, aa.account_id`),
    limitsQuery(db),
  ] as const;
}

type Settled<T> = { -readonly [K in keyof T]: Awaited<T[K]> };
type GateRows = Settled<ReturnType<typeof gateQueries>>;

export function accountReadOf(
  accountId: string,
  ts: number | null,
  metrics: AccountMetrics | null,
  positions: Position[],
): AccountRead {
  return {
    accountId,
    ts,
    equity: metrics?.futuresBalance ?? 0,
    positions: positions.map((p) => ({
      symbol: p.symbol,
      qty: p.side === 'LONG' ? p.size : -p.size,
      mark: p.markPrice,
      leverage: p.leverage,
    })),
  };
}

/** The batch's answers as the gates read them; the caller's own gate first. */
export function gateReadsFrom([assignees, limitRows, net, ts]: GateRows, callerId: string, readAt: number): GateReads {
  const limits = limitTableFrom(limitRows);
  return {
    traders: traderReadsOf(assignees, limits, callerId, readAt),
    firm: { net: net[0]?.net ?? 0, ts: Object.fromEntries(ts.map((r) => [r.account_id, r.ts])), limits: limits.firm, readAt },
  };
}

/** traderGateQueries' answers as the trader gates read them; the caller's own gate first. */
export function traderGateReadsFrom(
  [assignees, limitRows]: Readonly<Settled<ReturnType<typeof traderGateQueries>>>,
  callerId: string,
  readAt: number,
): GateReads['traders'] {
  return traderReadsOf(assignees, limitTableFrom(limitRows), callerId, readAt);
}

function traderReadsOf(
  assignees: AssigneeRow[],
  limits: ReturnType<typeof limitTableFrom>,
  callerId: string,
  readAt: number,
): GateReads['traders'] {
  const byTrader = new Map<string, AccountRead[]>();
  for (const r of assignees) {
    const accounts = byTrader.get(r.user_id) ?? [];
    accounts.push(
      accountReadOf(
        r.account_id,
        r.ts,
        r.metrics ? (JSON.parse(r.metrics) as AccountMetrics) : null,
        r.positions ? (JSON.parse(r.positions) as Position[]) : [],
      ),
    );
    byTrader.set(r.user_id, accounts);
  }
  const ids = [...byTrader.keys()].sort((a, b) => (a === callerId ? -1 : b === callerId ? 1 : a < b ? -1 : 1));
  return ids.map((traderId) => ({
    traderId,
    read: { accounts: byTrader.get(traderId)!, limits: effectiveLimits(limits.firm, limits.byTrader.get(traderId)), readAt },
  }));
}
