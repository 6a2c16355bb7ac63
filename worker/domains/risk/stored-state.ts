import { eq, sql, type SQL } from 'drizzle-orm';
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
 * only a stopped cron (the first minute after a deploy, local dev before the first tick, a test
 * clock) falls back to computing.
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

/**
 * A reader that answers from a stored state and computes when there is none fresh, in one round:
 * the state's read and the computation's reads go in one db.batch (one transaction, so all see the
 * same row), each gated on the same SQL test, so exactly one side returns rows. `read` returns the
 * state only while it answers: computed within STORED_FRESH_MS of `now` and, when given, meeting
 * `also` (a condition on risk_desk_state.evaluated_at). `gate` starts a computation's FROM (`FROM ${gate} t …`):
 * a one-row table only while no state answers, joined first, so with a fresh state the read stops
 * at a primary-key probe and returns nothing.
 */
export function storedOrReads(id: number, now: number, also?: SQL) {
  const answers = sql`risk_desk_state.id = ${id} AND abs(${now} - risk_desk_state.evaluated_at) <= ${STORED_FRESH_MS}${also ? sql` AND ${also}` : sql``}`;
  return {
    read: (db: Db) => db.values<[number, string]>(sql`SELECT evaluated_at, state FROM risk_desk_state WHERE ${answers}`),
    gate: sql`(SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM risk_desk_state WHERE ${answers})) AS gate CROSS JOIN`,
  };
}

/** The state `storedOrReads(…).read` returned, or null: compute it from the gated reads. */
export function storedFrom<T>(rows: [number, string][]): { computedAt: number; value: T } | null {
  const [row] = rows;
  return row ? { computedAt: row[0], value: JSON.parse(row[1]) as T } : null;
}
