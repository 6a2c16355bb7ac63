import { pub } from './procedures';
import { accountsRouter } from './routers/accounts';
import { alertsRouter } from './routers/alerts';
import { newsRouter } from './routers/news';
import { newsMappingsRouter } from './routers/news-mappings';
import { pricesRouter } from './routers/prices';
import { usersRouter } from './routers/users';
import { todoRouter } from './routers/todo';
import { riskRouter } from './routers/risk';
import { systemRouter } from './routers/system';
import { ordersRouter } from './routers/orders';
import { liveStreamRouter } from './live-streams/procedures';
import { securityRouter } from './routers/security';
import { auditRouter } from './routers/audit';
import { watchlistsRouter } from './routers/watchlists';
import { pushRouter } from './routers/push';
import { performanceRouter } from './routers/performance';
import { newsTradesRouter } from './routers/news-trades';

/** The flat router; keys mirror the contract. */
export const router = pub.router({
  ...usersRouter,
  ...accountsRouter,
  ...alertsRouter,
  ...newsRouter,
  ...newsMappingsRouter,
  ...todoRouter,
  ...riskRouter,
  ...pricesRouter,
  ...systemRouter,
  ...ordersRouter,
  ...liveStreamRouter,
  ...securityRouter,
  ...auditRouter,
  ...watchlistsRouter,
  ...pushRouter,
  ...performanceRouter,
  ...newsTradesRouter,
});

export type Router = typeof router;
