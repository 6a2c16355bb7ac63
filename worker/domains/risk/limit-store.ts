import { desc, eq, sql } from 'drizzle-orm';
import type { RiskLimitKind } from '../../contract/enums';
import type { Db } from '../../db/client';
import { batchReads } from '../../db/batch-reads';
import { riskLimitChanges, riskLimits } from '../../db/schema/risk';
import { users } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { actorAndTarget, actorAndTargetQuery } from '../users/find-user';
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

/** The limits editor's view as queries: every limit, the overridden traders' names, the newest 200 changes. */
const limitsViewQueries = (db: Db) =>
  [
    limitsQuery(db),
    db.selectDistinct({ id: users.id, name: users.name }).from(riskLimits).innerJoin(users, eq(users.id, riskLimits.traderId)),
    db.select().from(riskLimitChanges).orderBy(desc(riskLimitChanges.changedAt)).limit(200),
  ] as const;

type ViewQueries = ReturnType<typeof limitsViewQueries>;
type ViewRows = readonly [Awaited<ViewQueries[0]>, Awaited<ViewQueries[1]>, Awaited<ViewQueries[2]>];

function toLimitsView([rows, names, changes]: ViewRows) {
  const table = limitTableFrom(rows);
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  return {
    firm: table.firm,
    overrides: [...table.byTrader].map(([traderId, limits]) => ({ traderId, name: nameOf.get(traderId) ?? traderId, limits })),
    changes,
  };
}

export type LimitsView = ReturnType<typeof toLimitsView>;

/** The limits editor's view: firm, overrides with trader names, the newest 200 changes (one batch). */
export async function limitsView(db: Db): Promise<LimitsView> {
  return toLimitsView(await batchReads(db, limitsViewQueries(db)));
}

/**
 * Sets (or clears, value null) one limit and records the change (who, old → new) in the same
 * batch, followed in that batch by the editor's view as it stands after. A no-op change is not
 * recorded. Two rounds, one D1 call each: who acts, on whom and the limit as it was (one batch of
 * reads, the caller's fresh check riding in it); then the write's batch.
 */
export async function setLimit(
  db: Db,
  actorId: string,
  input: { traderId: string | null; kind: RiskLimitKind; value: number | null },
  now = Date.now(),
): Promise<{ old: number | null; traderEmail: string | null; view: LimitsView }> {
  const scope = input.traderId === null ? sql`${riskLimits.traderId} IS NULL` : sql`${riskLimits.traderId} = ${input.traderId}`;
  // Round 1, one batch: who acts and on whom (one read of both), and the limit as it was.
  const [people, existing] = await batchReads(db, [
    actorAndTargetQuery(db, actorId, input.traderId),
    db
      .select()
      .from(riskLimits)
      .where(sql`${scope} AND ${riskLimits.kind} = ${input.kind}`),
  ]);
  const { actor, target } = actorAndTarget(people, actorId, input.traderId);
  if (input.traderId && !target) throw domainError('NOT_FOUND', 'No such trader');
  const traderEmail = target?.email ?? null;
  const old = existing[0]?.value ?? null;
  if (old === input.value) return { old, traderEmail, view: await limitsView(db) };
  const write =
    input.value === null
      ? db.delete(riskLimits).where(sql`${scope} AND ${riskLimits.kind} = ${input.kind}`)
      : existing[0]
        ? db
            .update(riskLimits)
            .set({ value: input.value, updatedBy: actorId, updatedAt: now })
            .where(eq(riskLimits.id, existing[0].id))
        : db.insert(riskLimits).values({
            id: crypto.randomUUID(),
            traderId: input.traderId,
            kind: input.kind,
            value: input.value,
            updatedBy: actorId,
            updatedAt: now,
          });
  const change = db.insert(riskLimitChanges).values({
    id: crypto.randomUUID(),
    traderId: input.traderId,
    kind: input.kind,
    oldValue: old,
    newValue: input.value,
    changedBy: actor ? `${actor.name} <${actor.email}>` : actorId,
    changedAt: now,
  });
  const [, , limits, names, changes] = await db.batch([write, change, ...limitsViewQueries(db)]);
  return { old, traderEmail, view: toLimitsView([limits, names, changes]) };
}
