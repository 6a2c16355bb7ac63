import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, isPaneOn, PANES } from './panes';

describe('dashboard panes', () => {
  it('has the nine panes with the specified defaults', () => {
    const on = PANES.filter((p) => isPaneOn(DEFAULT_PREFS, p.id)).map((p) => p.id);
    expect(on).toEqual(['total-balance', 'futures-upnl', 'leverage', 'positions-upnl']);
    expect(PANES).toHaveLength(9);
    expect(DEFAULT_PREFS.positionsUpnlMode).toBe('absolute');
  });

  it('falls back to the default for a pane the server did not list', () => {
    expect(isPaneOn({ panes: {}, positionsUpnlMode: 'absolute' }, 'leverage')).toBe(true);
    expect(isPaneOn({ panes: {}, positionsUpnlMode: 'absolute' }, 'btc-price')).toBe(false);
  });
});
