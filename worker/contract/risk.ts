import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { positionSchema } from './accounts';
import { RISK_LIMIT_KINDS, TRADER_LIMIT_KINDS } from './enums';
import { unchecked } from './unchecked';

/** The risk-team area (docs/RISK-MODEL.md): every procedure here is risk-team only. */
const MAX_RANGE_MS = 400 * 86_400_000;
const id = z.string().min(1).max(64);

export const dateRangeInput = z
  .object({ from: z.number().int().nonnegative(), to: z.number().int().positive() })
  .refine((v) => v.from < v.to, { message: 'from must be before to' })
  .refine((v) => v.to - v.from <= MAX_RANGE_MS, { message: 'Range is limited to 400 days' });

/** A range whose ends may be left out (each defaults on the server); given both, as dateRangeInput. */
const optionalRangeInput = z
  .object({ from: z.number().int().nonnegative().optional(), to: z.number().int().positive().optional() })
  .refine((v) => v.from === undefined || v.to === undefined || v.from < v.to, {
    message: 'from must be before to',
    path: ['from'],
  })
  .refine((v) => v.from === undefined || v.to === undefined || v.to - v.from <= MAX_RANGE_MS, {
    message: 'Range is limited to 400 days',
  })
  .default({});

export const riskLimitKindSchema = z.enum(RISK_LIMIT_KINDS);

export const breachSchema = z.object({
  id: z.string(),
  traderId: z.string().nullable(),
  traderName: z.string().nullable(),
  kind: riskLimitKindSchema,
  symbol: z.string().nullable(),
  limitValue: z.number(),
  openedValue: z.number(),
  lastValue: z.number(),
  worstValue: z.number(),
  openedAt: epochMs,
  updatedAt: epochMs,
  closedAt: epochMsOrNull,
  acknowledgedAt: epochMsOrNull,
  acknowledgedBy: z.string().nullable(),
  ackNote: z.string().nullable(),
});
export type Breach = z.infer<typeof breachSchema>;

export const traderLatestSchema = z.object({
  traderId: z.string(),
  name: z.string(),
  email: z.string(),
  accounts: z.number(),
  equity: z.number(),
  /** equity now minus the day's open (UTC) */
  dayPnl: z.number(),
  upnl: z.number(),
  leverage: z.number().nullable(),
  notional: z.number(),
  /** fraction below the 30-day peak */
  drawdown: z.number(),
  largestPositionShare: z.number(),
  /** ms of the newest snapshot of the trader's accounts; null: never snapshotted */
  lastUpdate: epochMsOrNull,
  breaches: z.array(z.object({ id: z.string(), kind: riskLimitKindSchema, value: z.number(), limit: z.number() })),
});
export type TraderLatest = z.infer<typeof traderLatestSchema>;

export const seriesStatsSchema = z.object({
  totalReturn: z.number().nullable(),
  maxDrawdown: z.number(),
  volatility: z.number().nullable(),
  sharpe: z.number().nullable(),
  avgLeverage: z.number().nullable(),
  peakLeverage: z.number().nullable(),
  bestDay: z.number().nullable(),
  worstDay: z.number().nullable(),
  days: z.number(),
});

export const accountRiskStatsSchema = seriesStatsSchema.extend({
  accountId: z.string(),
  email: z.string(),
  label: z.string().nullable(),
  largestPositionShare: z.number(),
});

export const traderStatsSchema = seriesStatsSchema.extend({
  traderId: z.string(),
  name: z.string(),
  email: z.string(),
  largestPositionShare: z.number(),
  accounts: z.array(accountRiskStatsSchema),
});
export type TraderStats = z.infer<typeof traderStatsSchema>;

export const limitsSchema = z.partialRecord(riskLimitKindSchema, z.number());
export const limitsViewSchema = z.object({
  firm: limitsSchema,
  overrides: z.array(z.object({ traderId: z.string(), name: z.string(), limits: limitsSchema })),
  changes: z.array(
    z.object({
      id: z.string(),
      traderId: z.string().nullable(),
      kind: riskLimitKindSchema,
      oldValue: z.number().nullable(),
      newValue: z.number().nullable(),
      changedBy: z.string(),
      changedAt: epochMs,
    }),
  ),
});

const historyPoint = z.object({ ts: epochMs, equity: z.number(), gross: z.number(), net: z.number() });
export const stressShocks = [-0.2, -0.1, -0.05, 0.05, 0.1, 0.2] as const;

/** The firm's totals: a trader row's figures summed over the desk. */
export const firmTotalsSchema = traderLatestSchema.pick({
  equity: true,
  dayPnl: true,
  upnl: true,
  notional: true,
  leverage: true,
  lastUpdate: true,
});

/**
 * What one evaluation changed in getAllTradersLatestMetrics's answer, so open views patch their
 * rows instead of refetching all of them: applies on the answer of evaluation `since` (its
 * `asOf`) and leads to `asOf`; `rows` hold only the changed traders, each with only its changed
 * fields. A view holding another state refetches.
 */
export const deskPatchSchema = z.object({
  since: epochMs,
  asOf: epochMs,
  traderCount: z.number(),
  firm: firmTotalsSchema,
  rows: z.array(traderLatestSchema.partial().extend({ traderId: z.string() })),
});
export type DeskPatch = z.infer<typeof deskPatchSchema>;

