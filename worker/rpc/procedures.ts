import { implement } from '@orpc/server';
import { assertAccess, type AccessLevel, type Session } from '../domains/auth/access';
import { reloadAdmin } from '../domains/auth/reload-admin';
import { contract } from '../contract';
import type { RpcContext } from './context';

/** Base procedures, one per access level: a procedure declares its level by the base it uses. */
export const pub = implement(contract).$context<RpcContext>();

const guard = (level: AccessLevel) =>
  pub.middleware(async ({ context, next }) => {
    const session = assertAccess(level, context.session) as Session;
    return next({ context: { session } });
  });

export const authed = pub.use(guard('authed'));
export const approved = pub.use(guard('approved'));
export const riskTeam = pub.use(guard('riskTeam'));
export const terminal = pub.use(guard('terminal'));

/** Admin actions re-read the caller from D1, so a demoted admin loses power before the token expires. */
export const admin = pub.use(guard('admin')).use(async ({ context, next }) => {
  const actor = await reloadAdmin(context.db, context.session);
  return next({ context: { actor } });
});
