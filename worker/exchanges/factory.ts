import { domainError } from '../lib/domain-error';
import { BinanceAdapter } from './binance/adapter';
import { DEFAULT_FUTURES_BASE_URL, type BinanceConfig } from './binance/client';
import { SimulatedExchange } from './simulated/adapter';
import type { ExchangeKind } from '../contract/enums';
import type { ExchangeAdapter, SubAccount } from './types';

/** The Binance vars and secrets, as env.ts's getProviderConfig reads them. */
export interface BinanceSettings {
  BINANCE_API_KEY?: string;
  BINANCE_API_SECRET?: string;
  BINANCE_BASE_URL?: string;
  BINANCE_FUTURES_BASE_URL?: string;
  /** ms, at most 60000 */
  BINANCE_RECV_WINDOW?: string;
}

export const DEFAULT_BINANCE_BASE_URL = 'https://api.binance.com';

export interface ExchangeFactoryConfig {
  settings: BinanceSettings;
  /** Sub-accounts the simulated master account lists. */
  simulatedAccounts?: SubAccount[];
  /** Test and tuning hooks passed through to the Binance client. */
  binance?: Pick<BinanceConfig, 'fetch' | 'now' | 'sleep' | 'maxRetries' | 'timeoutMs'>;
  now?: () => number;
}

export function isBinanceConfigured(settings: BinanceSettings): boolean {
  return Boolean(settings.BINANCE_API_KEY?.trim() && settings.BINANCE_API_SECRET?.trim());
}

/** Binance when its keys are set, else the simulated exchange. */
export function defaultExchangeKind(settings: BinanceSettings): ExchangeKind {
  return isBinanceConfigured(settings) ? 'binance' : 'simulated';
}

export function createExchangeAdapter(kind: ExchangeKind, config: ExchangeFactoryConfig): ExchangeAdapter {
  if (kind === 'simulated') return new SimulatedExchange({ accounts: config.simulatedAccounts, now: config.now });
  const { settings } = config;
  if (!isBinanceConfigured(settings)) {
    throw domainError(
      'SERVICE_UNAVAILABLE',
      'Binance is not configured: an admin must set the BINANCE_API_KEY and BINANCE_API_SECRET secrets.',
      { exchange: 'binance' },
    );
  }
  const recvWindow = settings.BINANCE_RECV_WINDOW ? Number(settings.BINANCE_RECV_WINDOW) : undefined;
  return new BinanceAdapter({
    now: config.now,
    ...config.binance,
    baseUrl: settings.BINANCE_BASE_URL?.trim() || DEFAULT_BINANCE_BASE_URL,
    futuresBaseUrl: settings.BINANCE_FUTURES_BASE_URL?.trim() || DEFAULT_FUTURES_BASE_URL,
    apiKey: settings.BINANCE_API_KEY!.trim(),
    apiSecret: settings.BINANCE_API_SECRET!.trim(),
    recvWindow,
  });
}
