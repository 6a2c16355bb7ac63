import { z } from 'zod';
import { assertAccess } from '../auth/access';
import { findUserById } from '../domains/users/find-user';
import { appError } from '../lib/errors';
import { defineServerFn, type ServerFn } from './define';

/** GET functions of the settings pages take no input: absent, null or {}. */
export const noInput = z.undefined().or(z.null()).or(z.object({}).strict());

/**
 * defineServerFn for the news settings functions. Admin functions also re-read the caller from D1
 * (as the RPC `admin` base procedure does), so a demoted or disabled admin loses the power to change
 * shared configuration at once, not when the access token expires.
 */
export function defineNewsServerFn<S extends z.ZodType, R>(fn: ServerFn<S, R>): ServerFn<S, R> {
  if (fn.access !== 'admin') return defineServerFn(fn);
  return defineServerFn({
    ...fn,
    handler: async (args) => {
      const { session, db } = args.ctx;
      const actor = session ? await findUserById(db, session.sub) : undefined;
      if (!session || !actor || actor.disabled) throw appError('UNAUTHORIZED', 'Sign in required');
      assertAccess('admin', { ...session, role: actor.role, approved: actor.approved });
      return fn.handler(args);
    },
  });
}
