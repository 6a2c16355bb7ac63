import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tradingHalts } from '../../db/schema/orders';
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

export async function tradingSwitches(db: Db) {
  const rows = await db
    .select({ halt: tradingHalts, name: users.name })
    .from(tradingHalts)
    .leftJoin(users, eq(users.id, tradingHalts.traderId));
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
  };
}

/** Trading off (a row) or on (no row) for one trader or the firm; the next order reads it. */
export async function setTradingEnabled(
  db: Db,
  actorId: string,
  input: { traderId: string | null; enabled: boolean; reason?: string },
  now = Date.now(),
) {
  const scope = input.traderId === null ? FIRM : traderScope(input.traderId);
  if (input.enabled) {
    await db.delete(tradingHalts).where(eq(tradingHalts.scope, scope));
    return;
  }
  const [actor, target] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, actorId), columns: { name: true, email: true } }),
    input.traderId ? db.query.users.findFirst({ where: eq(users.id, input.traderId), columns: { id: true } }) : true,
  ]);
  if (!target) throw domainError('NOT_FOUND', 'No such trader');
  await db
    .insert(tradingHalts)
    .values({
      scope,
      traderId: input.traderId,
      reason: input.reason ?? null,
      haltedBy: actor ? `${actor.name} <${actor.email}>` : actorId,
      haltedAt: now,
    })
    .onConflictDoUpdate({ target: tradingHalts.scope, set: { reason: sql`excluded.reason` } });
}
