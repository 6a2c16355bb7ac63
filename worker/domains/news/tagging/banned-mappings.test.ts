import { describe, expect, it } from 'vitest';
import { applyBannedMappings } from './banned-mappings';
import type { BannedMapping } from '../types';

const b = (id: string, terms: string[], symbols: string[]): BannedMapping => ({ id, terms, symbols });

describe('banned mappings', () => {
  it('removes the mapping symbols when a term occurs', () => {
    const out = applyBannedMappings('Solana Beach festival', ['SOL', 'BTC'], [b('beach', ['solana beach'], ['sol'])]);
    expect(out).toEqual({ symbols: ['BTC'], isGarbage: false, bannedBy: ['beach'] });
  });

  it('marks the item garbage when the mapping has no symbols', () => {
    const out = applyBannedMappings('Free AIRDROP giveaway!!', ['BTC'], [b('spam', ['giveaway'], [])]);
    expect(out).toEqual({ symbols: ['BTC'], isGarbage: true, bannedBy: ['spam'] });
  });

  it('does nothing when no term occurs as a whole word', () => {
    const out = applyBannedMappings('giveaways ended', ['BTC'], [b('spam', ['giveaway'], [])]);
    expect(out).toEqual({ symbols: ['BTC'], isGarbage: false, bannedBy: [] });
  });

  it('records only mappings that took effect', () => {
    const out = applyBannedMappings('Solana Beach', ['BTC'], [b('beach', ['solana beach'], ['SOL'])]);
    expect(out.bannedBy).toEqual([]);
  });

  it('applies several mappings and keeps an already-garbage item garbage', () => {
    const mappings = [b('a', ['x'], ['BTC']), b('c', ['y'], ['ETH', 'SOL'])];
    expect(applyBannedMappings('x y', ['BTC', 'ETH', 'SOL', 'DOGE'], mappings, true)).toEqual({
      symbols: ['DOGE'],
      isGarbage: true,
      bannedBy: ['a', 'c'],
    });
  });
});
