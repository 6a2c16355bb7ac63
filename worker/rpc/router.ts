import { pub } from './procedures';
import { accountsRouter } from './routers/accounts';
import { alertsRouter } from './routers/alerts';
import { newsRouter } from './routers/news';
import { newsMappingsRouter } from './routers/news-mappings';
import { pricesRouter } from './routers/prices';
import { usersRouter } from './routers/users';

/** The flat router; keys mirror the contract. */
export const router = pub.router({
  ...usersRouter,
  ...accountsRouter,
  ...alertsRouter,
  ...newsRouter,
  ...newsMappingsRouter,
  ...pricesRouter,
});

export type Router = typeof router;
