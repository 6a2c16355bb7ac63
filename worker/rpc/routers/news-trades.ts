import { listNewsTrades } from '../../domains/news/trades/list-trades';
import { approved } from '../procedures';

export const newsTradesRouter = {
  listNewsTrades: approved.listNewsTrades.handler(({ context, input }) => listNewsTrades(context.db, context.session, input)),
};
