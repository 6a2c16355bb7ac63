import { z } from 'zod';

/** Accounts per queue message: 20 × up to 6 exchange calls stays far below a Worker's subrequest cap. */
export const SNAPSHOT_BATCH_SIZE = 20;
/** How often each account's spot balances are read again (the read costs Binance UID weight 60). */
export const SPOT_REFRESH_MS = 15 * 60_000;
/**
 * Spot reads spent per minute at most: 1,000 × 60 = 60,000 of Binance's 180,000 UID weight a
 * minute. At 2,000 accounts every account still gets a fresh spot read within 15 minutes, and
 * adding many accounts at once spreads their first reads over several minutes instead of bursting.
 */
export const SPOT_READS_PER_MINUTE = 1_000;

/** One queue message: a batch of accounts to snapshot for the cron tick at `scheduledAt`. */
export const snapshotBatchMessage = z.object({
  batchId: z.string().min(1),
  scheduledAt: z.number().int().positive(),
  accounts: z
    .array(z.object({ id: z.string().min(1), spot: z.boolean() }))
    .min(1)
    .max(50),
});

export type SnapshotBatchMessage = z.infer<typeof snapshotBatchMessage>;
