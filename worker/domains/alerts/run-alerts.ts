import { and, eq, inArray } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { exchangeAccounts } from '../../db/schema/accounts';
import { alertRules } from '../../db/schema/alerts';
import type { AccountMetrics } from '../../exchanges/metrics';
import type { Position } from '../../exchanges/types';
import type { ExchangeKind } from '../../contract/enums';
import { ALERT_MIN_COOLDOWN_SECONDS } from '../../contract/alerts';
import { ownerSeesAccount } from '../accounts/account-access';
import { alertExtras, type FundingRates } from './alert-extras';
import { evaluatePositionRule, readPositionStates } from './position-alerts';
import {
  firedAlert,
  isExtraMetric,
  metricValue,
  shouldFire,
  type AlertMetric,
  type ExtraMetric,
  type FiredAlert,
} from './evaluate';

/** Per-rule firing limit on top of the cooldown: each firing may reach every alerts chat. */
export const MAX_FIRINGS_PER_RULE_PER_HOUR = 10;

/** The metric judged per position, each with its own cooldown (position-alerts.ts). */
const PER_POSITION = 'liquidationDistance';

type Batch = [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];

/**
 * Evaluates every enabled rule of the given accounts against their new metrics. Each firing is an
 * UPDATE guarded by the cooldown plus an INSERT that only happens when that UPDATE did, in one
 * batch — so the cron and a live poll evaluating the same rule at once cannot both fire it.
 * Only rules whose owner may see the account now are read; the UPDATE also enforces the minimum
 * cooldown (for rules stored before it existed) and the hourly firing limit.
 * (Raw D1 statements: drizzle's batch does not take INSERT … SELECT.)
 * Rules on liquidation distance, funding rate and the day's realized loss read `positions`, the
 * exchange's funding rates (`fundingRates`) and the imported fills (alert-extras.ts); without
 * positions or rates such a rule waits for the next snapshot.
 */
export async function evaluateAlerts(
  db: Db,
  updates: { accountId: string; metrics: AccountMetrics; positions?: Position[] }[],
  now = Date.now(),
  fundingRates?: FundingRates,
): Promise<FiredAlert[]> {
  if (updates.length === 0) return [];
  const byAccount = new Map(updates.map((u) => [u.accountId, u.metrics]));
  const rules: { rule: typeof alertRules.$inferSelect; email: string; exchange: string }[] = [];
  const ids = [...byAccount.keys()];
  for (let i = 0; i < ids.length; i += 90) {
    rules.push(
      ...(await db
        .select({ rule: alertRules, email: exchangeAccounts.email, exchange: exchangeAccounts.exchange })
        .from(alertRules)
        .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, alertRules.accountId))
        .where(
          and(
            eq(alertRules.enabled, true),
            inArray(alertRules.accountId, ids.slice(i, i + 90)),
            ownerSeesAccount(alertRules.userId, alertRules.accountId),
          ),
        )),
    );
  }
  const positionsOf = new Map(updates.map((u) => [u.accountId, u.positions]));
  const perPosition = rules.filter(({ rule }) => rule.metric === PER_POSITION && positionsOf.get(rule.accountId));
  const states = perPosition.length
    ? await readPositionStates(
        db,
        perPosition.map(({ rule }) => rule.id),
      )
    : new Map();
  const wanted = new Map<string, { exchange: string; metrics: Set<ExtraMetric> }>();
  for (const { rule, exchange } of rules)
    if (isExtraMetric(rule.metric) && rule.metric !== PER_POSITION) {
      const w = wanted.get(rule.accountId) ?? { exchange, metrics: new Set<ExtraMetric>() };
      w.metrics.add(rule.metric);
      wanted.set(rule.accountId, w);
    }
  const extras = await alertExtras(
    db,
    [...wanted].map(([accountId, w]) => ({
      accountId,
      exchange: w.exchange as ExchangeKind,
      metrics: w.metrics,
      positions: positionsOf.get(accountId),
    })),
    fundingRates,
    now,
  );
  const fired: FiredAlert[] = [];
  const statements: BatchItem<'sqlite'>[] = [];
  for (const { rule, email } of rules) {
    const metric = rule.metric as AlertMetric;
    const cooldownSeconds = Math.max(rule.cooldownSeconds, ALERT_MIN_COOLDOWN_SECONDS);
    if (metric === PER_POSITION) {
      const positions = positionsOf.get(rule.accountId);
      if (!positions) continue;
      const run = { rule, email, positions, states, cooldownSeconds, maxFiringsPerHour: MAX_FIRINGS_PER_RULE_PER_HOUR, now };
      const judged = await evaluatePositionRule(db, run);
      fired.push(...judged.fired);
      statements.push(...judged.statements);
      continue;
    }
    const own = extras.get(rule.accountId) ?? {};
    const value = metricValue(byAccount.get(rule.accountId)!, metric, own);
    if (value === null) continue;
    if (!shouldFire({ ...rule, cooldownSeconds }, value, now)) {
      statements.push(db.update(alertRules).set({ lastValue: value }).where(eq(alertRules.id, rule.id)));
      continue;
    }
    const event = firedAlert(rule, email, value, isExtraMetric(metric) ? (own[metric]?.symbol ?? null) : null, now);
    const d1 = db.$client;
    const [, inserted] = await d1.batch([
      d1
        .prepare(
          `UPDATE alert_rules SET last_value = ?1, last_fired_at = ?2 WHERE id = ?3 AND (last_fired_at IS NULL OR last_fired_at <= ?4)
           AND (SELECT count(*) FROM alert_events WHERE user_id = ?5 AND rule_id = ?3 AND fired_at > ?6) < ?7`,
        )
        .bind(value, now, rule.id, now - cooldownSeconds * 1000, rule.userId, now - 3_600_000, MAX_FIRINGS_PER_RULE_PER_HOUR),
      d1
        .prepare(
          `INSERT INTO alert_events (id, rule_id, user_id, account_id, metric, operator, threshold, value, message, fired_at)
           SELECT ?1, id, user_id, account_id, metric, operator, threshold, ?2, ?3, ?4 FROM alert_rules WHERE id = ?5 AND last_fired_at = ?4`,
        )
        .bind(event.id, value, event.message, now, rule.id),
    ]);
    if (inserted?.meta.changes) fired.push(event);
  }
  if (statements.length) await db.batch(statements as Batch);
  return fired;
}
