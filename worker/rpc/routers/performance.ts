import { firmPerformanceFor } from '../../domains/fills/firm-performance';
import { fillsFor, performanceFor } from '../../domains/fills/performance';
import { getProviderConfig } from '../../env';
import { approved, riskTeam } from '../procedures';

/** What was earned: your own; the risk team and admins may read a trader's (orderReaderTrader), the risk team the firm's. */
export const performanceRouter = {
  getPerformance: approved.getPerformance.handler(({ context, input }) =>
    performanceFor(context.db, getProviderConfig(context.env).trading, context.session, input),
  ),
  listFills: approved.listFills.handler(({ context, input }) => fillsFor(context.db, context.session, input)),
  getFirmPerformance: riskTeam.getFirmPerformance.handler(({ context, input }) => firmPerformanceFor(context.db, input)),
};
