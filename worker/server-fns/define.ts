import type { Context } from 'hono';
import type { z } from 'zod';
import type { ServerFnDefinition } from '../contract/server-fns/define';
import type { Db } from '../db/client';
import type { AccessLevel, Session } from '../domains/auth/access';
import type { AppEnv } from '../http/app-env';

export interface ServerFnContext {
  c: Context<AppEnv>;
  db: Db;
  session: Session | null;
}

/** A handler's session: present for every level above public (the handler checked it). */
type SessionFor<L extends AccessLevel> = L extends 'public' ? Session | null : Session;

type Handler<D extends ServerFnDefinition, L extends AccessLevel> = (args: {
  input: z.output<D['input']>;
  ctx: ServerFnContext & { session: SessionFor<L> };
}) => Promise<z.input<D['output']>> | z.input<D['output']>;

/** How the worker serves one function of the contract: who may call it, and what it does. */
export interface ServerFnImpl<D extends ServerFnDefinition = ServerFnDefinition> {
  access: AccessLevel;
  handler: Handler<D, AccessLevel>;
}

/** Exactly one implementation per function of `contract` (a missing or extra one does not compile). */
export type ServerFnImpls<C extends Record<string, ServerFnDefinition>> = { [N in keyof C]: ServerFnImpl<C[N]> };

export function implementServerFns<C extends Record<string, ServerFnDefinition>>(_contract: C, impls: ServerFnImpls<C>) {
  return impls;
}

// The request handler checks the level before calling (handler.ts), so above 'public' the session is there.
const at =
  <L extends AccessLevel>(access: L) =>
  <D extends ServerFnDefinition>(handler: Handler<D, L>): ServerFnImpl<D> => ({
    access,
    handler: handler as Handler<D, AccessLevel>,
  });

/** Implementations per access level (docs/PRODUCT-RULES.md §3), the server-function twin of rpc/procedures.ts. */
export const publicFn = at('public');
export const approvedFn = at('approved');
export const adminFn = at('admin');
