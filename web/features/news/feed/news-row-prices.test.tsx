import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '~/shared/news/news-feed';
import { MarketContext, type Market } from '~/shared/prices/market';
import { PriceStoreContext } from '~/shared/prices/price-context';
import { PriceStore } from '~/shared/prices/price-store';
import { reactRootPerTest } from '~/test/react-root';
import { NewsRow } from './news-row';

const page = reactRootPerTest();
const T = Date.UTC(2026, 10, 27, 12);
const item: NewsItem = {
  id: 7,
  ts: T,
  receivedAt: T + 800,
  publishedAt: T,
  storedAt: T + 900,
  sourceId: 'exchange-binance',
  sourceKind: 'exchange',
  author: null,
  title: 'Binance Will List Foo (FOO)',
  body: null,
  url: null,
  symbols: ['BTC', 'FOO'],
  importance: 'critical',
  isGarbage: false,
  isTest: false,
  onePctMovement: false,
  metadata: { priceAtPublish: { BTC: 90_000 } },
};
const market = (source: Market['source']): Market => ({ source, listed: new Set(['BTC']), referenceAsOf: undefined });

function render(source: Market['source'], store: PriceStore | undefined, onSymbol = vi.fn()) {
  act(() =>
    page.root.render(
      <MarketContext value={market(source)}>
        <PriceStoreContext value={store}>
          <NewsRow
            item={item}
            index={0}
            setSize={1}
            age="now"
            timeFormat="24h"
            fresh={false}
            fading={false}
            wide
            active
            expanded={false}
            sourceName="Binance"
            activeSymbols={undefined}
            onSymbol={onSymbol}
            onFocusRow={() => {}}
            onToggleExpanded={() => {}}
            start={0}
          />
        </PriceStoreContext>
      </MarketContext>,
    ),
  );
  return onSymbol;
}

const chip = (symbol: string) => page.host.querySelector<HTMLElement>(`[data-testid="price-chip"][data-symbol="${symbol}"]`);

describe('move since publish on a feed row', () => {
  it('each tagged symbol has a live price chip with the change since the headline; unlisted ones say so', () => {
    const store = new PriceStore((flush) => flush());
    store.apply({ ts: T + 5_000, prices: { BTC: 91_800 }, upstream: 'live' });
    render('binance', store);
    expect(chip('BTC')!.getAttribute('aria-label')).toBe('BTC 91,800.00, up 2.00% since published');
    act(() => store.apply({ ts: T + 6_000, prices: { BTC: 88_200 }, upstream: 'live' }));
    expect(chip('BTC')!.getAttribute('aria-label')).toBe('BTC 88,200.00, down 2.00% since published');
    expect(chip('FOO')!.dataset.market).toBe('none');
  });

  it('says when the price is simulated', () => {
    const store = new PriceStore((flush) => flush());
    store.apply({ ts: T + 5_000, prices: { BTC: 90_000 }, upstream: 'live' });
    render('simulated', store);
    expect(chip('BTC')!.getAttribute('aria-label')).toBe('BTC 90,000.00 (simulated), unchanged since published');
    expect(chip('BTC')!.title).toContain('simulated price');
  });

  it('the chip is still the filter button of its symbol; without prices the bare symbol shows', () => {
    const store = new PriceStore((flush) => flush());
    const onSymbol = render('binance', store);
    act(() => page.host.querySelector<HTMLButtonElement>('[data-testid="symbol-chips"] button[data-symbol="BTC"]')!.click());
    expect(onSymbol).toHaveBeenCalledWith('BTC');
    render('binance', undefined);
    expect(chip('BTC')).toBeNull();
    expect(page.host.querySelector('[data-testid="symbol-chips"]')!.textContent).toBe('BTCFOO');
  });
});
