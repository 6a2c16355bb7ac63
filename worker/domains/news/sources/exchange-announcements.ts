import type { Importance } from '../../../contract/enums';
import { ANNOUNCEMENT_EXCHANGE_LABEL, type AnnouncementExchange } from '../../../contract/news-pollers';
import type { ExchangeAnnouncement } from '../../../providers/announcements/types';
import type { RawNewsItem } from '../types';

export type AnnouncementKind = 'listing' | 'delisting' | 'other';

/** The exchanges' own type keys for listings and delistings. */
const LISTING_TYPES = new Set([
  // Bybit type.key
  'new_crypto',
  'new_fiat_listings',
  // OKX annType
  'announcements-new-listings',
  // Binance catalogId: New Cryptocurrency Listing
  '48',
]);
const DELISTING_TYPES = new Set(['delistings', 'announcements-delistings', '161']);

const DELISTING =
  /\bdelist(?:s|ed|ing)?\b|\bwill (?:remove|cease|halt)\b.*\b(?:trading pairs?|spot|margin|futures|perpetual|contracts?)\b|\bremoval of\b.*\btrading pairs?\b/i;
const LISTING =
  /\bwill (?:list|add|launch|introduce)\b|\bto list\b|\blists\b|\bnew (?:listing|crypto(?:currency)? listing|perpetual|contract)s?\b|\blaunch(?:es)?\b.*\b(?:perpetual|futures|contracts?)\b|\bis now (?:listed|available for trading)\b/i;

/**
 * Listing, delisting or anything else: the exchange's own type first, the title when the type
 * says nothing (Binance's and OKX's general catalogues carry listings too). A delisting wins over
 * a listing ("… will delist FOO and list BAR" moves FOO the most).
 */
export function announcementKind(a: Pick<ExchangeAnnouncement, 'typeKey' | 'typeTitle' | 'title'>): AnnouncementKind {
  if (DELISTING_TYPES.has(a.typeKey) || DELISTING.test(a.title)) return 'delisting';
  if (LISTING_TYPES.has(a.typeKey) || LISTING.test(a.title)) return 'listing';
  if (/\bdelisting\b/i.test(a.typeTitle)) return 'delisting';
  if (/\blisting\b/i.test(a.typeTitle)) return 'listing';
  return 'other';
}

/** Quote assets a pair or contract ends in, longest first (so FDUSD wins over USD). */
const QUOTES = ['FDUSD', 'USDT', 'USDC', 'TUSD', 'USDE', 'BUSD', 'USD', 'BTC', 'ETH', 'BNB', 'EUR', 'TRY', 'BRL', 'JPY'];
const QUOTE_ALT = QUOTES.join('|');
/** Words in parentheses or capitals that are not tickers. */
const NOT_TICKERS = new Set([
  'UTC',
  'API',
  'KYC',
  'AML',
  'FAQ',
  'NFT',
  'APR',
  'APY',
  'VIP',
  'ETF',
  'USDⓈ',
  'USDS-M',
  'COIN-M',
  'AM',
  'PM',
  'AND',
  'THE',
  'FOR',
  'NEW',
  'WILL',
  'SPOT',
  'PERP',
  'SWAP',
  'HODLER',
  'AIRDROPS',
  'SEED',
  'TAG',
  'ALPHA',
  'LAUNCHPOOL',
  'MEGADROP',
  'OTC',
]);

const TICKER = '[A-Z0-9]{2,20}';
/** "Foo (FOO)", "Foo Token (FOO)": a ticker in parentheses. */
const PARENTHESISED = new RegExp(`\\((${TICKER})\\)`, 'g');
/** FOO/USDT, FOO-USDT, FOO_USDT, FOO-USDT-SWAP (OKX), FOOUSD_PERP (coin-margined). */
const SEPARATED_PAIR = new RegExp(`\\b(${TICKER}?)[/_-](?:${QUOTE_ALT})(?:-SWAP|-\\d{6})?\\b`, 'g');
const COIN_PERP = new RegExp(`\\b(${TICKER}?)USD_PERP\\b`, 'g');
/** FOOUSDT, 1000PEPEUSDT (a pair or contract written as one word, all capitals). */
const JOINED_PAIR = new RegExp(`\\b(${TICKER}?)(?:${QUOTE_ALT})(?:\\s+perpetual|\\s+perp)?\\b`, 'g');

function keep(symbol: string | undefined, into: Set<string>) {
  if (!symbol) return;
  const s = symbol.toUpperCase();
  if (s.length < 2 || NOT_TICKERS.has(s) || QUOTES.includes(s) || /^\d+$/.test(s)) return;
  into.add(s);
}

/**
 * The symbols an announcement names: tickers in parentheses ("Binance Will List Foo (FOO)" → FOO),
 * pairs (FOO/USDT, FOO-USDT, FOOUSDT) and contract names (FOOUSDT Perpetual, FOO-USDT-SWAP,
 * FOOUSD_PERP), from the title, and from the body only when the title names none. A quote asset
 * alone (USDT) is not a symbol, except in parentheses ("Tether (USDT)").
 */
export function announcementSymbols(title: string, body?: string): string[] {
  const found = new Set<string>();
  const scan = (text: string) => {
    for (const m of text.matchAll(PARENTHESISED)) {
      const s = m[1]!;
      if (!NOT_TICKERS.has(s) && !/^\d+$/.test(s)) found.add(s);
    }
    for (const m of text.matchAll(SEPARATED_PAIR)) keep(m[1], found);
    for (const m of text.matchAll(COIN_PERP)) keep(m[1], found);
    for (const m of text.matchAll(JOINED_PAIR)) {
      // Only a word in capitals ("Tusdt" or prose is not a pair), and not a quote asset itself (FDUSD).
      const word = m[0].split(/\s/)[0]!;
      if (QUOTES.includes(word)) continue;
      if (m[0] === m[0].toUpperCase() || /perp/i.test(m[0])) keep(m[1], found);
    }
  };
  scan(title);
  if (!found.size && body) scan(body.slice(0, 5_000));
  return [...found].slice(0, 20);
}

export interface AnnouncementSettings {
  /** Importance of announcements that are neither listings nor delistings. */
  otherImportance: Importance;
}

export const DEFAULT_OTHER_IMPORTANCE: Importance = 'medium';

/** What ingest gets from an announcement: the raw item, and the symbols and importance it must carry. */
export function announcementToNews(
  sourceId: string,
  a: ExchangeAnnouncement,
  receivedAt: number,
  settings: AnnouncementSettings,
): { raw: RawNewsItem; kind: AnnouncementKind; overrides: { importance: Importance; addSymbols: string[] } } {
  const exchange = ANNOUNCEMENT_EXCHANGE_LABEL[a.exchange as AnnouncementExchange] ?? a.exchange;
  const kind = announcementKind(a);
  return {
    kind,
    raw: {
      source: { id: sourceId, kind: 'exchange', name: exchange },
      externalId: a.id,
      publishedAt: a.publishedAt,
      receivedAt,
      author: a.typeTitle ? `${exchange} · ${a.typeTitle}` : exchange,
      title: a.title,
      body: a.body,
      url: a.url,
    },
    overrides: {
      importance: kind === 'other' ? settings.otherImportance : 'critical',
      addSymbols: announcementSymbols(a.title, a.body),
    },
  };
}
