import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { RISK_LIMIT_KINDS } from '../../contract/enums';
import { users } from './users';
import { textId, updatedAt } from '../columns';

/**
 * One row per account per UTC day, kept up to date by the snapshot cron, so risk stats over a
 * range read a few rows per account instead of every hourly row (equity is the total balance).
 */
export const accountDaily = sqliteTable(
  'account_daily',
  {
    accountId: text('account_id').notNull(),
    /** ms of the UTC midnight the day starts at */
    day: integer('day').notNull(),
    openTs: integer('open_ts').notNull(),
    openEquity: real('open_equity').notNull(),
    closeTs: integer('close_ts').notNull(),
    closeEquity: real('close_equity').notNull(),
    minEquity: real('min_equity').notNull(),
    maxEquity: real('max_equity').notNull(),
    /** Σ leverage of the day's samples (null leverage counts as 0); average = sum ÷ samples */
    leverageSum: real('leverage_sum').notNull(),
    samples: integer('samples').notNull(),
    peakLeverage: real('peak_leverage').notNull(),
    peakNotional: real('peak_notional').notNull(),
    /** gross (Σ|notional|) and net (longs − shorts) exposure at the close, for exposure history */
    closeNotional: real('close_notional').notNull(),
    closeNetNotional: real('close_net_notional').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), index('account_daily_day_idx').on(t.day)],
);

/** A firm-wide default (traderId null) or a per-trader override of one limit. */
export const riskLimits = sqliteTable(
  'risk_limits',
  {
    id: textId(),
    traderId: text('trader_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: RISK_LIMIT_KINDS }).notNull(),
    value: real('value').notNull(),
    updatedBy: text('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('risk_limits_firm_uq')
      .on(t.kind)
      .where(sql`${t.traderId} IS NULL`),
    uniqueIndex('risk_limits_trader_uq')
      .on(t.traderId, t.kind)
      .where(sql`${t.traderId} IS NOT NULL`),
  ],
);

/** Every change of a limit: who, when, old → new (null: not set). */
export const riskLimitChanges = sqliteTable(
  'risk_limit_changes',
  {
    id: textId(),
    traderId: text('trader_id'),
    kind: text('kind', { enum: RISK_LIMIT_KINDS }).notNull(),
    oldValue: real('old_value'),
    newValue: real('new_value'),
    changedBy: text('changed_by').notNull(),
    changedAt: integer('changed_at').notNull(),
  },
  (t) => [index('risk_limit_changes_at_idx').on(t.changedAt)],
);

/**
 * A breach episode: opened when a limit is crossed, updated while it lasts, closed when back
 * inside. The partial unique index keeps one open episode per scope and kind, so two evaluations
 * racing cannot open it twice.
 */
export const riskBreaches = sqliteTable(
  'risk_breaches',
  {
    id: textId(),
    traderId: text('trader_id'),
    kind: text('kind', { enum: RISK_LIMIT_KINDS }).notNull(),
    /** `trader:<id>` or `symbol:<symbol>` (firm-wide) */
    scopeKey: text('scope_key').notNull(),
    symbol: text('symbol'),
    limitValue: real('limit_value').notNull(),
    openedValue: real('opened_value').notNull(),
    lastValue: real('last_value').notNull(),
    worstValue: real('worst_value').notNull(),
    openedAt: integer('opened_at').notNull(),
    updatedAt: updatedAt(),
    closedAt: integer('closed_at'),
    acknowledgedAt: integer('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by'),
    ackNote: text('ack_note'),
  },
  (t) => [
    uniqueIndex('risk_breaches_open_uq')
      .on(t.scopeKey, t.kind)
      .where(sql`${t.closedAt} IS NULL`),
    index('risk_breaches_opened_idx').on(t.openedAt),
    index('risk_breaches_trader_idx').on(t.traderId, t.openedAt),
  ],
);

/**
 * States the minute cron computes once for every reader, as JSON (ids: domains/risk/stored-state.ts):
 * the desk of the newest limit evaluation (every trader's latest figures and the firm total), so
 * getAllTradersLatestMetrics reads one row instead of the whole desk, and the default range's stats.
 */
export const riskDeskState = sqliteTable('risk_desk_state', {
  id: integer('id').primaryKey(),
  /** when it was computed (the cron's scheduled time) */
  evaluatedAt: integer('evaluated_at').notNull(),
  state: text('state').notNull(),
});

/**
 * The stats fold (metrics.ts SeriesFold) of one series — `a:<accountId>` or `t:<traderId>` — over
 * the settled days [from_day, upto_day); `accounts` is the trader's account ids it was summed over.
 */
export const riskStatsBase = sqliteTable(
  'risk_stats_base',
  {
    fromDay: integer('from_day').notNull(),
    uptoDay: integer('upto_day').notNull(),
    seriesKey: text('series_key').notNull(),
    accounts: text('accounts').notNull(),
    fold: text('fold').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromDay, t.uptoDay, t.seriesKey] })],
);
