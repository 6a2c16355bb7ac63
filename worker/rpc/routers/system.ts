import { hubSubscriberCounts } from '../../domains/system/hub-counts';
import { readSystemStatus } from '../../domains/system/status';
import { admin } from '../procedures';

export const systemRouter = {
  getSystemStatus: admin.getSystemStatus.handler(async ({ context }) =>
    readSystemStatus(context.db, await hubSubscriberCounts(context.env)),
  ),
};
