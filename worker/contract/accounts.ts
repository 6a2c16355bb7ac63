import { eventIterator, oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { INPUT_ERRORS } from './errors';
import { ACCOUNT_STATUSES, EXCHANGES } from './enums';
import { tradingKeyInfoSchema } from './orders';
import { unchecked } from './unchecked';

export const exchangeSchema = z.enum(EXCHANGES);

export const accountSchema = z.object({
  id: z.string(),
  exchange: exchangeSchema,
  email: z.string(),
  label: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  createdAt: epochMs,
  lastSnapshotAt: epochMsOrNull,
  lastErrorAt: epochMsOrNull,
  lastError: z.string().nullable(),
});

export const metricsSchema = z.object({
  totalBalance: z.number(),
  futuresBalance: z.number(),
  spotBalance: z.number(),
  futuresUpnl: z.number(),
  totalUpnl: z.number(),
  notional: z.number(),
  leverage: z.number().nullable(),
  btcPrice: z.number(),
  positions: z.number(),
});

export const positionSchema = z.object({
  symbol: z.string(),
  side: z.enum(['LONG', 'SHORT']),
  size: z.number(),
  entryPrice: z.number(),
  markPrice: z.number(),
  liquidationPrice: z.number().nullable(),
  leverage: z.number(),
  unrealizedPnl: z.number(),
  notional: z.number(),
  margin: z.number(),
});

export const accountStatsSchema = z.object({
  account: accountSchema,
  ts: epochMsOrNull,
  metrics: metricsSchema.nullable(),
  positions: z.array(positionSchema),
});

export const historyPointSchema = z.object({
  ts: epochMs,
  totalBalance: z.number(),
  futuresUpnl: z.number(),
  totalUpnl: z.number(),
  notional: z.number(),
  leverage: z.number().nullable(),
});

export const PANE_IDS = [
  'total-balance',
  'futures-upnl',
  'leverage',
  'positions-upnl',
  'futures-balance',
  'total-upnl',
  'notional',
  'spot-balance',
  'btc-price',
] as const;

export const dashboardPrefsSchema = z.object({
  panes: z.partialRecord(z.enum(PANE_IDS), z.boolean()),
  positionsUpnlMode: z.enum(['absolute', 'percent']),
});

const emailInput = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) });
const MAX_RANGE_MS = 400 * 86_400_000;

export const liveEventSchema = z.object({
  type: z.enum(['snapshot', 'error']),
  ts: epochMs,
  metrics: metricsSchema.optional(),
  positions: z.array(positionSchema).optional(),
  message: z.string().optional(),
});

export const accountsContract = {
  getUserAccounts: oc
    .route({ method: 'GET', summary: "The caller's accounts; scope 'all' lists every account for admins and the risk team" })
    .input(z.object({ scope: z.enum(['mine', 'all']).default('mine') }).default({ scope: 'mine' }))
    .output(z.array(accountSchema)),
  getUserAccountStats: oc
    .route({ method: 'GET', summary: 'Latest metrics and positions of one account (by sub-account email)' })
    .input(emailInput)
    .output(accountStatsSchema),
  getAccountHistory: oc
    .route({
      method: 'GET',
      summary: 'Charted metric history of one account over a date range (minute rows ≤ 7 days old, hourly before)',
    })
    .input(
      emailInput
        .extend({ from: z.number().int().nonnegative(), to: z.number().int().positive() })
        .refine((v) => v.from < v.to, { message: 'from must be before to' })
        .refine((v) => v.to - v.from <= MAX_RANGE_MS, { message: 'Range is limited to 400 days' }),
    )
    // Typed but not re-validated: thousands of points our own query produced (validation cost ~ the query).
    .output(unchecked(z.object({ points: z.array(historyPointSchema) }))),
  streamAccount: oc
    .route({ method: 'GET', summary: 'Live updates of one account (event stream, keep-alive 5 s)' })
    .input(emailInput)
    // Typed but not re-validated per subscriber: the hub's own events (validation was ~10% of fan-out CPU).
    .output(eventIterator(unchecked(liveEventSchema))),
  getDashboardPrefs: oc.route({ method: 'GET', summary: "The caller's dashboard panes" }).output(dashboardPrefsSchema),
  updateDashboardPrefs: oc
    .route({ method: 'POST', summary: "Save the caller's dashboard panes" })
    .input(dashboardPrefsSchema)
    .output(dashboardPrefsSchema),

  listExchangeAccounts: oc
    .route({ method: 'GET', summary: 'Every account with the users assigned to it and whether it has a trading key (admin)' })
    .output(z.array(accountSchema.extend({ assignedUserIds: z.array(z.string()), tradingKey: tradingKeyInfoSchema.nullable() }))),
  syncExchangeAccounts: oc
    .route({ method: 'POST', summary: 'Import sub-accounts from the exchange (admin)' })
    .input(z.object({ exchange: exchangeSchema }))
    .output(z.object({ added: z.number(), total: z.number() })),
  addExchangeAccount: oc
    .route({ method: 'POST', summary: 'Add one sub-account by email (admin)' })
    .errors({ ...INPUT_ERRORS, CONFLICT: { message: 'This account already exists' } })
    .input(emailInput.extend({ exchange: exchangeSchema, label: z.string().trim().max(80).optional() }))
    .output(accountSchema),
  setAccountAssignment: oc
    .route({ method: 'POST', summary: 'Assign or unassign an account to a user (admin)' })
    .input(z.object({ userId: z.string().min(1).max(64), accountId: z.string().min(1).max(64), assigned: z.boolean() }))
    .output(z.object({ userId: z.string(), accountId: z.string(), assigned: z.boolean() })),
};
