import { describe, expect, it } from 'vitest';
import { tagSymbols } from './special-mappings';
import type { SpecialMapping } from '../types';

const m = (id: string, terms: string[], symbols: string[]): SpecialMapping => ({ id, terms, symbols });
const eth = m('eth', ['ethereum', 'ether'], ['eth']);
const etc = m('etc', ['ethereum classic'], ['ETC']);
const btc = m('btc', ['bitcoin', 'btc'], ['BTC']);
const known = ['BTC', 'ETH', 'SOL', 'DOGE'];

describe('special mappings', () => {
  it('tags whole words case-insensitively, uppercasing symbols', () => {
    expect(tagSymbols('Bitcoin ETF approved', [btc], [])).toEqual({ symbols: ['BTC'], matchedSpecialMappings: ['btc'] });
    expect(tagSymbols('bitcoinz launches mainnet', [btc], []).symbols).toEqual([]);
  });

  it('lets the longer term win: "ethereum classic" → ETC, not ETH', () => {
    // Order of configuration does not matter.
    for (const mappings of [
      [eth, etc],
      [etc, eth],
    ]) {
      expect(tagSymbols('Ethereum Classic hard fork scheduled', mappings, [])).toEqual({
        symbols: ['ETC'],
        matchedSpecialMappings: ['etc'],
      });
    }
  });

  it('still tags the shorter term where it occurs on its own', () => {
    expect(tagSymbols('Ethereum rallies while Ethereum Classic lags', [eth, etc], []).symbols).toEqual(['ETH', 'ETC']);
  });

  it('orders symbols by first occurrence in the text and de-duplicates', () => {
    const tagged = tagSymbols('Ether flips BTC? Ethereum bulls say bitcoin is next', [btc, eth], []);
    expect(tagged.symbols).toEqual(['ETH', 'BTC']);
    expect(tagged.matchedSpecialMappings).toEqual(['btc', 'eth']); // mapping order
  });

  it('supports cashtag terms and several symbols per mapping', () => {
    const sol = m('sol', ['$SOL'], ['sol']);
    const memes = m('memes', ['memecoin season'], ['DOGE', 'PEPE', 'doge']);
    expect(tagSymbols('$SOL and memecoin season', [sol, memes], []).symbols).toEqual(['SOL', 'DOGE', 'PEPE']);
  });

  it('detects cashtags of known symbols only', () => {
    expect(tagSymbols('$btc and $ETH up, $FAKE and $100 not', [], known).symbols).toEqual(['BTC', 'ETH']);
    expect(tagSymbols('$BTC up', [], []).symbols).toEqual([]);
    expect(tagSymbols('US$5 and a$ETH', [], known).symbols).toEqual([]);
  });

  it('merges cashtags with mapped symbols in text order', () => {
    expect(tagSymbols('$DOGE pumps after Bitcoin news', [btc], known).symbols).toEqual(['DOGE', 'BTC']);
    expect(tagSymbols('$BTC: bitcoin', [btc], known).symbols).toEqual(['BTC']);
  });

  it('ignores empty terms and symbols', () => {
    expect(tagSymbols('anything', [m('x', ['', '  '], ['BTC']), m('y', ['anything'], ['', ' '])], [])).toEqual({
      symbols: [],
      matchedSpecialMappings: ['y'],
    });
  });
});
