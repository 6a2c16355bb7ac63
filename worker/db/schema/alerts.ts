import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { exchangeAccounts } from './accounts';
import { ALERT_OPERATORS } from '../../contract/enums';
import { users } from './users';

export const alertRules = sqliteTable(
  'alert_rules',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => exchangeAccounts.id, { onDelete: 'cascade' }),
    metric: text('metric').notNull(),
    operator: text('operator', { enum: ALERT_OPERATORS }).notNull(),
    threshold: real('threshold').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull(),
    channels: text('channels', { mode: 'json' }).$type<string[]>().notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    lastValue: real('last_value'),
    lastFiredAt: integer('last_fired_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('alert_rules_account_idx').on(t.accountId), index('alert_rules_user_idx').on(t.userId)],
);

export const alertEvents = sqliteTable(
  'alert_events',
  {
    id: text('id').primaryKey(),
    /** null once the rule is deleted: the event keeps its own copy of the condition and message. */
    ruleId: text('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    userId: text('user_id').notNull(),
    accountId: text('account_id').notNull(),
    metric: text('metric').notNull(),
    operator: text('operator').notNull(),
    threshold: real('threshold').notNull(),
    value: real('value').notNull(),
    message: text('message').notNull(),
    firedAt: integer('fired_at').notNull(),
    acknowledgedAt: integer('acknowledged_at'),
  },
  (t) => [index('alert_events_user_fired_idx').on(t.userId, t.firedAt)],
);
