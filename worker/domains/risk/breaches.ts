import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Breach, TraderLatest } from '../../contract/risk';
import type { RiskLimitKind } from '../../contract/enums';
import type { Db } from '../../db/client';
import { batchReads } from '../../db/batch-reads';
import { riskBreaches } from '../../db/schema/risk';
import { users } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import type { LimitViolation } from './limits';

/** A violation found for one scope: a trader's (`trader:<id>`) or the firm's per symbol (`symbol:<s>`). */
export interface ScopedViolation extends LimitViolation {
  traderId: string | null;
  scopeKey: string;
}

export const traderScope = (traderId: string) => `trader:${traderId}`;
export const symbolScope = (symbol: string) => `symbol:${symbol}`;
/** A trader's limit on one symbol (maxPositionNotional: every symbol is its own episode). */
export const traderSymbolScope = (traderId: string, symbol: string) => `trader:${traderId}:${symbol}`;
/** The trader of a traderSymbolScope key (undefined for any other scope). */
export const traderOfSymbolScope = (key: string) => /^trader:([^:]+):/.exec(key)?.[1];

const breachColumns = {
  id: riskBreaches.id,
  traderId: riskBreaches.traderId,
  traderName: users.name,
  kind: riskBreaches.kind,
  symbol: riskBreaches.symbol,
  limitValue: riskBreaches.limitValue,
  openedValue: riskBreaches.openedValue,
  lastValue: riskBreaches.lastValue,
  worstValue: riskBreaches.worstValue,
  openedAt: riskBreaches.openedAt,
  updatedAt: riskBreaches.updatedAt,
  closedAt: riskBreaches.closedAt,
  acknowledgedAt: riskBreaches.acknowledgedAt,
  acknowledgedBy: riskBreaches.acknowledgedBy,
  ackNote: riskBreaches.ackNote,
};

// Infinity (leverage on zero equity) cannot be stored in a REAL column as JSON-safe: cap it.
const finite = (v: number) => (Number.isFinite(v) ? v : 1e12);

export interface BreachSync {
  opened: string[];
  closed: string[];
}

/**
 * Brings the breach episodes in line with one evaluation of `scopes`: a violation opens an episode
 * or updates the open one; an open episode of an evaluated scope without its violation closes.
 * `alsoEvaluated` marks scopes judged even when absent from `scopes` (a symbol no longer held).
 * All in one batch. Opening is an upsert on the partial unique index of open episodes, so two
 * evaluations racing end with one episode: the later one updates what the first opened.
 */
export async function syncBreaches(
  db: Db,
  scopes: Set<string>,
  violations: ScopedViolation[],
  now: number,
  alsoEvaluated: (scopeKey: string) => boolean = () => false,
): Promise<BreachSync> {
  const d1 = db.$client;
  const open = await db
    .select({ id: riskBreaches.id, scopeKey: riskBreaches.scopeKey, kind: riskBreaches.kind })
    .from(riskBreaches)
    .where(isNull(riskBreaches.closedAt));
  const still = new Set(violations.map((v) => `${v.scopeKey}|${v.kind}`));
  const toClose = open.filter(
    (b) => (scopes.has(b.scopeKey) || alsoEvaluated(b.scopeKey)) && !still.has(`${b.scopeKey}|${b.kind}`),
  );
  const newIds = violations.map(() => crypto.randomUUID());
  const statements = [
    ...violations.map((v, i) =>
      d1
        .prepare(
          `INSERT INTO risk_breaches (id, trader_id, kind, scope_key, symbol, limit_value, opened_value, last_value, worst_value, opened_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7, ?7, ?8, ?8)
           ON CONFLICT (scope_key, kind) WHERE closed_at IS NULL DO UPDATE SET
             last_value = excluded.last_value, limit_value = excluded.limit_value, symbol = excluded.symbol,
             worst_value = max(worst_value, excluded.last_value), updated_at = max(updated_at, excluded.updated_at)
           RETURNING id`,
        )
        .bind(newIds[i], v.traderId, v.kind, v.scopeKey, v.symbol, v.limit, finite(v.value), now),
    ),
    ...toClose.map((b) =>
      d1
        .prepare('UPDATE risk_breaches SET closed_at = ?2, updated_at = ?2 WHERE id = ?1 AND closed_at IS NULL RETURNING id')
        .bind(b.id, now),
    ),
  ];
  if (statements.length === 0) return { opened: [], closed: [] };
  const results = await d1.batch<{ id: string }>(statements);
  const opened = violations.flatMap((_, i) => (results[i]!.results[0]?.id === newIds[i] ? [newIds[i]!] : []));
  const closed = results.slice(violations.length).flatMap((r) => r.results.map((x) => x.id));
  return { opened, closed };
}

