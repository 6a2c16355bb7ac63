import { oc } from '@orpc/contract';
import { z } from 'zod';
import { epochMs, epochMsOrNull } from './fields';
import { ORDER_SIDES } from './enums';

/** What was earned over a range: realized PnL (gross of fees), fees, funding, and net = realized − fees + funding. */
const earned = {
  realizedPnl: z.number(),
  fees: z.number(),
  funding: z.number(),
  net: z.number(),
};

const DAY = 86_400_000;

/** A range of at most 400 days (the date picker's), in ms since epoch; days are UTC days. */
const rangeFields = {
  from: z.number().int().min(0).max(8.64e15),
  to: z.number().int().min(0).max(8.64e15),
  /** the risk team and admins may read a trader's */
  traderId: z.string().min(1).max(64).optional(),
};
const inRange = <T extends z.ZodType<{ from: number; to: number }>>(schema: T) =>
  schema
    .refine((v) => v.to > v.from, { message: 'The range ends before it starts' })
    .refine((v) => v.to - v.from <= 401 * DAY, { message: 'A range of at most 400 days' });

export const performanceRange = inRange(z.object(rangeFields));
/** Where a page of fills starts: strictly older than this fill (time, then id, both descending). */
export const fillsCursor = z.object({ ts: rangeFields.from, id: z.string().min(1).max(200) });
export type FillsCursor = z.infer<typeof fillsCursor>;

export const fillsInput = inRange(
  z.object({
    ...rangeFields,
    limit: z.number().int().min(1).max(5_000).default(1_000),
    /** the next page: the last fill of the page before (a page shorter than `limit` is the last) */
    before: fillsCursor.optional(),
  }),
);

export const symbolPerformanceSchema = z.object({
  symbol: z.string(),
  /** fills */
  trades: z.number(),
  /** fills that closed some of a position (realized PnL other than 0) */
  closing: z.number(),
  wins: z.number(),
  /** wins ÷ closing fills; null without a closing fill */
  winRate: z.number().nullable(),
  ...earned,
  unrealizedPnl: z.number(),
  bestTrade: z.number().nullable(),
  worstTrade: z.number().nullable(),
  /** Σ price × quantity, USD */
  volume: z.number(),
});
export type SymbolPerformance = z.infer<typeof symbolPerformanceSchema>;

export const dayPerformanceSchema = z.object({ day: z.number(), trades: z.number(), ...earned });
export type DayPerformance = z.infer<typeof dayPerformanceSchema>;

export const performanceSchema = z.object({
  from: z.number(),
  to: z.number(),
  totals: symbolPerformanceSchema.omit({ symbol: true, bestTrade: true, worstTrade: true }),
  symbols: z.array(symbolPerformanceSchema),
  /** every UTC day of the range with a fill or a funding payment, oldest first */
  days: z.array(dayPerformanceSchema),
  /** when the oldest of the trader's accounts was last imported (null: never) */
  importedAt: epochMsOrNull,
  /** the accounts include the simulated venue: its fills, fees and funding are simulated */
  simulated: z.boolean(),
});
export type Performance = z.infer<typeof performanceSchema>;

export const fillSchema = z.object({
  id: z.string(),
  accountEmail: z.string(),
  orderId: z.string().nullable(),
  symbol: z.string(),
  side: z.enum(ORDER_SIDES),
  price: z.number(),
  quantity: z.number(),
  fee: z.number(),
  feeAsset: z.string(),
  feeUsd: z.number(),
  realizedPnl: z.number(),
  maker: z.boolean(),
  ts: epochMs,
});
export type FillDto = z.infer<typeof fillSchema>;

/** Fills and earnings without the per-symbol extras (the firm's and each trader's line). */
const earnedTotals = {
  trades: z.number(),
  closing: z.number(),
  wins: z.number(),
  winRate: z.number().nullable(),
  ...earned,
  volume: z.number(),
};

export const traderPerformanceSchema = z.object({
  traderId: z.string(),
  name: z.string(),
  email: z.string(),
  ...earnedTotals,
  /** the trader's net per UTC day with a fill or funding, oldest first (the comparison chart) */
  days: z.array(z.object({ day: z.number(), net: z.number() })),
});
export type TraderPerformance = z.infer<typeof traderPerformanceSchema>;

export const firmPerformanceSchema = z.object({
  from: z.number(),
  to: z.number(),
  /** every account's fills and funding, each counted once (a shared account's too) */
  totals: z.object(earnedTotals),
  days: z.array(dayPerformanceSchema),
  /** every trader with an account, largest |net| first; a shared account's unattributed fills and funding count for each of its traders */
  traders: z.array(traderPerformanceSchema),
  simulated: z.boolean(),
});
export type FirmPerformance = z.infer<typeof firmPerformanceSchema>;

export const firmPerformanceRange = inRange(z.object({ from: rangeFields.from, to: rangeFields.to }));

export const performanceContract = {
  getPerformance: oc
    .route({
      method: 'GET',
      summary:
        "What you earned over a range: realized PnL, fees, funding and unrealized PnL, per symbol and per UTC day (your own fills and your accounts' funding; the risk team and admins may ask for a trader's)",
    })
    .input(performanceRange)
    .output(performanceSchema),
  listFills: oc
    .route({
      method: 'GET',
      summary:
        "Your fills over a range, newest first, a page of `limit` at a time (`before`: the previous page's last fill): price, quantity, fee (asset and USD), realized PnL, the order (the risk team and admins may ask for a trader's)",
    })
    .input(fillsInput)
    .output(z.array(fillSchema)),
  getFirmPerformance: oc
    .route({
      method: 'GET',
      summary:
        "The firm's realized PnL, fees and funding over a range, per UTC day, and each trader's beside it (the risk team; read from the imported fills, which the minute cron keeps current)",
    })
    .input(firmPerformanceRange)
    .output(firmPerformanceSchema),
};
