import { describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '~/shared/news/news-feed';
import { changePercent, PriceStore } from './price-store';
import { watchedSymbols } from './use-price-stream';

const T = 1_700_000_000_000;

describe('PriceStore', () => {
  it('notifies only the chips whose price changed, and keeps the previous price for the flash', () => {
    const store = new PriceStore((flush) => flush());
    const btc = vi.fn();
    const eth = vi.fn();
    store.subscribe('BTC', btc);
    store.subscribe('ETH', eth);
    store.apply({ ts: T, prices: { BTC: 100, ETH: 10 }, upstream: 'live' });
    store.apply({ ts: T + 1000, prices: { BTC: 101, ETH: 10 }, upstream: 'live' });
    expect(btc).toHaveBeenCalledTimes(2);
    expect(eth).toHaveBeenCalledTimes(1);
    expect(store.get('BTC')).toEqual({ price: 101, ts: T + 1000, previous: 100 });
  });

  it('tells each changed chip once per frame however many ticks came in between', () => {
    const frames: (() => void)[] = [];
    const store = new PriceStore((flush) => frames.push(flush));
    const btc = vi.fn();
    const eth = vi.fn();
    const any = vi.fn();
    store.subscribe('BTC', btc);
    store.subscribe('ETH', eth);
    store.subscribeAll(any);
    store.apply({ ts: T, prices: { BTC: 100, ETH: 10 }, upstream: 'live' });
    store.apply({ ts: T + 1000, prices: { BTC: 101, ETH: 10 }, upstream: 'live' });
    // The data is current at once; nobody is told before the frame.
    expect(store.get('BTC')?.price).toBe(101);
    expect(btc).not.toHaveBeenCalled();
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect([btc.mock.calls.length, eth.mock.calls.length, any.mock.calls.length]).toEqual([1, 1, 1]);
    store.apply({ ts: T + 2000, prices: { BTC: 101, ETH: 11 }, upstream: 'live' });
    frames.shift()!();
    expect([btc.mock.calls.length, eth.mock.calls.length]).toEqual([1, 2]);
  });

  it('answers the price a minute ago only when its history reaches back that far', () => {
    const store = new PriceStore();
    for (let s = 0; s <= 90; s++) store.apply({ ts: T + s * 1000, prices: { BTC: 100 + s }, upstream: 'live' });
    const now = T + 90_000;
    expect(store.priceAgo('BTC', 60_000, now)).toBe(130);
    expect(store.priceAgo('BTC', 300_000, now)).toBeUndefined();
    expect(changePercent(100, 101)).toBeCloseTo(1);
    expect(changePercent(undefined, 101)).toBeUndefined();
  });

  it('keeps the upstream state of the last tick', () => {
    const store = new PriceStore();
    store.apply({ ts: T, prices: {}, upstream: 'down', error: 'lost' });
    expect([store.upstream, store.upstreamError]).toEqual(['down', 'lost']);
  });
});

const item = (id: number, importance: NewsItem['importance'], symbols: string[], title = `Item ${id}`) =>
  ({ id, ts: T + id, receivedAt: T + id, importance, symbols, title, body: null, author: null }) as NewsItem;

describe('watched symbols', () => {
  const items = [item(3, 'critical', ['BTC'], 'Exchange hacked'), item(2, 'low', ['ETH', 'SOL']), item(1, 'high', [])];

  it('watches the chart symbol and the symbols of the newest headlines, sorted, at most 50, listed ones only', () => {
    const listed = new Set(['BTC', 'DOGE', 'ETH', 'SOL']);
    expect(watchedSymbols(items, ['DOGE'], listed)).toEqual(['BTC', 'DOGE', 'ETH', 'SOL']);
    // A symbol the market does not list is never asked for (the hub would refuse the whole stream).
    expect(watchedSymbols([item(9, 'low', ['PEPE', 'BTC'])], ['NOPE'], listed)).toEqual(['BTC']);
    // Before the listing is known: nothing.
    expect(watchedSymbols(items, ['DOGE'], undefined)).toEqual([]);
    const many = Array.from({ length: 60 }, (_, i) => item(i, 'low', [`S${i}A`, `S${i}B`]));
    const all = new Set(many.flatMap((i) => i.symbols));
    expect(watchedSymbols(many, [], all)).toHaveLength(50);
    // The newest headlines' symbols are the ones kept.
    expect(watchedSymbols(many, [], all)).toContain('S0A');
    expect(watchedSymbols(many, [], all)).not.toContain('S59A');
  });
});
