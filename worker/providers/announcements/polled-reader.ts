import type { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { globalFetch, trimBaseUrl, type FetchFn } from '../http';
import { getExchangeJson } from './http';

/** What every polled exchange reader can be given (tests pass a fake fetch and clock). */
export interface PolledReaderConfig {
  baseUrl?: string;
  fetch?: FetchFn;
  now?: () => number;
  timeoutMs?: number;
}

/**
 * The part the polled announcement readers (Bybit, OKX) share: the base URL, fetch and clock from
 * the config, one GET of the exchange's JSON, and reading its body by the exchange's schema.
 */
export abstract class PolledAnnouncementReader<C extends PolledReaderConfig> {
  protected readonly baseUrl: string;
  protected readonly fetchFn: FetchFn;
  protected readonly now: () => number;

  protected constructor(
    protected readonly config: C,
    defaultBaseUrl: string,
    /** The exchange's name in errors ('Bybit', 'OKX'). */
    protected readonly exchange: string,
  ) {
    this.baseUrl = trimBaseUrl(config.baseUrl ?? defaultBaseUrl);
    this.fetchFn = config.fetch ?? globalFetch;
    this.now = config.now ?? Date.now;
  }

  /** One GET of `path` below the base URL, with the configured timeout (default 5 s). */
  protected get(path: string, headers: Record<string, string>) {
    return getExchangeJson(this.fetchFn, `${this.baseUrl}${path}`, headers, {
      exchange: this.exchange,
      timeoutMs: this.config.timeoutMs ?? 5_000,
      now: this.now(),
    });
  }

  /** The answer's body read by `schema`; BAD_GATEWAY (retryable) when it does not fit. */
  protected read<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw domainError('BAD_GATEWAY', `${this.exchange} sent an unreadable announcements answer.`, {
        provider: this.exchange,
        retryable: true,
      });
    return parsed.data;
  }
}
