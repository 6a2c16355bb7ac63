import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import type { StreamState } from '~/lib/event-stream';
import { MarketContext, type Market } from '~/shared/prices/market';
import { PriceChip } from '~/shared/prices/price-chip';
import { PriceStore } from '~/shared/prices/price-store';
import { StatusBar } from './status-bar';

const LIVE: StreamState = { status: 'live', lastEventAt: 1, error: null, fatal: false, retryAt: null } as StreamState;
const market = (source: Market['source']): Market => ({
  source,
  listed: new Set(['BTC', '1000PEPE']),
  referenceAsOf: source === 'simulated' ? '2025-11-28' : undefined,
});

const page = reactRootPerTest();

function render(source: Market['source']) {
  const store = new PriceStore((flush) => flush());
  store.apply({ ts: 1, prices: { BTC: 91_000.5 }, upstream: 'live' });
  act(() =>
    page.root.render(
      <MarketContext value={market(source)}>
        <StatusBar news={LIVE} prices={LIVE} store={store} market={market(source)} muted={false} notify="" shown={1} total={1} />
        <PriceChip store={store} symbol="BTC" priceAtPublish={90_000} />
        <PriceChip store={store} symbol="PEPE" priceAtPublish={undefined} />
      </MarketContext>,
    ),
  );
}

const chip = (symbol: string) => page.host.querySelector<HTMLElement>(`[data-testid="price-chip"][data-symbol="${symbol}"]`)!;

describe('simulated marks follow the price source', () => {
  it("locally (simulated): the status bar, the chip's name and tooltip say so", () => {
    render('simulated');
    expect(page.host.querySelector('[data-testid="price-source"]')?.textContent).toBe('simulated');
    expect(chip('BTC').getAttribute('aria-label')).toBe('BTC 91,000.50 (simulated), up 1.11% since published');
    expect(chip('BTC').title).toContain('simulated price');
  });

  it('with Binance as the source: no mark anywhere', () => {
    render('binance');
    expect(page.host.querySelector('[data-testid="price-source"]')).toBeNull();
    expect(chip('BTC').getAttribute('aria-label')).toBe('BTC 91,000.50, up 1.11% since published');
    expect(chip('BTC').title).toBe('BTC · 90,000.00 when published');
    expect(page.host.textContent).not.toMatch(/simulated/i);
  });

  it('a symbol the market does not list gets no price: "no market"', () => {
    render('binance');
    expect(chip('PEPE').dataset.market).toBe('none');
    expect(chip('PEPE').textContent).toBe('PEPEno market');
    expect(chip('PEPE').title).toBe('PEPE is not listed on Binance USDⓈ-M futures: no price');
  });
});
