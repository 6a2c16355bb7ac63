import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Session } from '../auth/access';
import { batchRead } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { exchangeAccounts } from '../../db/schema/accounts';
import { alertEvents, alertRules } from '../../db/schema/alerts';
import { users } from '../../db/schema/users';
import { insertWhere } from '../../db/insert-where';
import { domainError } from '../../lib/domain-error';
import { accountForCallerFrom, accountForCallerQuery, ownerSeesAccount } from '../accounts/account-access';
import { MAX_ALERT_RULES_PER_USER } from '../../contract/alerts';
import type { AlertMetric, AlertOperator } from './evaluate';

export interface RuleFields {
  metric: AlertMetric;
  operator: AlertOperator;
  threshold: number;
  cooldownSeconds: number;
  channels: ('toast' | 'telegram')[];
  enabled: boolean;
}

const ruleWithEmail = (db: Db) =>
  db
    .select({
      rule: alertRules,
      accountEmail: exchangeAccounts.email,
      visible: ownerSeesAccount(alertRules.userId, alertRules.accountId),
    })
    .from(alertRules)
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, alertRules.accountId));

/** A rule on an account its owner no longer sees shows as off and without the account's value. */
function toDto(row: { rule: typeof alertRules.$inferSelect; accountEmail: string; visible: unknown }) {
  const { userId: _userId, updatedAt: _updatedAt, ...rule } = row.rule;
  const hidden = !row.visible;
  return {
    ...rule,
    ...(hidden ? { enabled: false, lastValue: null } : {}),
    metric: rule.metric as AlertMetric,
    channels: rule.channels as ('toast' | 'telegram')[],
    accountEmail: row.accountEmail,
  };
}

export async function listRules(db: Db, userId: string) {
  const rows = await ruleWithEmail(db).where(eq(alertRules.userId, userId)).orderBy(desc(alertRules.createdAt));
  return rows.map(toDto);
}

/** The caller's rule with its account, as a query (so a write can batch it beside itself: one round). */
const ownRuleQuery = (db: Db, userId: string, id: string) =>
  ruleWithEmail(db).where(and(eq(alertRules.id, id), eq(alertRules.userId, userId)));

function found<T>(row: T | undefined): T {
  if (!row) throw domainError('NOT_FOUND', 'Alert rule not found');
  return row;
}

// A batch of one: the caller's fresh check rides in it (one D1 call for both).
const ownRule = async (db: Db, userId: string, id: string) => found((await batchRead(db, ownRuleQuery(db, userId, id)))[0]);

export async function createRule(db: Db, session: Session, input: RuleFields & { accountEmail: string }) {
  // A batch of one: the caller's fresh check rides in it (one D1 call for both).
  const account = accountForCallerFrom(await batchRead(db, accountForCallerQuery(db, session, input.accountEmail)), session);
  const now = Date.now();
  const id = crypto.randomUUID();
  const { accountEmail: _email, ...fields } = input;
  // The cap is checked inside the INSERT (guarded by the caller's own row), so parallel creates
  // cannot pass it together; the rule is read back in the same batch (one round, one transaction).
  const underCap = and(
    eq(users.id, session.sub),
    sql`(SELECT count(*) FROM ${alertRules} WHERE ${alertRules.userId} = ${session.sub}) < ${MAX_ALERT_RULES_PER_USER}`,
  )!;
  const row = {
    ...fields,
    id,
    userId: session.sub,
    accountId: account.id,
    lastValue: null,
    lastFiredAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const [result, rows] = await db.batch([insertWhere(db, alertRules, row, users, underCap), ownRuleQuery(db, session.sub, id)]);
  if (!result.meta.changes) {
    throw domainError(
      'UNPROCESSABLE_CONTENT',
      `You have ${MAX_ALERT_RULES_PER_USER} alert rules, the most allowed. Delete one first.`,
    );
  }
  return toDto(found(rows[0]));
}

export async function updateRule(db: Db, userId: string, input: Partial<RuleFields> & { id: string }) {
  const { id, ...changes } = input;
  const current = await ownRule(db, userId, id);
  if (!current.visible) throw domainError('FORBIDDEN', 'This account is not assigned to you');
  // A changed condition starts fresh: no inherited cooldown or previous value.
  const conditionChanged = changes.metric !== undefined || changes.operator !== undefined || changes.threshold !== undefined;
  // The update and the rule as it stands after it, in one batch (one round).
  const [, rows] = await db.batch([
    db
      .update(alertRules)
      .set({ ...changes, updatedAt: Date.now(), ...(conditionChanged ? { lastValue: null, lastFiredAt: null } : {}) })
      .where(eq(alertRules.id, id)),
    ownRuleQuery(db, userId, id),
  ]);
  return toDto(found(rows[0]));
}

export async function deleteRule(db: Db, userId: string, id: string) {
  await ownRule(db, userId, id);
  await db.delete(alertRules).where(eq(alertRules.id, id));
  return { id };
}

const eventWithEmail = (db: Db) =>
  db
    .select({ event: alertEvents, accountEmail: exchangeAccounts.email })
    .from(alertEvents)
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, alertEvents.accountId));

function eventDto(row: { event: typeof alertEvents.$inferSelect; accountEmail: string }) {
  const { userId: _userId, ...event } = row.event;
  return { ...event, accountEmail: row.accountEmail };
}

export async function listEvents(db: Db, userId: string, limit: number, unacknowledgedOnly: boolean) {
  const where = unacknowledgedOnly
    ? and(eq(alertEvents.userId, userId), isNull(alertEvents.acknowledgedAt))
    : eq(alertEvents.userId, userId);
  const rows = await eventWithEmail(db).where(where).orderBy(desc(alertEvents.firedAt)).limit(limit);
  return rows.map(eventDto);
}

export async function acknowledgeEvent(db: Db, userId: string, id: string) {
  // A batch of one: the caller's fresh check rides in it (one D1 call for both).
  const [found] = await batchRead(db, eventWithEmail(db).where(and(eq(alertEvents.id, id), eq(alertEvents.userId, userId))));
  if (!found) throw domainError('NOT_FOUND', 'Alert not found');
  if (found.event.acknowledgedAt === null) {
    const at = Date.now();
    await db.update(alertEvents).set({ acknowledgedAt: at }).where(eq(alertEvents.id, id));
    found.event.acknowledgedAt = at;
  }
  return eventDto(found);
}
