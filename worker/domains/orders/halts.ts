import { desc, eq, inArray, sql } from 'drizzle-orm';
import { batchReads } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { tradingHalts, tradingSwitchChanges } from '../../db/schema/orders';
import { users } from '../../db/schema/users';
import { domainError } from '../../lib/domain-error';

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

export async function tradingSwitches(db: Db): Promise<TradingSwitches> {
  // One D1 call (batchReads): the caller's fresh check rides along (check-rider.ts).
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
  // Round 1: who acts, on whom, and the switches as they were; round 2: the write and the switches after.
  // Round 1 is one D1 call (batchReads; the caller's fresh check rides along). Selects, not findFirst:
  // drizzle 0.45 cannot map a batched findFirst that finds no row. No trader: a read of no row.
  const [[actor], [target], ...switches] = await batchReads(db, [
    db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, actorId)).limit(1),
    db
      .select({ email: users.email })
      .from(users)
      .where(input.traderId ? eq(users.id, input.traderId) : sql`0`)
      .limit(1),
    ...switchesQueries(db),
  ]);
  const before = toSwitches(switches);
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
  const [, , halts, changes] = await db.batch([write, change, ...switchesQueries(db)]);
  return { before, after: toSwitches([halts, changes]), traderEmail: target?.email ?? null };
}
