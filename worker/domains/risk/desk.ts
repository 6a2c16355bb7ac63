import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batchReads } from '../../db/batch-reads';
import type { AccountMetrics } from '../../exchanges/metrics';
import type { Position } from '../../exchanges/types';
import { dayOf } from '../accounts/daily-rollup';

/** The desk as the risk team sees it: every trader (a user with assigned accounts) and their accounts' latest state. */
export interface DeskAccount {
  id: string;
  email: string;
  label: string | null;
  ts: number | null;
  metrics: AccountMetrics | null;
  positions: Position[];
  /** equity at the UTC day's open (the daily rollup), null before the day's first snapshot */
  dayOpen: number | null;
}

export interface DeskTrader {
  id: string;
  name: string;
  email: string;
  accountIds: string[];
}

export interface Desk {
  traders: DeskTrader[];
  accounts: Map<string, DeskAccount>;
}

interface TraderRow {
  user_id: string;
  name: string;
  email: string;
  account_id: string;
}
interface AccountRow {
  id: string;
  email: string;
  label: string | null;
  ts: number | null;
  metrics: string | null;
  positions: string | null;
  day_open: number | null;
}

/**
 * Two reads in one batch, whatever the desk's size: traders with their account ids, and every
 * account's latest row.
 */
export async function loadDesk(db: Db, now = Date.now(), traderId?: string): Promise<Desk> {
  const [traderRows, accountRows] = await batchReads(db, deskQueries(db, now, traderId));
  return deskFrom(traderRows, accountRows);
}

/**
 * loadDesk's two reads, unawaited, so a caller can put them in one db.batch with its own; `gate`
 * starts their FROM (stored-state.ts storedOrReads: read only when no stored state answers).
 */
export function deskQueries(db: Db, now: number, traderId?: string, gate: SQL = sql``) {
  const only = traderId ? sql`AND u.id = ${traderId}` : sql``;
  return [
    db.all<TraderRow>(sql`
      SELECT u.id AS user_id, u.name, u.email, aa.account_id
      FROM ${gate} account_assignments aa JOIN users u ON u.id = aa.user_id
      WHERE u.disabled = 0 ${only} ORDER BY u.name, u.id, aa.account_id`),
    db.all<AccountRow>(sql`
      SELECT ea.id, ea.email, ea.label, l.ts, l.metrics, l.positions, d.open_equity AS day_open
      FROM ${gate} exchange_accounts ea
      LEFT JOIN account_latest l ON l.account_id = ea.id
      LEFT JOIN account_daily d ON d.account_id = ea.id AND d.day = ${dayOf(now)}
      ${traderId ? sql`WHERE ea.id IN (SELECT account_id FROM account_assignments WHERE user_id = ${traderId})` : sql``}`),
  ] as const;
}

export function deskFrom(traderRows: TraderRow[], accountRows: AccountRow[]): Desk {
  const traders: DeskTrader[] = [];
  for (const r of traderRows) {
    const last = traders.at(-1);
    if (last?.id === r.user_id) last.accountIds.push(r.account_id);
    else traders.push({ id: r.user_id, name: r.name, email: r.email, accountIds: [r.account_id] });
  }
  const accounts = new Map<string, DeskAccount>();
  for (const a of accountRows)
    accounts.set(a.id, {
      id: a.id,
      email: a.email,
      label: a.label,
      ts: a.ts,
      metrics: a.metrics ? (JSON.parse(a.metrics) as AccountMetrics) : null,
      positions: a.positions ? (JSON.parse(a.positions) as Position[]) : [],
      dayOpen: a.day_open,
    });
  return { traders, accounts };
}

/** Signed notional (long +, short −) by symbol across some accounts. */
export function netBySymbol(accounts: DeskAccount[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of accounts)
    for (const p of a.positions) out[p.symbol] = (out[p.symbol] ?? 0) + (p.side === 'LONG' ? p.notional : -p.notional);
  return out;
}

export function accountsOf(desk: Desk, trader: DeskTrader): DeskAccount[] {
  return trader.accountIds.map((id) => desk.accounts.get(id)).filter((a): a is DeskAccount => a !== undefined);
}

/**
 * Each trader's peak summed equity over the days since `since` (the daily closes and the days'
 * highs of a single account), computed in D1 so a year of days never leaves the database; unawaited
 * (for a batch; `gate` as deskQueries'). peaksFrom maps its rows.
 */
export function traderPeaksQuery(db: Db, since: number, traderId?: string, gate: SQL = sql``) {
  const only = traderId ? sql`AND aa.user_id = ${traderId}` : sql``;
  return db.all<{ user_id: string; peak: number }>(sql`
    SELECT user_id, max(total) AS peak FROM (
      SELECT aa.user_id, d.day, sum(CASE WHEN n.cnt = 1 THEN d.max_equity ELSE d.close_equity END) AS total
      FROM ${gate} account_daily d
      JOIN account_assignments aa ON aa.account_id = d.account_id
      JOIN (SELECT user_id, count(*) AS cnt FROM account_assignments GROUP BY user_id) n ON n.user_id = aa.user_id
      WHERE d.day >= ${since} ${only}
      GROUP BY aa.user_id, d.day
    ) GROUP BY user_id`);
}

export const peaksFrom = (rows: { user_id: string; peak: number }[]) => new Map(rows.map((r) => [r.user_id, r.peak]));
