import { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { exchangeTime, rateLimited, toMs } from './http';
import { PolledAnnouncementReader, type PolledReaderConfig } from './polled-reader';
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
  dateTimestamp: exchangeTime,
  publishTime: exchangeTime,
});
const responseSchema = z.object({
  retCode: z.number(),
  retMsg: z.string().optional(),
  result: z.object({ total: z.number().optional(), list: z.array(announcementSchema).optional() }).optional(),
});

export interface BybitConfig extends PolledReaderConfig {
  /** announcements per request, default 20 */
  limit?: number;
}

/**
 * Bybit V5 `GET /v5/announcements/index?locale=en-US&limit=20` (public): the newest announcements,
 * `result.list[]` of {title, description, type {title, key}, tags, url, dateTimestamp, publishTime}.
 * Bybit's IP limiter answers 403 ("access too frequent") or retCode 10006: both are rate limits.
 */
export class BybitAnnouncements extends PolledAnnouncementReader<BybitConfig> implements AnnouncementReader {
  constructor(config: BybitConfig = {}) {
    super(config, DEFAULT_BYBIT_BASE_URL, 'Bybit');
  }

  async latest(): Promise<AnnouncementPage> {
    let answer;
    try {
      answer = await this.get(`/v5/announcements/index?locale=en-US&limit=${this.config.limit ?? 20}`, {
        Accept: 'application/json',
      });
    } catch (err) {
      // Bybit's IP limiter: HTTP 403 "access too frequent"; it lifts after about 10 minutes.
      if ((err as { data?: { httpStatus?: number } }).data?.httpStatus === 403)
        throw rateLimited('Bybit', this.now() + 10 * 60_000, 403);
      throw err;
    }
    const { retCode, retMsg, result } = this.read(responseSchema, answer.body);
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
