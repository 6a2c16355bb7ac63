import { hubSubscriberCounts } from '../../wiring/hub-counts';
import { snapshotQueueBacklog } from '../../wiring/queue-backlog';
import { readSystemStatus } from '../../domains/system/status';
import { admin } from '../procedures';
import { createNewsDb } from '../../db/client';

export const systemRouter = {
  getSystemStatus: admin.getSystemStatus.handler(({ context }) => {
    const live = Promise.all([hubSubscriberCounts(context.env), snapshotQueueBacklog(context.env)]).then(([hubs, queue]) => ({
      hubs,
      queue,
    }));
    return readSystemStatus(context.db, live, Date.now(), createNewsDb(context.env.NEWS_DB));
  }),
};
