import { z } from 'zod';

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
  AUTH_MAX_SIGNUPS_PER_IP: intFromString.default(10),
  AUTH_MAX_SIGNUPS_GLOBAL: intFromString.default(200),
  AUTH_SIGNUP_WINDOW_SECONDS: intFromString.default(3600),
  /**
   * Terminal, risk-team and admin powers need a second factor ("false" turns it off).
   * Anything but "false" (or "0") keeps it on: a typo must not switch a protection off.
   */
  SECOND_FACTOR_REQUIRED: z
    .string()
    .optional()
    .transform((value) => !['false', '0'].includes(value?.trim().toLowerCase() ?? '')),
  /** Passkeys: the relying-party id (a domain); unset: the host the request came to. */
  WEBAUTHN_RP_ID: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null),
  /** Seals authenticator-app secrets ("id:base64key[,…]", current first); unset: authenticator apps are off. */
  SECOND_FACTOR_KEYRING: z
    .string()
    .optional()
    .transform((value) => value?.trim() || null),
  /** Who becomes the first superadmin by signing up (none yet). Unset: nobody; local runs seed demo users. */
  BOOTSTRAP_ADMIN_EMAIL: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || null),
});

export type Config = z.infer<typeof configSchema>;

/** A secret that may be missing: blank counts as missing, and the provider that needs it is off. */
const optionalSecret = z
  .string()
  .optional()
  .transform((value) => value?.trim() || null);
/** A base URL var: empty means the client's own default. */
const optionalBaseUrl = z
  .string()
  .optional()
  .transform((value) => value || undefined);

/** The browsers' push services (Chrome/Edge via FCM, Firefox, Safari, Windows). */
const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'push.services.mozilla.com', 'push.apple.com', 'notify.windows.com'];

/** The vars and optional secrets of the external systems, and the local switches of the live jobs. */
const providerSchema = z
  .object({
    BINANCE_API_KEY: z.string().optional(),
    BINANCE_API_SECRET: z.string().optional(),
    BINANCE_BASE_URL: z.string().optional(),
    BINANCE_FUTURES_BASE_URL: z.string().optional(),
    /** ms, at most 60000 */
    BINANCE_RECV_WINDOW: z.string().optional(),
    TELEGRAM_BOT_TOKEN: optionalSecret,
    TELEGRAM_BASE_URL: optionalBaseUrl,
    X_BEARER_TOKEN: optionalSecret,
    X_BASE_URL: optionalBaseUrl,
    /** X recent search requests per 15 minutes the plan allows (default: X's 450 per app). */
    X_SEARCH_REQUESTS_PER_15MIN: intFromString.optional(),
    BINANCE_ANNOUNCEMENTS_WS_URL: optionalBaseUrl,
    /** A key for Binance's announcement socket only (any key may read it); default the master key above. */
    BINANCE_ANNOUNCEMENTS_API_KEY: optionalSecret,
    BINANCE_ANNOUNCEMENTS_API_SECRET: optionalSecret,
    BYBIT_BASE_URL: optionalBaseUrl,
    OKX_BASE_URL: optionalBaseUrl,
    LOCAL_NEWS_SIMULATOR: z.string().optional(),
    /** 'manual' (worker tests only): news pollers compute their next alarm but set it a day later; tests run them. */
    NEWS_POLLER_ALARMS: z.string().optional(),
    LIVE_POLL_MS: intFromString.default(3000),
    /** "id:base64key[,id:base64key…]", current key first: seals the sub-accounts' trading keys. */
    TRADING_KEYRING: optionalSecret,
    /** Where the terminal's prices come from; unset: Binance when its keys are set, else simulated. */
    MARK_PRICE_SOURCE: z.preprocess((v) => v || undefined, z.enum(['binance', 'simulated']).optional()),
    /** How often the PriceHub reads the upstream (ms). */
    PRICE_TICK_MS: intFromString.default(1000),
    /** Web Push's VAPID key pair, "<public key>:<private key>" (base64url, P-256); unset: push is off. */
    VAPID_KEYS: optionalSecret,
    /** Who the push services may contact about our pushes (mailto: or https:). */
    VAPID_SUBJECT: z.string().optional(),
    /** Push service hosts a subscription may name (comma-separated; a name covers its subdomains). */
    WEB_PUSH_HOSTS: z.string().optional(),
    /** Local fakes only: every push goes to this base URL (path kept) instead of the endpoint's host. */
    WEB_PUSH_BASE_URL: optionalBaseUrl,
  })
  .transform((env) => ({
    /** Read by the exchange factory (it falls back to the simulated exchange without keys). */
    binance: {
      BINANCE_API_KEY: env.BINANCE_API_KEY,
      BINANCE_API_SECRET: env.BINANCE_API_SECRET,
      BINANCE_BASE_URL: env.BINANCE_BASE_URL,
      BINANCE_FUTURES_BASE_URL: env.BINANCE_FUTURES_BASE_URL,
      BINANCE_RECV_WINDOW: env.BINANCE_RECV_WINDOW,
    },
    /** Outbound Telegram forwarding; null token: off (the inbound webhook sources do not need it). */
    telegram: { token: env.TELEGRAM_BOT_TOKEN, baseUrl: env.TELEGRAM_BASE_URL },
    /** Twitter polling sessions; null token: off. */
    x: {
      bearerToken: env.X_BEARER_TOKEN,
      baseUrl: env.X_BASE_URL,
      /** Recent-search requests per 15 min the plan allows: polling sessions must fit in it together. */
      searchRequestsPer15Min: env.X_SEARCH_REQUESTS_PER_15MIN ?? null,
    },
    /** Exchange announcement sources (issue 29); Binance's WebSocket is signed with the Binance keys above. */
    announcements: {
      binanceWsUrl: env.BINANCE_ANNOUNCEMENTS_WS_URL,
      binanceApiKey: env.BINANCE_ANNOUNCEMENTS_API_KEY ?? (env.BINANCE_API_KEY?.trim() || null),
      binanceApiSecret: env.BINANCE_ANNOUNCEMENTS_API_KEY
        ? env.BINANCE_ANNOUNCEMENTS_API_SECRET
        : env.BINANCE_API_SECRET?.trim() || null,
      bybitBaseUrl: env.BYBIT_BASE_URL,
      okxBaseUrl: env.OKX_BASE_URL,
    },
    /** The demo news feed of local runs ("1"). */
    newsSimulator: env.LOCAL_NEWS_SIMULATOR === '1',
    /** Worker tests drive the news pollers' alarms themselves (runDurableObjectAlarm). */
    manualPollerAlarms: env.NEWS_POLLER_ALARMS === 'manual',
    /** How often a watched account is polled (ms). */
    livePollMs: env.LIVE_POLL_MS,
    /** Orders on Binance sub-accounts: each with its own sealed key; null keyring: no keys can be set or used. */
    trading: { keyring: env.TRADING_KEYRING, futuresBaseUrl: env.BINANCE_FUTURES_BASE_URL?.trim() || undefined },
    /** The terminal's mark prices (PriceHub). */
    prices: {
      source: env.MARK_PRICE_SOURCE ?? (env.BINANCE_API_KEY?.trim() && env.BINANCE_API_SECRET?.trim() ? 'binance' : 'simulated'),
      futuresBaseUrl: env.BINANCE_FUTURES_BASE_URL,
      tickMs: env.PRICE_TICK_MS,
    },
    /** Web Push (issue 32): the VAPID keys (checked where used: a malformed pair turns push off, loudly). */
    webPush: {
      vapidKeys: env.VAPID_KEYS,
      subject: env.VAPID_SUBJECT?.trim() || 'mailto:admin@example.com',
      hosts: (env.WEB_PUSH_HOSTS?.trim() ? env.WEB_PUSH_HOSTS.split(',') : DEFAULT_PUSH_HOSTS)
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
      baseUrl: env.WEB_PUSH_BASE_URL,
    },
  }));

