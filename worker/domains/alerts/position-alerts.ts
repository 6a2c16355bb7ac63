import { inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { alertPositionStates, type alertRules } from '../../db/schema/alerts';
import type { Position } from '../../exchanges/types';
import { liquidationDistances } from './alert-extras';
import { firedAlert, shouldFire, type FiredAlert } from './evaluate';

/**
 * Alerts about one position (distance to liquidation): every position is judged on its own, with
 * its own last value (for "crosses") and its own cooldown, so a second position coming near fires
 * while the first is still in its cooldown. The rule's own last value and firing show the latest.
 */

type Rule = typeof alertRules.$inferSelect;
interface PositionState {
  lastValue: number | null;
  lastFiredAt: number | null;
}
export type PositionStates = Map<string, PositionState>;

const keyOf = (ruleId: string, symbol: string) => `${ruleId}\u0000${symbol}`;

/** The positions' states of these rules (one read). */
export async function readPositionStates(db: Db, ruleIds: string[]): Promise<PositionStates> {
  const states: PositionStates = new Map();
  for (let i = 0; i < ruleIds.length; i += 90)
    for (const s of await db
      .select()
      .from(alertPositionStates)
      .where(inArray(alertPositionStates.ruleId, ruleIds.slice(i, i + 90))))
      states.set(keyOf(s.ruleId, s.symbol), s);
  return states;
}

export interface PositionRuleRun {
  rule: Rule;
  email: string;
  positions: Position[];
  states: PositionStates;
  cooldownSeconds: number;
  maxFiringsPerHour: number;
  now: number;
}

/**
 * Each position of the account against the rule. A quiet position's value is kept (statements, for
 * the caller's batch); a firing one is written in a batch of its own: its state, guarded by its
 * cooldown and the rule's hourly limit, then the rule's latest and the event only when that write
 * happened — so the cron and a live poll judging the same position at once cannot both fire it.
 */
export async function evaluatePositionRule(
  db: Db,
  run: PositionRuleRun,
): Promise<{ fired: FiredAlert[]; statements: BatchItem<'sqlite'>[] }> {
  const { rule, email, now, cooldownSeconds } = run;
  const fired: FiredAlert[] = [];
  const statements: BatchItem<'sqlite'>[] = [];
  const d1 = db.$client;
  for (const { symbol, value } of liquidationDistances(run.positions)) {
    const state = run.states.get(keyOf(rule.id, symbol)) ?? { lastValue: null, lastFiredAt: null };
    if (!shouldFire({ operator: rule.operator, threshold: rule.threshold, cooldownSeconds, ...state }, value, now)) {
      statements.push(
        db
          .insert(alertPositionStates)
          .values({ ruleId: rule.id, symbol, lastValue: value })
          .onConflictDoUpdate({
            target: [alertPositionStates.ruleId, alertPositionStates.symbol],
            set: { lastValue: sql`excluded.last_value` },
          }),
      );
      continue;
    }
    const event = firedAlert(rule, email, value, symbol, now);
    const firedNow = `EXISTS (SELECT 1 FROM alert_position_states WHERE rule_id = ?1 AND symbol = ?2 AND last_fired_at = ?4)`;
    const [, , inserted] = await d1.batch([
      d1
        .prepare(
          `INSERT INTO alert_position_states (rule_id, symbol, last_value, last_fired_at)
           SELECT ?1, ?2, ?3, ?4 WHERE (SELECT count(*) FROM alert_events WHERE user_id = ?5 AND rule_id = ?1 AND fired_at > ?6) < ?7
           ON CONFLICT (rule_id, symbol) DO UPDATE SET last_value = excluded.last_value, last_fired_at = excluded.last_fired_at
           WHERE alert_position_states.last_fired_at IS NULL OR alert_position_states.last_fired_at <= ?8`,
        )
        .bind(rule.id, symbol, value, now, rule.userId, now - 3_600_000, run.maxFiringsPerHour, now - cooldownSeconds * 1000),
      d1
        .prepare(`UPDATE alert_rules SET last_value = ?3, last_fired_at = ?4 WHERE id = ?1 AND ${firedNow}`)
        .bind(rule.id, symbol, value, now),
      d1
        .prepare(
          `INSERT INTO alert_events (id, rule_id, user_id, account_id, metric, operator, threshold, value, message, fired_at)
           SELECT ?5, id, user_id, account_id, metric, operator, threshold, ?3, ?6, ?4 FROM alert_rules WHERE id = ?1 AND ${firedNow}`,
        )
        .bind(rule.id, symbol, value, now, event.id, event.message),
    ]);
    if (inserted?.meta.changes) fired.push(event);
  }
  return { fired, statements };
}
