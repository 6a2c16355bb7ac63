import { describe, expect, it } from 'vitest';
import { filterMappings, mappingsLackingSymbol, mappingsLackingTerm, plural } from './mapping-format';

const m = (id: string, terms: string[], symbols: string[]) => ({ id, terms, symbols, createdAt: 0, updatedAt: 0 });
const list = [m('a', ['Bitcoin', 'BTC  ETF'], ['BTC']), m('b', ['ether'], ['ETH', 'btc']), m('c', ['solana'], [])];

describe('mapping bulk counts', () => {
  it('counts the mappings that lack a term, case- and space-insensitively', () => {
    expect(mappingsLackingTerm(list, 'bitcoin')).toBe(2);
    expect(mappingsLackingTerm(list, ' btc etf ')).toBe(2);
    expect(mappingsLackingTerm(list, 'new term')).toBe(3);
  });

  it('counts the mappings that lack a symbol', () => {
    expect(mappingsLackingSymbol(list, 'BTC')).toBe(1);
    expect(mappingsLackingSymbol(list, 'sol')).toBe(3);
  });

  it('filters by term or symbol and words counts', () => {
    expect(filterMappings(list, 'eth').map((x) => x.id)).toEqual(['b']);
    expect(filterMappings(list, '').length).toBe(3);
    expect(plural(1, 'mapping')).toBe('1 mapping');
    expect(plural(1200, 'mapping')).toBe('1,200 mappings');
  });
});
