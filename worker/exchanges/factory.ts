import { domainError } from '../lib/domain-error';
import { BinanceAdapter } from './binance/adapter';
import { DEFAULT_FUTURES_BASE_URL, type BinanceConfig } from './binance/client';
import { SimulatedExchange } from './simulated/adapter';
import type { ExchangeAdapter, ExchangeKind, SubAccount } from './types';

/** The env vars the exchanges read; typed here so worker/env.ts can wire them in later. */
export interface ExchangeEnv {
  BINANCE_API_KEY?: string;
  BINANCE_API_SECRET?: string;
  BINANCE_BASE_URL?: string;
  BINANCE_FUTURES_BASE_URL?: string;
  /** ms, at most 60000 */
  BINANCE_RECV_WINDOW?: string;
}

export const DEFAULT_BINANCE_BASE_URL = 'https://api.binance.com';

export interface ExchangeFactoryConfig {
  env: ExchangeEnv;
  /** Sub-accounts the simulated master account lists. */
  simulatedAccounts?: SubAccount[];
  /** Test and tuning hooks passed through to the Binance client. */
  binance?: Pick<BinanceConfig, 'fetch' | 'now' | 'sleep' | 'maxRetries' | 'timeoutMs'>;
  now?: () => number;
}

export function isBinanceConfigured(env: ExchangeEnv): boolean {
  return Boolean(env.BINANCE_API_KEY?.trim() && env.BINANCE_API_SECRET?.trim());
}

/** Binance when its keys are set, else the simulated exchange. */
export function defaultExchangeKind(env: ExchangeEnv): ExchangeKind {
  return isBinanceConfigured(env) ? 'binance' : 'simulated';
}

export function createExchangeAdapter(kind: ExchangeKind, config: ExchangeFactoryConfig): ExchangeAdapter {
  if (kind === 'simulated') return new SimulatedExchange({ accounts: config.simulatedAccounts, now: config.now });
  const { env } = config;
  if (!isBinanceConfigured(env)) {
    throw domainError(
      'SERVICE_UNAVAILABLE',
      'Binance is not configured: an admin must set the BINANCE_API_KEY and BINANCE_API_SECRET secrets.',
      { exchange: 'binance' },
    );
  }
  const recvWindow = env.BINANCE_RECV_WINDOW ? Number(env.BINANCE_RECV_WINDOW) : undefined;
  return new BinanceAdapter({
    now: config.now,
    ...config.binance,
    baseUrl: env.BINANCE_BASE_URL?.trim() || DEFAULT_BINANCE_BASE_URL,
    futuresBaseUrl: env.BINANCE_FUTURES_BASE_URL?.trim() || DEFAULT_FUTURES_BASE_URL,
    apiKey: env.BINANCE_API_KEY!.trim(),
    apiSecret: env.BINANCE_API_SECRET!.trim(),
    recvWindow,
  });
}
