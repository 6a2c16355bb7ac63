import { implement } from '@orpc/server';
import type { AccessLevel } from '../domains/auth/access';
import { contract } from '../contract';
import { admitCaller } from './admit-caller';
import type { RpcContext } from './context';

/** Base procedures, one per access level: a procedure declares its level by the base it uses. */
export const pub = implement(contract).$context<RpcContext>();

/** Every procedure's access check (admit-caller.ts); writes are the procedures whose route method is not GET. */
const guard = (level: AccessLevel) =>
  pub.middleware(async ({ context, next, procedure }) =>
    next({ context: await admitCaller(context.db, level, context.session, procedure['~orpc'].route.method !== 'GET') }),
  );

export const authed = pub.use(guard('authed'));
export const approved = pub.use(guard('approved'));
export const riskTeam = pub.use(guard('riskTeam'));
export const terminal = pub.use(guard('terminal'));

/** Admin handlers act as the caller D1 has: every admin call was confirmed by the guard. */
export const admin = pub.use(guard('admin')).use(({ context, next }) => {
  if (!context.actor) throw new Error('admin call without a confirmed caller');
  return next({ context: { actor: context.actor } });
});
