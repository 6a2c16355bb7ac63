import { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { globalFetch, trimBaseUrl, type FetchFn } from '../http';
import { getExchangeJson, rateLimited, toMs } from './http';
import type { AnnouncementPage, AnnouncementReader, ExchangeAnnouncement } from './types';

export const DEFAULT_BYBIT_BASE_URL = 'https://api.bybit.com';
/** Bybit's "too many visits" (also sent as HTTP 403 by its IP limiter). */
const TOO_MANY_VISITS = 10006;

const announcementSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  type: z.object({ title: z.string().optional(), key: z.string().optional() }).optional(),
  tags: z.array(z.string()).optional(),
  url: z.string(),
  dateTimestamp: z.union([z.number(), z.string()]).optional(),
  publishTime: z.union([z.number(), z.string()]).optional(),
});
const responseSchema = z.object({
  retCode: z.number(),
  retMsg: z.string().optional(),
  result: z.object({ total: z.number().optional(), list: z.array(announcementSchema).optional() }).optional(),
});

export interface BybitConfig {
  baseUrl?: string;
  fetch?: FetchFn;
  now?: () => number;
  timeoutMs?: number;
  /** announcements per request, default 20 */
  limit?: number;
}

/**
 * Bybit V5 `GET /v5/announcements/index?locale=en-US&limit=20` (public): the newest announcements,
 * `result.list[]` of {title, description, type {title, key}, tags, url, dateTimestamp, publishTime}.
 * Bybit's IP limiter answers 403 ("access too frequent") or retCode 10006: both are rate limits.
 */
export class BybitAnnouncements implements AnnouncementReader {
  private readonly baseUrl: string;
  private readonly fetchFn: FetchFn;
  private readonly now: () => number;

  constructor(private readonly config: BybitConfig = {}) {
    this.baseUrl = trimBaseUrl(config.baseUrl ?? DEFAULT_BYBIT_BASE_URL);
    this.fetchFn = config.fetch ?? globalFetch;
    this.now = config.now ?? Date.now;
  }

  async latest(): Promise<AnnouncementPage> {
    const url = `${this.baseUrl}/v5/announcements/index?locale=en-US&limit=${this.config.limit ?? 20}`;
    let answer;
    try {
      answer = await getExchangeJson(
        this.fetchFn,
        url,
        { Accept: 'application/json' },
        {
          exchange: 'Bybit',
          timeoutMs: this.config.timeoutMs ?? 5_000,
          now: this.now(),
        },
      );
    } catch (err) {
      // Bybit's IP limiter: HTTP 403 "access too frequent"; it lifts after about 10 minutes.
      if ((err as { data?: { httpStatus?: number } }).data?.httpStatus === 403)
        throw rateLimited('Bybit', this.now() + 10 * 60_000, 403);
      throw err;
    }
    const parsed = responseSchema.safeParse(answer.body);
    if (!parsed.success)
      throw domainError('BAD_GATEWAY', 'Bybit sent an unreadable announcements answer.', { provider: 'Bybit', retryable: true });
    const { retCode, retMsg, result } = parsed.data;
    if (retCode === TOO_MANY_VISITS) {
      const reset = toMs(answer.headers.get('X-Bapi-Limit-Reset-Timestamp'));
      throw rateLimited('Bybit', reset ?? this.now() + 1_000);
    }
    if (retCode !== 0) {
      throw domainError('BAD_GATEWAY', `Bybit refused the announcements request (${retCode}: ${retMsg ?? 'no message'}).`, {
        provider: 'Bybit',
        retCode,
        retryable: false,
      });
    }
    const items = (result?.list ?? []).map((a): ExchangeAnnouncement => ({
      exchange: 'bybit',
      id: a.url,
      title: a.title,
      body: a.description || undefined,
      typeKey: a.type?.key ?? '',
      typeTitle: a.type?.title ?? '',
      url: a.url,
      publishedAt: toMs(a.publishTime) ?? toMs(a.dateTimestamp) ?? this.now(),
      tags: a.tags ?? [],
    }));
    return { items, notModified: false, etag: null };
  }
}
