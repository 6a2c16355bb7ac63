import { describe, expect, it } from 'vitest';
import { moverDescription, moverOf, moverText } from './mover-flag';

const flagged = (metadata: Record<string, unknown>) => ({ onePctMovement: true, metadata });

describe('the mover flag', () => {
  it('shows the recorded move and its window, and names the threshold and the source in full', () => {
    const mover = moverOf(
      flagged({
        mover: { symbol: 'BTC', percent: 0.4712, windowMinutes: 5, threshold: { percent: 0.25, windowMinutes: 5 }, source: 'simulated' },
        moves: { '1': { BTC: 0.2 }, '5': { BTC: 0.4712 } },
      }),
    )!;
    expect(moverText(mover, false)).toBe('▲ 0.47 % in 5 min');
    expect(moverText({ ...mover, percent: -1.2, symbol: 'ETH' }, true)).toBe('ETH ▼ 1.20 % in 5 min');
    expect(moverDescription(mover)).toBe(
      'BTC moved +0.47 % within 5 min of publication, past its threshold of 0.25 % within 5 min (measured on simulated prices)',
    );
    expect(moverDescription({ symbol: 'SOL', percent: -2, windowMinutes: 1, source: 'binance' })).toBe(
      'SOL moved −2.00 % within 1 min of publication, past its threshold',
    );
  });

  it('headlines flagged before the move was recorded: the largest move within 5 minutes', () => {
    const mover = moverOf(flagged({ moves: { '1': { BTC: 0.3, ETH: -0.1 }, '5': { BTC: 0.26, ETH: -0.9 }, '15': { BTC: 4 } } }));
    expect(mover).toEqual({ symbol: 'ETH', percent: -0.9, windowMinutes: 5 });
  });

  it('no flag, no move', () => {
    expect(moverOf({ onePctMovement: false, metadata: { mover: { symbol: 'BTC', percent: 1, windowMinutes: 5 } } })).toBeNull();
    expect(moverOf(flagged({}))).toBeNull();
  });
});
