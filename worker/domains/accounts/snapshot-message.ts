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
  /** 0 for the cron's batch; n for the n-th follow-up with the accounts that failed in it. */
  round: z.number().int().min(0).max(10).default(0),
  accounts: z
    .array(z.object({ id: z.string().min(1), spot: z.boolean() }))
    .min(1)
    .max(50),
});

export type SnapshotBatchMessage = z.input<typeof snapshotBatchMessage>;

/**
 * Follow-up rounds for accounts that failed inside a batch that otherwise stored (see followUpBatch).
 * Each round is a new message with its own queue retries, so an account is given up on only after
 * failing in every round: at 20 % failing calls that is about one row in 10⁵.
 */
export const MAX_FOLLOW_UP_ROUNDS = 8;

/** Cloudflare Queues' longest delivery delay (12 hours). */
export const MAX_QUEUE_DELAY_SECONDS = 43_200;

/**
 * Seconds before the n-th follow-up (n ≥ 1) is delivered: 5, 10, 20, 40, then every 60 — or the
 * longest Retry-After the exchange asked for, when longer, so a rate-limited account is not hammered.
 */
export const followUpDelaySeconds = (round: number, retryAfterSeconds = 0) =>
  Math.min(Math.max(Math.min(5 * 2 ** Math.max(round - 1, 0), 60), Math.ceil(retryAfterSeconds)), MAX_QUEUE_DELAY_SECONDS);

/**
 * The message that retries the accounts of a batch that failed while the others were stored:
 * without it a transient error on one account loses that account's minute row (the whole-batch
 * retry only covers a batch where every account failed). It keeps the tick's `scheduledAt`, so a
 * follow-up that lands minutes later still writes the row of the minute the cron enqueued (once:
 * the minute row is insert-or-ignore on account + minute). Null when nothing failed or the rounds
 * are used up.
 */
export function followUpBatch(message: SnapshotBatchMessage, failedAccountIds: string[]): SnapshotBatchMessage | null {
  const round = message.round ?? 0;
  if (failedAccountIds.length === 0 || round >= MAX_FOLLOW_UP_ROUNDS) return null;
  const failed = new Set(failedAccountIds);
  return {
    batchId: `${message.batchId.replace(/:r\d+$/, '')}:r${round + 1}`,
    scheduledAt: message.scheduledAt,
    round: round + 1,
    accounts: message.accounts.filter((a) => failed.has(a.id)),
  };
}
