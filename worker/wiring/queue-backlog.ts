import type { QueueBacklog } from '../contract/system';
import type { Bindings } from '../env';
import { askWithTimeout } from '../domains/system/ask-with-timeout';

/**
 * The snapshot queue's own backlog (Queue.metrics(): messages not yet acknowledged, retries and
 * delayed follow-ups included), beside what the D1 batch records say. Null when the runtime could
 * not tell in time: the D1 figures still stand.
 */
export async function snapshotQueueBacklog(env: Bindings): Promise<QueueBacklog | null> {
  const metrics = await askWithTimeout(() => env.SNAPSHOT_QUEUE.metrics());
  if (!metrics) return null;
  const oldest = metrics.oldestMessageTimestamp ? new Date(metrics.oldestMessageTimestamp).getTime() : null;
  return {
    messages: metrics.backlogCount,
    bytes: metrics.backlogBytes,
    oldestMessageAt: oldest !== null && Number.isFinite(oldest) && metrics.backlogCount > 0 ? oldest : null,
  };
}
