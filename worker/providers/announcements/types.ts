import type { AnnouncementExchange } from '../../contract/news-pollers';

/** One exchange announcement, whatever the exchange's own shape. */
export interface ExchangeAnnouncement {
  exchange: AnnouncementExchange;
  /** Stable per announcement: the exchange's id, else its URL, else a hash of its fields. */
  id: string;
  title: string;
  /** Description or body text, when the exchange sends one. */
  body?: string;
  /** The exchange's own type key (Bybit type.key, OKX annType, Binance catalogId). */
  typeKey: string;
  /** The type's display name ("New Listings", "Delisting"). */
  typeTitle: string;
  /** The announcement page (Binance's push has none: its catalogue's list page). */
  url: string;
  /** The exchange's publish time (ms). */
  publishedAt: number;
  tags: string[];
}

/** A page of the newest announcements, newest first, with what the exchange said about its limits. */
export interface AnnouncementPage {
  items: ExchangeAnnouncement[];
  /** 304: nothing changed since the last ETag. */
  notModified: boolean;
  etag: string | null;
}

export interface AnnouncementReader {
  /** The newest announcements (one request). */
  latest(options?: { etag?: string | null }): Promise<AnnouncementPage>;
}