/** D1 binds at most 100 parameters per statement: read ids in chunks below that. */
const READ_CHUNK = 90;

export async function readBreaches(db: Db, ids: string[]): Promise<Breach[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += READ_CHUNK) chunks.push(ids.slice(i, i + READ_CHUNK));
  const rows = await Promise.all(
    chunks.map((chunk) =>
      db
        .select(breachColumns)
        .from(riskBreaches)
        .leftJoin(users, eq(users.id, riskBreaches.traderId))
        .where(sql`${riskBreaches.id} IN ${chunk}`),
    ),
  );
  return rows.flat();
}

/** listBreaches' read, unawaited (for a batch). */
export function breachesQuery(
  db: Db,
  filter: { status: 'open' | 'closed' | 'all'; traderId?: string; kind?: RiskLimitKind; limit: number },
) {
  const where: SQL[] = [];
  if (filter.status === 'open') where.push(isNull(riskBreaches.closedAt));
  if (filter.status === 'closed') where.push(isNotNull(riskBreaches.closedAt));
  if (filter.traderId) where.push(eq(riskBreaches.traderId, filter.traderId));
  if (filter.kind) where.push(eq(riskBreaches.kind, filter.kind));
  return db
    .select(breachColumns)
    .from(riskBreaches)
    .leftJoin(users, eq(users.id, riskBreaches.traderId))
    .where(and(...where))
    .orderBy(desc(riskBreaches.openedAt))
    .limit(filter.limit);
}

/** listRiskBreaches: a batch of one, so the caller's fresh check rides in it (rpc/check-rider.ts). */
export async function listBreaches(db: Db, filter: Parameters<typeof breachesQuery>[1]): Promise<Breach[]> {
  const [rows] = await batchReads(db, [breachesQuery(db, filter)]);
  return rows;
}

/** openBreachesByTrader's read, unawaited (for a batch); with `traderId`, that trader's only. */
export function openBreachesQuery(db: Db, traderId?: string) {
  return db
    .select({
      id: riskBreaches.id,
      traderId: riskBreaches.traderId,
      kind: riskBreaches.kind,
      value: riskBreaches.lastValue,
      limit: riskBreaches.limitValue,
    })
    .from(riskBreaches)
    .where(and(isNull(riskBreaches.closedAt), traderId ? eq(riskBreaches.traderId, traderId) : isNotNull(riskBreaches.traderId)))
    .orderBy(riskBreaches.openedAt, riskBreaches.id);
}

/** The rows of openBreachesQuery by trader. */
export function openBreachesFrom(rows: Awaited<ReturnType<typeof openBreachesQuery>>) {
  const out = new Map<string, TraderLatest['breaches']>();
  for (const { traderId, ...b } of rows) out.set(traderId!, [...(out.get(traderId!) ?? []), b]);
  return out;
}

/** The open episodes per trader, as the overview shows them. */
export async function openBreachesByTrader(db: Db): Promise<Map<string, TraderLatest['breaches']>> {
  return openBreachesFrom(await openBreachesQuery(db));
}

export async function acknowledgeBreach(db: Db, id: string, by: string, note: string, now = Date.now()): Promise<Breach> {
  // The update and the breach as the desk shows it, in one batch (one round).
  const [, [breach]] = await db.batch([
    db.update(riskBreaches).set({ acknowledgedAt: now, acknowledgedBy: by, ackNote: note }).where(eq(riskBreaches.id, id)),
    db
      .select(breachColumns)
      .from(riskBreaches)
      .leftJoin(users, eq(users.id, riskBreaches.traderId))
      .where(eq(riskBreaches.id, id)),
  ]);
  if (!breach) throw domainError('NOT_FOUND', 'No such breach');
  return breach;
}
