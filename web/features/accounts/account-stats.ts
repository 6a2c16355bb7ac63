import { orpc } from '~/lib/rpc';

/**
 * The minute cron snapshots every account (and a simulated fill writes one at once): the figures
 * change this often, however often the page asks.
 */
export const SNAPSHOT_INTERVAL_MS = 60_000;
/** Older than this and the overview is marked stale. */
export const STATS_STALE_AFTER_MS = 3 * SNAPSHOT_INTERVAL_MS;
/** The page asks this often, so a new snapshot shows within 15 s of being taken. */
export const STATS_REFETCH_MS = 15_000;
/** What the overview says of its cadence: the data's, not the polling's. */
export const STATS_CADENCE = 'new snapshot every minute';

export function accountStatsOptions(email: string) {
  return { ...orpc.getUserAccountStats.queryOptions({ input: { email } }), refetchInterval: STATS_REFETCH_MS };
}
