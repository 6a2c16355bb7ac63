import { pub } from './procedures';
import { accountsRouter } from './routers/accounts';
import { alertsRouter } from './routers/alerts';
import { usersRouter } from './routers/users';

/** The flat router; keys mirror the contract. */
export const router = pub.router({
  ...usersRouter,
  ...accountsRouter,
  ...alertsRouter,
});

export type Router = typeof router;
