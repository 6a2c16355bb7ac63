import { orpc } from '~/lib/rpc';

/** Snapshots are taken every minute; older than this and the overview is marked stale. */
export const STATS_STALE_AFTER_MS = 3 * 60_000;
export const STATS_REFETCH_MS = 15_000;

export function accountStatsOptions(email: string) {
  return { ...orpc.getUserAccountStats.queryOptions({ input: { email } }), refetchInterval: STATS_REFETCH_MS };
}
