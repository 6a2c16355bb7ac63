import type { Context } from 'hono';
import { z } from 'zod';
import type { AccessLevel, Session } from '../domains/auth/access';
import type { Db } from '../db/client';
import type { AppEnv } from '../http/app-env';

export interface ServerFnContext {
  c: Context<AppEnv>;
  db: Db;
  session: Session | null;
}

export interface ServerFn<S extends z.ZodType = z.ZodType, R = unknown> {
  method: 'GET' | 'POST';
  access: AccessLevel;
  input: S;
  handler: (args: { input: z.output<S>; ctx: ServerFnContext }) => Promise<R> | R;
}

export function defineServerFn<S extends z.ZodType, R>(fn: ServerFn<S, R>): ServerFn<S, R> {
  return fn;
}

/** GET functions that take no input: absent, null or {}. */
export const noInput = z.undefined().or(z.null()).or(z.object({}).strict());