export const riskEventSchema = z.object({
  type: z.enum(['breach-opened', 'breach-closed', 'snapshot']),
  ts: epochMs,
  breach: breachSchema.optional(),
  /** snapshot: the evaluation's changes to the traders' rows; absent (too many, no base): refetch */
  desk: deskPatchSchema.optional(),
});
export type RiskEvent = z.infer<typeof riskEventSchema>;

/** Limit values: fractions in [0, 10] for drawdown and share, positive numbers for the rest. */
const limitValue = z.number({ error: 'Enter a number' }).finite().positive('A limit must be a positive number').max(1e12);

export const riskContract = {
  getAllTradersLatestMetrics: oc
    .route({ method: 'GET', summary: "Every trader's latest metrics and open breaches (risk team)" })
    .input(z.object({}).default({}))
    .output(
      z.object({
        ts: epochMs,
        /** the evaluation the figures come from (a live patch applies on it; `ts` when computed here) */
        asOf: epochMs,
        firm: firmTotalsSchema,
        traders: z.array(traderLatestSchema),
      }),
    ),
  fetchAllTraderStats: oc
    .route({ method: 'GET', summary: 'Risk stats per trader and account over a date range, default 30 days (risk team)' })
    .input(optionalRangeInput)
    .output(z.object({ from: z.number(), to: z.number(), traders: z.array(traderStatsSchema) })),
  getRiskTrader: oc
    .route({
      method: 'GET',
      summary: 'One trader in depth: accounts, positions, equity curve, stats, breaches, limits (risk team)',
    })
    .input(dateRangeInput.and(z.object({ traderId: id })))
    .output(
      z.object({
        latest: traderLatestSchema,
        stats: traderStatsSchema,
        accounts: z.array(
          z.object({
            id: z.string(),
            email: z.string(),
            label: z.string().nullable(),
            ts: epochMsOrNull,
            positions: z.array(positionSchema),
          }),
        ),
        curve: z.array(historyPoint),
        breaches: z.array(breachSchema),
        limits: limitsSchema,
        overrides: limitsSchema,
      }),
    ),
  getFirmHistory: oc
    .route({ method: 'GET', summary: 'Daily equity, gross and net exposure, summed or per trader (risk team)' })
    .input(dateRangeInput.and(z.object({ traderIds: z.array(id).max(8).optional() })))
    .output(
      unchecked(
        z.object({
          firm: z.array(historyPoint),
          traders: z.array(z.object({ traderId: z.string(), name: z.string(), points: z.array(historyPoint) })),
        }),
      ),
    ),
  getRiskExposure: oc
    .route({ method: 'GET', summary: 'Net exposure by symbol, concentration and the stress test (risk team)' })
    .input(z.object({ altBeta: z.number().finite().min(0).max(5).default(1.2) }).default({ altBeta: 1.2 }))
    .output(
      z.object({
        ts: epochMs,
        symbols: z.array(z.object({ symbol: z.string(), long: z.number(), short: z.number(), net: z.number() })),
        concentration: z.object({
          largestSymbol: z.string().nullable(),
          largestSymbolShare: z.number(),
          largestTrader: z.string().nullable(),
          largestTraderShare: z.number(),
          gross: z.number(),
        }),
        stress: z.object({
          shocks: z.array(z.number()),
          altBeta: z.number(),
          traders: z.array(z.object({ traderId: z.string(), name: z.string(), pnl: z.array(z.number()) })),
          firm: z.array(z.number()),
          positions: z.array(
            z.object({ accountId: z.string(), symbol: z.string(), notional: z.number(), pnl: z.array(z.number()) }),
          ),
        }),
      }),
    ),
  getRiskLimits: oc
    .route({ method: 'GET', summary: 'Firm limits, per-trader overrides and the change log (risk team)' })
    .output(limitsViewSchema),
  setRiskLimit: oc
    .route({ method: 'POST', summary: 'Set or clear (value null) a firm limit or a trader override (risk team)' })
    .input(
      z
        .object({ traderId: id.nullable(), kind: riskLimitKindSchema, value: limitValue.nullable() })
        .refine((v) => v.traderId === null || (TRADER_LIMIT_KINDS as readonly string[]).includes(v.kind), {
          message: 'The symbol exposure limit is firm-wide only',
          path: ['kind'],
        })
        .refine((v) => v.value === null || !['maxDrawdown', 'maxPositionShare'].includes(v.kind) || v.value <= 1, {
          message: 'Drawdown and share limits are fractions between 0 and 1',
          path: ['value'],
        }),
    )
    .output(limitsViewSchema),
  listRiskBreaches: oc
    .route({ method: 'GET', summary: 'Breach episodes, newest first (risk team)' })
    .input(
      z
        .object({
          status: z.enum(['open', 'closed', 'all']).default('all'),
          traderId: id.optional(),
          kind: riskLimitKindSchema.optional(),
          limit: z.number().int().min(1).max(500).default(200),
        })
        .default({ status: 'all', limit: 200 }),
    )
    .output(z.array(breachSchema)),
  acknowledgeRiskBreach: oc
    .route({ method: 'POST', summary: 'Acknowledge a breach with a note (risk team)' })
    .input(z.object({ id, note: z.string().trim().min(1, 'Add a note').max(500) }))
    .output(breachSchema),
  streamRisk: oc
    .route({ method: 'GET', summary: 'Breaches and snapshot ticks as they happen (event stream, keep-alive 5 s; risk team)' })
    .output(eventIterator(unchecked(riskEventSchema))),
};
