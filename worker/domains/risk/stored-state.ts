import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { riskDeskState } from '../../db/schema/risk';

/** What risk_desk_state keeps, by row id: each written by the minute cron, read by every viewer. */
export const STORED = {
  /** getAllTradersLatestMetrics's desk state of the newest limit evaluation */
  latest: 1,
  /** fetchAllTraderStats over the default range, as of the newest cron tick */
  defaultStats: 2,
} as const;

/**
 * A stored state answers while it is this recent: the minute cron rewrites it every minute, so
 * only a stopped cron (local dev before the first tick, a test clock) falls back to computing.
 */
export const STORED_FRESH_MS = 3 * 60_000;

/** Stores a computed state; an older computation finishing late never replaces a newer one. */
export async function storeState(db: Db, id: number, computedAt: number, value: unknown) {
  await db
    .insert(riskDeskState)
    .values({ id, evaluatedAt: computedAt, state: JSON.stringify(value) })
    .onConflictDoUpdate({
      target: riskDeskState.id,
      set: { evaluatedAt: sql`excluded.evaluated_at`, state: sql`excluded.state` },
      setWhere: sql`excluded.evaluated_at >= ${riskDeskState.evaluatedAt}`,
    });
}

/** A stored state and when it was computed, however old; null before the first. */
export async function readState<T>(db: Db, id: number): Promise<{ computedAt: number; value: T } | null> {
  const [row] = await db.select().from(riskDeskState).where(eq(riskDeskState.id, id));
  return row ? { computedAt: row.evaluatedAt, value: JSON.parse(row.state) as T } : null;
}

export async function readFreshState<T>(db: Db, id: number, now: number): Promise<T | null> {
  return (await readFreshStateAt<T>(db, id, now))?.value ?? null;
}

/** readFreshState with the time the state was computed. */
export async function readFreshStateAt<T>(db: Db, id: number, now: number) {
  const stored = await readState<T>(db, id);
  return stored && Math.abs(now - stored.computedAt) <= STORED_FRESH_MS ? stored : null;
}
