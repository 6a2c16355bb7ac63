import { desc, eq, inArray, sql } from 'drizzle-orm';
import { batchReads } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { tradingHalts, tradingSwitchChanges } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';
import { actorAndTarget, actorAndTargetQuery } from '../users/find-user';

const FIRM = 'firm';
const traderScope = (traderId: string) => `trader:${traderId}`;

/** The switches that could stop this trader, read with every order (in its one db.batch). */
export const haltsQuery = (db: Db, traderId: string) =>
  db
    .select()
    .from(tradingHalts)
    .where(inArray(tradingHalts.scope, [FIRM, traderScope(traderId)]));

/** The switch that stops this trader now, if any: the firm's first, then the trader's. */
export const haltFrom = (rows: (typeof tradingHalts.$inferSelect)[]) => rows.find((r) => r.scope === FIRM) ?? rows[0] ?? null;

/** The switches and their last 100 changes with names, as queries (a write batches them after itself). */
const switchesQueries = (db: Db) =>
  [
    db.select({ halt: tradingHalts, name: users.name }).from(tradingHalts).leftJoin(users, eq(users.id, tradingHalts.traderId)),
    db
      .select({ change: tradingSwitchChanges, name: users.name })
      .from(tradingSwitchChanges)
      .leftJoin(users, eq(users.id, tradingSwitchChanges.traderId))
      .orderBy(desc(tradingSwitchChanges.changedAt), desc(tradingSwitchChanges.id))
      .limit(100),
  ] as const;

type Queries = ReturnType<typeof switchesQueries>;
type SwitchRows = readonly [Awaited<Queries[0]>, Awaited<Queries[1]>];

function toSwitches([rows, changes]: SwitchRows) {
  const dto = (r: (typeof rows)[number]) => ({
    traderId: r.halt.traderId,
    name: r.name,
    reason: r.halt.reason,
    haltedBy: r.halt.haltedBy,
    haltedAt: r.halt.haltedAt,
  });
  return {
    firm: rows.filter((r) => r.halt.scope === FIRM).map(dto)[0] ?? null,
    traders: rows.filter((r) => r.halt.scope !== FIRM).map(dto),
    changes: changes.map(({ change: c, name }) => ({
      traderId: c.traderId,
      name,
      enabled: c.enabled,
      reason: c.reason,
      changedBy: c.changedBy,
      changedAt: c.changedAt,
    })),
  };
}

export type TradingSwitches = ReturnType<typeof toSwitches>;

/** getTradingSwitches: one batch (the caller's fresh check rides in it, rpc/check-rider.ts). */
export async function tradingSwitches(db: Db): Promise<TradingSwitches> {
  return toSwitches(await batchReads(db, switchesQueries(db)));
}

/**
 * Trading off (a row: only orders that close positions are taken) or on (no row) for one trader or
 * the firm; the next order reads it. Every switch — also switching off again with a new reason —
 * records who and when, on the switch and in its history, in one batch.
 */
export async function setTradingEnabled(
  db: Db,
  actorId: string,
  input: { traderId: string | null; enabled: boolean; reason?: string },
  now = Date.now(),
): Promise<{ before: TradingSwitches; after: TradingSwitches; traderEmail: string | null }> {
  const scope = input.traderId === null ? FIRM : traderScope(input.traderId);
  // Round 1, one batch: who acts, on whom, and the switches as they were; round 2: the write and the switches after.
  const [people, halts, changes] = await batchReads(db, [
    actorAndTargetQuery(db, actorId, input.traderId),
    ...switchesQueries(db),
  ]);
  const { actor, target } = actorAndTarget(people, actorId, input.traderId);
  const before = toSwitches([halts, changes]);
  if (input.traderId && !target) throw domainError('NOT_FOUND', 'No such trader');
  const by = actor ? `${actor.name} <${actor.email}>` : actorId;
  const change = db.insert(tradingSwitchChanges).values({
    scope,
    traderId: input.traderId,
    enabled: input.enabled,
    reason: input.reason ?? null,
    changedBy: by,
    changedAt: now,
  });
  const write = input.enabled
    ? db.delete(tradingHalts).where(eq(tradingHalts.scope, scope))
    : db
        .insert(tradingHalts)
        .values({ scope, traderId: input.traderId, reason: input.reason ?? null, haltedBy: by, haltedAt: now })
        .onConflictDoUpdate({
          target: tradingHalts.scope,
          set: { reason: sql`excluded.reason`, haltedBy: sql`excluded.halted_by`, haltedAt: sql`excluded.halted_at` },
        });
  const [, , haltsAfter, changesAfter] = await db.batch([write, change, ...switchesQueries(db)]);
  return { before, after: toSwitches([haltsAfter, changesAfter]), traderEmail: target?.email ?? null };
}
