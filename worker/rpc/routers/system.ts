import { hubSubscriberCounts } from '../../domains/system/hub-counts';
import { snapshotQueueBacklog } from '../../domains/system/queue-backlog';
import { readSystemStatus } from '../../domains/system/status';
import { admin } from '../procedures';

export const systemRouter = {
  getSystemStatus: admin.getSystemStatus.handler(async ({ context }) => {
    const [hubs, queue] = await Promise.all([hubSubscriberCounts(context.env), snapshotQueueBacklog(context.env)]);
    return readSystemStatus(context.db, { hubs, queue });
  }),
};
