import { describe, expect, it } from 'vitest';
import { announcementKind, announcementSymbols, announcementToNews } from './exchange-announcements';

describe('announcementSymbols: the symbols an announcement names', () => {
  it.each([
    ['Binance Will List Foo (FOO)', ['FOO']],
    ['Binance Will List Foo (FOO) and Bar Protocol (BAR) with Seed Tag Applied', ['FOO', 'BAR']],
    ['Binance Futures Will Launch USDⓈ-Margined FOOUSDT Perpetual Contract With Up to 50x Leverage', ['FOO']],
    ['Binance Futures Will Launch 1000PEPEUSDT and BARUSDC Perpetual Contracts', ['1000PEPE', 'BAR']],
    ['New Listing: FOO/USDT — Deposit and Trading Open', ['FOO']],
    ['OKX to list FOO-USDT-SWAP perpetual and FOO/USDT spot', ['FOO']],
    ['Delisting of FOOUSD_PERP coin-margined contract', ['FOO']],
    ['Notice of Removal of Spot Trading Pairs - 2025-07-25', []],
    ['Tether (USDT) Now Supports the TON Network', ['USDT']],
    ['Binance Will Extend Futures Trading Hours (UTC)', []],
    ['Bybit Adds FOO_USDT and BAR-BTC Margin Pairs', ['FOO', 'BAR']],
  ])('%s', (title, symbols) => {
    expect(announcementSymbols(title)).toEqual(symbols);
  });

  it('reads the body only when the title names nothing', () => {
    expect(
      announcementSymbols('Notice of Removal of Spot Trading Pairs', 'Binance will remove FOO/BTC, BAR/USDT and BAZ/FDUSD.'),
    ).toEqual(['FOO', 'BAR', 'BAZ']);
    expect(announcementSymbols('Binance Will List Foo (FOO)', 'Also BAR/USDT in the body')).toEqual(['FOO']);
  });
});

describe('announcementKind', () => {
  it('takes the exchange type first', () => {
    expect(announcementKind({ typeKey: 'new_crypto', typeTitle: 'New Listings', title: 'FOO is here' })).toBe('listing');
    expect(announcementKind({ typeKey: 'delistings', typeTitle: 'Delistings', title: 'Notice on FOO' })).toBe('delisting');
    expect(announcementKind({ typeKey: 'announcements-new-listings', typeTitle: '', title: 'OKX to list FOO' })).toBe('listing');
    expect(announcementKind({ typeKey: '161', typeTitle: 'Delisting', title: 'Notice of Removal of Spot Trading Pairs' })).toBe(
      'delisting',
    );
    expect(
      announcementKind({ typeKey: '48', typeTitle: 'New Cryptocurrency Listing', title: 'Binance Will List Foo (FOO)' }),
    ).toBe('listing');
  });

  it('falls back on the title; a delisting wins over a listing', () => {
    expect(announcementKind({ typeKey: '49', typeTitle: 'Latest Binance News', title: 'Binance Will List Foo (FOO)' })).toBe(
      'listing',
    );
    expect(
      announcementKind({ typeKey: 'latest_activities', typeTitle: '', title: 'Binance Will Delist FOO, BAR on 2025-08-01' }),
    ).toBe('delisting');
    expect(announcementKind({ typeKey: '49', typeTitle: '', title: 'Binance Will Delist FOO and List BAR' })).toBe('delisting');
    expect(
      announcementKind({ typeKey: 'latest_activities', typeTitle: 'Latest Activities', title: 'Trade and win 10,000 USDT' }),
    ).toBe('other');
    expect(
      announcementKind({ typeKey: '', typeTitle: '', title: 'Binance Futures Will Launch FOOUSDT Perpetual Contract' }),
    ).toBe('listing');
  });
});

describe('announcementToNews', () => {
  const a = {
    exchange: 'binance' as const,
    id: '48:1:abc',
    title: 'Binance Will List Foo (FOO)',
    body: 'Binance will list Foo (FOO) and open trading for FOO/USDT.',
    typeKey: '48',
    typeTitle: 'New Cryptocurrency Listing',
    url: 'https://www.binance.com/en/support/announcement/list/48',
    publishedAt: 1_000,
    tags: [],
  };

  it('a listing: critical, tagged, with the exchange as source and author', () => {
    const news = announcementToNews('exchange-binance', a, 1_500, { otherImportance: 'low' });
    expect(news.kind).toBe('listing');
    expect(news.overrides).toEqual({ importance: 'critical', addSymbols: ['FOO'] });
    expect(news.raw).toMatchObject({
      source: { id: 'exchange-binance', kind: 'exchange', name: 'Binance' },
      externalId: '48:1:abc',
      publishedAt: 1_000,
      receivedAt: 1_500,
      author: 'Binance · New Cryptocurrency Listing',
      url: 'https://www.binance.com/en/support/announcement/list/48',
    });
  });

  it('another type keeps the configured importance', () => {
    const other = { ...a, typeKey: '93', typeTitle: 'Latest Activities', title: 'Join the FOO trading competition' };
    expect(announcementToNews('exchange-binance', other, 1_500, { otherImportance: 'low' }).overrides.importance).toBe('low');
  });
});
