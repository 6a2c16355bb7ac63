import { hubSubscriberCounts } from '../../wiring/hub-counts';
import { snapshotQueueBacklog } from '../../wiring/queue-backlog';
import { readSystemStatus } from '../../domains/system/status';
import { admin } from '../procedures';

export const systemRouter = {
  getSystemStatus: admin.getSystemStatus.handler(({ context }) => {
    const live = Promise.all([hubSubscriberCounts(context.env), snapshotQueueBacklog(context.env)]).then(([hubs, queue]) => ({
      hubs,
      queue,
    }));
    return readSystemStatus(context.db, live);
  }),
};
