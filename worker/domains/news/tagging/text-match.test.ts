import { describe, expect, it } from 'vitest';
import { cleanSymbols, containsTerm, findTerm, matchText, normaliseTerm } from './text-match';

describe('whole-word term matching', () => {
  it.each([
    ['bitcoin', 'Bitcoin ETF approved', true],
    ['bitcoin', 'BITCOIN!', true],
    ['bitcoin', "Bitcoin's rally", true],
    ['bitcoin', '#bitcoin to the moon', true],
    ['bitcoin', 'bitcoinz launches', false],
    ['bitcoin', 'wrappedbitcoin', false],
    ['bitcoin', 'bitcoin_cash', false],
    ['ethereum classic', 'Ethereum   Classic forks', true],
    ['ethereum classic', 'Ethereum\nClassic', true],
    ['ethereum classic', 'Ethereum classical music', false],
    ['$SOL', 'buying $SOL, now', true],
    ['$SOL', 'buying $sol', true],
    ['$SOL', 'buying $SOLX', false],
    ['SOL', 'buying $SOL', true],
    ['a.i.', 'the A.I. boom', true],
    ['(x)', 'see (x) here', true],
    ['bitcoin', '𝐁𝐢𝐭𝐜𝐨𝐢𝐧 up', false], // the text must be folded first: see matchText
    ['', 'anything', false],
    ['   ', 'anything', false],
  ])('%j in %j → %s', (term, text, expected) => {
    expect(containsTerm(text, term)).toBe(expected);
  });

  it('folds lookalike letters through matchText', () => {
    expect(containsTerm(matchText({ title: '𝐁𝐢𝐭𝐜𝐨𝐢𝐧 up' }), 'bitcoin')).toBe(true);
    expect(matchText({ title: 'T', body: 'B' })).toBe('T\nB');
  });

  it('returns every occurrence with its span', () => {
    expect(findTerm('eth, ETH and eth2', 'eth')).toEqual([
      { start: 0, end: 3 },
      { start: 5, end: 8 },
    ]);
  });

  it('normalises terms and symbols', () => {
    expect(normaliseTerm('  Ethereum \t Classic ')).toBe('Ethereum Classic');
    expect(cleanSymbols([' btc', 'BTC', 'eth', '', '  ', 'ＳＯＬ'])).toEqual(['BTC', 'ETH', 'SOL']);
  });
});
