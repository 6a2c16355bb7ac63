import { describe, expect, it } from 'vitest';
import { upnlPercent } from './metrics';

describe('account metrics', () => {
  it('computes uPnL as % of margin', () => {
    expect(upnlPercent({ unrealizedPnl: 50, margin: 200 })).toBe(25);
    expect(upnlPercent({ unrealizedPnl: 50, margin: 0 })).toBeNull();
  });
});