export type ProviderConfig = z.output<typeof providerSchema>;

export interface Bindings extends Env {
  JWT_SECRET: string;
  // Optional secrets (`wrangler secret put`), so not in the generated Env: without one, its provider is off.
  BINANCE_API_KEY?: string;
  BINANCE_API_SECRET?: string;
  BINANCE_BASE_URL?: string;
  BINANCE_FUTURES_BASE_URL?: string;
  BINANCE_RECV_WINDOW?: string;
  MARK_PRICE_SOURCE?: string;
  PRICE_TICK_MS?: string;
  TELEGRAM_BOT_TOKEN?: string;
  X_BEARER_TOKEN?: string;
  X_SEARCH_REQUESTS_PER_15MIN?: string;
  BINANCE_ANNOUNCEMENTS_API_KEY?: string;
  BINANCE_ANNOUNCEMENTS_API_SECRET?: string;
  TRADING_KEYRING?: string;
  SECOND_FACTOR_KEYRING?: string;
  WEBAUTHN_RP_ID?: string;
  VAPID_KEYS?: string;
  VAPID_SUBJECT?: string;
  WEB_PUSH_HOSTS?: string;
  WEB_PUSH_BASE_URL?: string;
}

/** A view of the bindings made for one request (rpc/admit-alongside.ts) answers this key with the env it wraps. */
export const RAW_ENV = Symbol('raw env');

/** The env a view of the bindings was made from (the env itself when it is no view). */
export function rawBindings(view: Bindings): Bindings {
  let env = view;
  for (let inner; (inner = (env as unknown as Record<symbol, Bindings | undefined>)[RAW_ENV]);) env = inner;
  return env;
}

/** The bindings with some replaced for one request (a D1 session for DB); config is still parsed once. */
export function withBindings(env: Bindings, replaced: Partial<Bindings> & Record<symbol, unknown>): Bindings {
  return new Proxy(env, {
    get: (target, key) =>
      key === RAW_ENV ? target : key in replaced ? (replaced as Record<PropertyKey, unknown>)[key] : Reflect.get(target, key),
  });
}

/** Parses once per env object (one per isolate); a bad value fails loudly at first use. */
function cachedParser<T>(parse: (env: Bindings) => T): (env: Bindings) => T {
  const cache = new WeakMap<object, T>();
  return (view) => {
    const env = rawBindings(view);
    let value = cache.get(env);
    if (value === undefined) {
      value = parse(env);
      cache.set(env, value);
    }
    return value;
  };
}

/** The app's own vars and its signing secret. */
export const getConfig: (env: Bindings) => Config = cachedParser((env) => configSchema.parse(env));

/** The external systems' vars and secrets: the only way the worker reads them. */
export const getProviderConfig: (env: Bindings) => ProviderConfig = cachedParser((env) => providerSchema.parse(env));
