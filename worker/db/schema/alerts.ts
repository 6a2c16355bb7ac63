import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { exchangeAccounts } from './accounts';
import { ALERT_OPERATORS } from '../../contract/enums';
import { users } from './users';
import { createdAt, flag, jsonColumn, ownedBy, textId, updatedAt } from '../columns';

export const alertRules = sqliteTable(
  'alert_rules',
  {
    id: textId(),
    userId: ownedBy('user_id', () => users.id),
    accountId: ownedBy('account_id', () => exchangeAccounts.id),
    metric: text('metric').notNull(),
    operator: text('operator', { enum: ALERT_OPERATORS }).notNull(),
    threshold: real('threshold').notNull(),
    cooldownSeconds: integer('cooldown_seconds').notNull(),
    channels: jsonColumn<string[]>('channels'),
    enabled: flag('enabled', true),
    lastValue: real('last_value'),
    lastFiredAt: integer('last_fired_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('alert_rules_account_idx').on(t.accountId), index('alert_rules_user_idx').on(t.userId)],
);

export const alertEvents = sqliteTable(
  'alert_events',
  {
    id: textId(),
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

/** A per-position alert's state (distance to liquidation): each position fires on its own, with its own cooldown. */
export const alertPositionStates = sqliteTable(
  'alert_position_states',
  {
    ruleId: text('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    symbol: text('symbol').notNull(),
    lastValue: real('last_value'),
    lastFiredAt: integer('last_fired_at'),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.symbol] })],
);
