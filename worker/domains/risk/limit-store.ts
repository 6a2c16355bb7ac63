import { desc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { RiskLimitKind } from '../../contract/enums';
import type { Db } from '../../db/client';
import { riskLimitChanges, riskLimits } from '../../db/schema/risk';
import { users } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import type { LimitSet } from './limits';

export interface LimitTable {
  firm: LimitSet;
  byTrader: Map<string, LimitSet>;
}

/** Every limit in one read: firm defaults and per-trader overrides. */
export async function loadLimits(db: Db): Promise<LimitTable> {
  return limitTableFrom(await limitsQuery(db));
}

/** loadLimits' read, unawaited (for a db.batch). */
export const limitsQuery = (db: Db) => db.select().from(riskLimits);

export function limitTableFrom(rows: (typeof riskLimits.$inferSelect)[]): LimitTable {
  const firm: LimitSet = {};
  const byTrader = new Map<string, LimitSet>();
  for (const r of rows) {
    if (r.traderId === null) firm[r.kind] = r.value;
    else byTrader.set(r.traderId, { ...byTrader.get(r.traderId), [r.kind]: r.value });
  }
  return { firm, byTrader };
}

/** The limits editor's view: firm, overrides with trader names, the newest 200 changes. */
export async function limitsView(db: Db) {
  const [table, names, changes] = await Promise.all([
    loadLimits(db),
    db.all<{ id: string; name: string }>(sql`SELECT DISTINCT u.id, u.name FROM risk_limits l JOIN users u ON u.id = l.trader_id`),
    db.select().from(riskLimitChanges).orderBy(desc(riskLimitChanges.changedAt)).limit(200),
  ]);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    firm: table.firm,
    overrides: [...table.byTrader].map(([traderId, limits]) => ({ traderId, name: nameOf.get(traderId) ?? traderId, limits })),
    changes,
  };
}

/**
 * Sets (or clears, value null) one limit and records the change (who, old → new) in the same
 * batch. A no-op change is not recorded.
 */
export async function setLimit(
  db: Db,
  actorId: string,
  input: { traderId: string | null; kind: RiskLimitKind; value: number | null },
  now = Date.now(),
) {
  const [actor, target] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, actorId), columns: { name: true, email: true } }),
    input.traderId
      ? db.query.users.findFirst({ where: eq(users.id, input.traderId), columns: { id: true } })
      : Promise.resolve(true),
  ]);
  if (!target) throw domainError('NOT_FOUND', 'No such trader');
  const scope = input.traderId === null ? sql`${riskLimits.traderId} IS NULL` : sql`${riskLimits.traderId} = ${input.traderId}`;
  const existing = await db
    .select()
    .from(riskLimits)
    .where(sql`${scope} AND ${riskLimits.kind} = ${input.kind}`);
  const old = existing[0]?.value ?? null;
  if (old === input.value) return;
  const statements: BatchItem<'sqlite'>[] = [
    input.value === null
      ? db.delete(riskLimits).where(sql`${scope} AND ${riskLimits.kind} = ${input.kind}`)
      : existing[0]
        ? db
            .update(riskLimits)
            .set({ value: input.value, updatedBy: actorId, updatedAt: now })
            .where(eq(riskLimits.id, existing[0].id))
        : db
            .insert(riskLimits)
            .values({
              id: crypto.randomUUID(),
              traderId: input.traderId,
              kind: input.kind,
              value: input.value,
              updatedBy: actorId,
              updatedAt: now,
            }),
    db.insert(riskLimitChanges).values({
      id: crypto.randomUUID(),
      traderId: input.traderId,
      kind: input.kind,
      oldValue: old,
      newValue: input.value,
      changedBy: actor ? `${actor.name} <${actor.email}>` : actorId,
      changedAt: now,
    }),
  ];
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}
