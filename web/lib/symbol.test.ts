import { describe, expect, it } from 'vitest';
import { cleanSymbol, symbolProblem } from './symbol';

describe('symbols', () => {
  it('cleans symbols', () => {
    expect(cleanSymbol(' $btc ')).toBe('BTC');
  });

  it('refuses what the contract refuses', () => {
    expect(symbolProblem('BTC')).toBeNull();
    expect(symbolProblem('BTC-USD')).not.toBeNull();
  });
});
