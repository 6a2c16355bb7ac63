import { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { exchangeTime, rateLimited, toMs } from './http';
import { PolledAnnouncementReader, type PolledReaderConfig } from './polled-reader';
import type { AnnouncementPage, AnnouncementReader, ExchangeAnnouncement } from './types';

export const DEFAULT_OKX_BASE_URL = 'https://www.okx.com';
/** OKX's "Too Many Requests" code (with HTTP 429). */
const TOO_MANY_REQUESTS = '50011';

const detailSchema = z.object({
  annType: z.string().optional(),
  title: z.string(),
  url: z.string(),
  pTime: exchangeTime,
  businessPTime: exchangeTime,
});
const responseSchema = z.object({
  code: z.string(),
  msg: z.string().optional(),
  data: z.array(z.object({ details: z.array(detailSchema).optional(), totalPage: z.string().optional() })).optional(),
});

/** OKX's announcement types that matter most (GET /api/v5/support/announcement-types lists all). */
export const OKX_TYPE_TITLES: Record<string, string> = {
  'announcements-new-listings': 'New listings',
  'announcements-delistings': 'Delistings',
  'announcements-trading-updates': 'Trading updates',
  'announcements-deposit-withdrawal-suspension-resumption': 'Deposit/withdrawal suspension/resumption',
  'announcements-latest-announcements': 'Latest announcements',
};

export interface OkxConfig extends PolledReaderConfig {
  /** one type only (e.g. announcements-new-listings); default every type, newest first */
  annType?: string;
}

/**
 * OKX `GET /api/v5/support/announcements` (public, 5 requests / 2 s per IP, `Accept-Language:
 * en-US`): `data[0].details[]` of {annType, title, url, pTime, businessPTime} (ms strings). pTime
 * is the real publish time (it may trail the page by minutes); it is the headline's publication
 * time. Conditional requests with the last ETag when OKX sends one.
 */
export class OkxAnnouncements extends PolledAnnouncementReader<OkxConfig> implements AnnouncementReader {
  constructor(config: OkxConfig = {}) {
    super(config, DEFAULT_OKX_BASE_URL, 'OKX');
  }

  async latest(options: { etag?: string | null } = {}): Promise<AnnouncementPage> {
    const query = this.config.annType ? `?annType=${encodeURIComponent(this.config.annType)}` : '';
    const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'en-US' };
    if (options.etag) headers['If-None-Match'] = options.etag;
    const answer = await this.get(`/api/v5/support/announcements${query}`, headers);
    const etag = answer.headers.get('ETag');
    if (answer.status === 304) return { items: [], notModified: true, etag: options.etag ?? etag };
    const { code, msg, data } = this.read(responseSchema, answer.body);
    if (code === TOO_MANY_REQUESTS) throw rateLimited('OKX', this.now() + 2_000);
    if (code !== '0') {
      throw domainError('BAD_GATEWAY', `OKX refused the announcements request (${code}: ${msg || 'no message'}).`, {
        provider: 'OKX',
        okxCode: code,
        retryable: false,
      });
    }
    const items = (data?.[0]?.details ?? []).map((d): ExchangeAnnouncement => {
      const typeKey = d.annType ?? '';
      return {
        exchange: 'okx',
        id: d.url,
        title: d.title,
        typeKey,
        typeTitle: OKX_TYPE_TITLES[typeKey] ?? typeKey.replace(/^announcements-/, '').replace(/-/g, ' '),
        url: d.url,
        publishedAt: toMs(d.pTime) ?? toMs(d.businessPTime) ?? this.now(),
        tags: [],
      };
    });
    return { items, notModified: false, etag };
  }
}
