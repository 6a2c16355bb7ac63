import { describe, expect, it } from 'vitest';
import { chipFigures, chipLabel, chipTitle } from './chip-figures';

const T = 1_700_000_000_000;

describe('chipFigures', () => {
  it('shows the price, the change since publish with its arrow and tone, and the last move', () => {
    expect(chipFigures({ price: 101_000, ts: T, previous: 100_500 }, 100_000)).toEqual({
      price: '101,000.00',
      change: '▲+1.00%',
      tone: 'up',
      flash: 'up',
    });
    expect(chipFigures({ price: 0.98, ts: T, previous: 0.99 }, 1)).toEqual({
      price: '0.98',
      change: '▼−2.00%',
      tone: 'down',
      flash: 'down',
    });
  });

  it('the tint follows the last move, not the change since publish', () => {
    const f = chipFigures({ price: 99, ts: T, previous: 98 }, 100);
    expect(f.tone).toBe('down');
    expect(f.flash).toBe('up');
  });

  it('a change under half a hundredth of a percent is flat; no publish price is a dash; no move yet is no tint', () => {
    expect(chipFigures({ price: 100.004, ts: T, previous: undefined }, 100)).toMatchObject({
      change: '0.00%',
      tone: 'flat',
      flash: undefined,
    });
    expect(chipFigures({ price: 5, ts: T, previous: 4 }, undefined)).toMatchObject({ change: '—', tone: 'flat' });
    expect(chipFigures(undefined, 100)).toEqual({ price: '…', change: '—', tone: 'flat', flash: undefined });
  });
});

describe('chipLabel', () => {
  it('names the symbol, the live price and the change in words', () => {
    expect(chipLabel('BTC', chipFigures({ price: 101_000, ts: T, previous: 100_500 }, 100_000))).toBe(
      'BTC 101,000.00, up 1.00% since published',
    );
    expect(chipLabel('ETH', chipFigures({ price: 0.98, ts: T, previous: 0.99 }, 1))).toBe('ETH 0.98, down 2.00% since published');
    expect(chipLabel('SOL', chipFigures({ price: 100, ts: T, previous: undefined }, 100))).toBe(
      'SOL 100.00, unchanged since published',
    );
    expect(chipLabel('DOGE', chipFigures({ price: 0.1, ts: T, previous: undefined }, undefined))).toBe('DOGE 0.10');
    expect(chipLabel('XRP', chipFigures(undefined, 1))).toBe('XRP, price loading');
  });

  it('says when the price is simulated, in the name and the tooltip', () => {
    const figures = chipFigures({ price: 101_000, ts: T, previous: 100_500 }, 100_000);
    expect(chipLabel('BTC', figures, true)).toBe('BTC 101,000.00 (simulated), up 1.00% since published');
    expect(chipLabel('DOGE', chipFigures({ price: 0.1, ts: T, previous: undefined }, undefined), true)).toBe(
      'DOGE 0.10 (simulated)',
    );
    expect(chipTitle('BTC', 100_000, true)).toBe(
      'BTC · simulated price (the local market, not an exchange) · 100,000.00 when published',
    );
    expect(chipTitle('BTC', undefined, false)).toBe('BTC');
  });
});
