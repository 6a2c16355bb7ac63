import { describe, expect, it } from 'vitest';
import { chordStep } from './order-chord';
import { parseOrderSettings, DEFAULT_ORDER_SETTINGS } from './order-settings';

describe('order keys', () => {
  it('b2 buys size 2, s3 sells size 3', () => {
    expect(chordStep('BUY', '2')).toEqual({ kind: 'order', side: 'BUY', size: 1 });
    expect(chordStep('SELL', '3')).toEqual({ kind: 'order', side: 'SELL', size: 2 });
  });
  it('s then another key is the symbol filter; b then another key is nothing; Esc cancels', () => {
    expect(chordStep('SELL', 'b')).toEqual({ kind: 'filter' });
    expect(chordStep('SELL', 'Control')).toEqual({ kind: 'filter' });
    expect(chordStep('BUY', 'j')).toEqual({ kind: 'none' });
    expect(chordStep('BUY', '4')).toEqual({ kind: 'none' });
    expect(chordStep('SELL', 'Escape')).toEqual({ kind: 'cancel' });
  });
});

describe('order settings', () => {
  it('confirmation on and the default presets unless stored; bad values fall back', () => {
    expect(parseOrderSettings(null)).toEqual(DEFAULT_ORDER_SETTINGS);
    expect(parseOrderSettings('{"presets":[10,20,30],"confirm":false}')).toEqual({
      presets: [10, 20, 30],
      confirm: false,
      accountEmail: null,
      distanceUnit: 'percent',
      takeProfitDistance: null,
      stopLossDistance: null,
    });
    // Default TP / SL distances in %: kept when the server would take them.
    // Saved before distances could be in price: read as % distances.
    expect(parseOrderSettings('{"takeProfitPercent":3,"stopLossPercent":1.5}')).toMatchObject({
      distanceUnit: 'percent',
      takeProfitDistance: 3,
      stopLossDistance: 1.5,
    });
    expect(parseOrderSettings('{"distanceUnit":"offset","takeProfitDistance":150,"stopLossDistance":40}')).toMatchObject({
      distanceUnit: 'offset',
      takeProfitDistance: 150,
      stopLossDistance: 40,
    });
    expect(parseOrderSettings('{"takeProfitPercent":-3,"stopLossPercent":150}')).toMatchObject({
      takeProfitDistance: null,
      stopLossDistance: null,
    });
    expect(parseOrderSettings('{"presets":[10,-1,30]}').presets).toEqual(DEFAULT_ORDER_SETTINGS.presets);
    expect(parseOrderSettings('not json')).toEqual(DEFAULT_ORDER_SETTINGS);
  });
});
