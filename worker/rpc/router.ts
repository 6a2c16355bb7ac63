import { pub } from './procedures';
import { usersRouter } from './routers/users';

/** The flat router; keys mirror the contract. */
export const router = pub.router({
  ...usersRouter,
});

export type Router = typeof router;
