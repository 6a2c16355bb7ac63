import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AUDIT_ACTIONS, AUDIT_RESULTS } from '../../contract/enums';

// The audit database (binding AUDIT_DB, migrations-audit/). Append-only: triggers refuse
// every UPDATE and DELETE (migrations-audit/0000_audit_log.sql), so no code path can rewrite or drop
// an entry. Its own database because it keeps every order and privileged action for at least a year
// and the main database is at 58 % of D1's cap already (docs/RELIABILITY.md §4). Nothing here joins
// the main database: who and what are stored as ids and labels as they were.

export const auditLog = sqliteTable(
  'audit_log',
  {
    /** monotonic: the live tail and paging follow it */
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    /** the user who acted (null: nobody signed in, e.g. a failed sign-in) */
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    sessionId: text('session_id'),
    ip: text('ip'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    /** what was acted on: a kind ("user", "account", "order", …), its id and a readable label */
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    /** the trader a trading entry concerns (orders, switches, limits), so the risk team can filter */
    traderId: text('trader_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    result: text('result', { enum: AUDIT_RESULTS }).notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_target_idx').on(t.targetId, t.id),
    index('audit_log_target_label_idx').on(t.targetLabel, t.id),
    index('audit_log_trader_idx').on(t.traderId, t.id),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
