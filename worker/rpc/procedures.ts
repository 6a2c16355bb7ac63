import { implement } from '@orpc/server';
import { assertAccess, type AccessLevel, type Session } from '../domains/auth/access';
import { confirmsInD1, reloadCaller } from '../domains/auth/fresh-caller';
import { contract } from '../contract';
import type { RpcContext } from './context';

/** Base procedures, one per access level: a procedure declares its level by the base it uses. */
export const pub = implement(contract).$context<RpcContext>();

/**
 * The token answers first (no read for callers it already refuses); then every call but a plain
 * approved read confirms the caller in D1 (fresh-caller.ts) and runs with D1's claims, so a
 * removed power or a disabled or signed-out user is refused at once. `actor` is the caller as D1
 * has them when it was read.
 */
const guard = (level: AccessLevel) =>
  pub.middleware(async ({ context, next, procedure }) => {
    const token = assertAccess(level, context.session) as Session;
    const writes = procedure['~orpc'].route.method !== 'GET';
    const caller = confirmsInD1(level, writes, token) ? await reloadCaller(context.db, token, level) : { session: token, user: undefined };
    return next({ context: { session: caller.session, actor: caller.user } });
  });

export const authed = pub.use(guard('authed'));
export const approved = pub.use(guard('approved'));
export const riskTeam = pub.use(guard('riskTeam'));
export const terminal = pub.use(guard('terminal'));

/** Admin handlers act as the caller D1 has: every admin call was confirmed by the guard. */
export const admin = pub.use(guard('admin')).use(({ context, next }) => {
  if (!context.actor) throw new Error('admin call without a confirmed caller');
  return next({ context: { actor: context.actor } });
});
