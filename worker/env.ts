import { z } from 'zod';
import type { Session } from './auth/session';

const intFromString = z.coerce.number().int().positive();

const configSchema = z.object({
  SITE_NAME: z.string().min(1).default('Meridian'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  JWT_ISSUER: z.string().min(1).default('meridian'),
  JWT_AUDIENCE: z.string().min(1).default('meridian-app'),
  ACCESS_TOKEN_TTL_SECONDS: intFromString.max(900).min(60).default(600),
  REFRESH_TOKEN_TTL_DAYS: intFromString.default(30),
  AUTH_MAX_FAILS_PER_EMAIL: intFromString.default(5),
  AUTH_MAX_FAILS_PER_IP: intFromString.default(30),
  AUTH_FAIL_WINDOW_SECONDS: intFromString.default(900),
});

export type Config = z.infer<typeof configSchema>;

export interface Bindings extends Env {
  JWT_SECRET: string;
}

const cache = new WeakMap<object, Config>();

/** Vars and secrets parsed once per isolate (per env object). A bad config fails loudly at first use. */
export function getConfig(env: Bindings): Config {
  let config = cache.get(env);
  if (!config) {
    config = configSchema.parse(env);
    cache.set(env, config);
  }
  return config;
}

export interface AppVariables {
  requestId: string;
  session: Session | null;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: AppVariables;
}
