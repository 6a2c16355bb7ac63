import { hubSubscriberCounts } from '../../wiring/hub-counts';
import { snapshotQueueBacklog } from '../../wiring/queue-backlog';
import { readSystemStatus } from '../../domains/system/status';
import { admin } from '../procedures';
import { createNewsDb } from '../../db/client';

export const systemRouter = {
  getSystemStatus: admin.getSystemStatus.handler(async ({ context }) => {
    const [hubs, queue] = await Promise.all([hubSubscriberCounts(context.env), snapshotQueueBacklog(context.env)]);
    return readSystemStatus(context.db, { hubs, queue }, Date.now(), createNewsDb(context.env.NEWS_DB));
  }),
};
