import type { Importance } from '../../../contract/enums';
import {
  ANNOUNCEMENT_EXCHANGE_LABEL,
  BYBIT_PUBLIC_BUDGET,
  DEFAULT_EXCHANGE_POLL_SECONDS,
  describeBudget,
  exchangeSourceId,
  minIntervalSeconds,
  OKX_ANNOUNCEMENTS_BUDGET,
  requestsPerWindow,
  type AnnouncementExchange,
  type RateBudget,
} from '../../../contract/news-pollers';
import type { Db } from '../../../db/client';
import { domainError } from '../../../lib/domain-error';
import { DEFAULT_OTHER_IMPORTANCE } from '../sources/exchange-announcements';

export interface ExchangeSourceFields {
  exchange: AnnouncementExchange;
  enabled: boolean;
  intervalSeconds?: number;
  otherImportance?: Importance;
}

/** The published limit a polled exchange's interval must fit (Binance pushes: none). */
export const EXCHANGE_BUDGETS: Partial<Record<AnnouncementExchange, RateBudget>> = {
  bybit: BYBIT_PUBLIC_BUDGET,
  okx: OKX_ANNOUNCEMENTS_BUDGET,
};

/**
 * Switches an exchange's announcements on or off (one source per exchange, id `exchange-<name>`),
 * with its poll interval (1–60 s, default 2) and the importance of announcements that are neither
 * listings nor delistings. An interval the exchange's published limit cannot carry (one request a
 * poll) is refused with UNPROCESSABLE_CONTENT on the interval. Returns the source's id.
 */
export async function setExchangeSource(db: Db, fields: ExchangeSourceFields): Promise<string> {
  const id = exchangeSourceId(fields.exchange);
  const current = await db.query.newsSources.findFirst({ where: (s, { eq }) => eq(s.id, id) });
  const config = {
    ...(current?.config ?? {}),
    exchange: fields.exchange,
    ...(fields.exchange === 'binance'
      ? {}
      : {
          intervalSeconds:
            fields.intervalSeconds ?? (current?.config.intervalSeconds as number | undefined) ?? DEFAULT_EXCHANGE_POLL_SECONDS,
        }),
    otherImportance:
      fields.otherImportance ?? (current?.config.otherImportance as Importance | undefined) ?? DEFAULT_OTHER_IMPORTANCE,
  };
  const budget = EXCHANGE_BUDGETS[fields.exchange];
  const interval = Number(config.intervalSeconds);
  if (budget && fields.enabled && requestsPerWindow(interval, 1, budget) > budget.requests) {
    const fits = minIntervalSeconds(1, budget);
    const message = `Every ${interval} s is ${describeBudget(requestsPerWindow(interval, 1, budget), budget)} (${budget.note}): poll every ${fits} s or slower.`;
    throw domainError('UNPROCESSABLE_CONTENT', message, { issues: [{ path: ['intervalSeconds'], message }], budget });
  }
  await db.$client
    .prepare(
      `INSERT INTO news_sources (id, kind, name, config, enabled, created_at) VALUES (?1, 'exchange', ?2, ?3, ?4, ?5)
       ON CONFLICT (id) DO UPDATE SET config = excluded.config, enabled = excluded.enabled`,
    )
    .bind(id, ANNOUNCEMENT_EXCHANGE_LABEL[fields.exchange], JSON.stringify(config), fields.enabled ? 1 : 0, Date.now())
    .run();
  return id;
}
