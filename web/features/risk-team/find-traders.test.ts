import { describe, expect, it } from 'vitest';
import { findTraders } from './find-traders';

const desk = [
  { traderId: 'a', name: 'Ada Lovelace' },
  { traderId: 'b', name: 'Alan Turing' },
  { traderId: 'c', name: 'Grace Hopper' },
  { traderId: 'd', name: 'Ada Yonath' },
];

describe('findTraders', () => {
  it('lists everyone not picked, in order, for an empty query', () => {
    expect(findTraders(desk, '  ', ['b'], 10)).toEqual({ shown: [desk[0], desk[2], desk[3]], more: 0 });
  });

  it('matches every word of the query, in any case and order', () => {
    expect(findTraders(desk, 'ada', [], 10).shown.map((t) => t.traderId)).toEqual(['a', 'd']);
    expect(findTraders(desk, 'LOVE ada', [], 10).shown.map((t) => t.traderId)).toEqual(['a']);
    expect(findTraders(desk, 'ada turing', [], 10).shown).toEqual([]);
  });

  it('leaves out the picked and counts the matches over the limit', () => {
    expect(findTraders(desk, 'a', ['a'], 2)).toEqual({ shown: [desk[1], desk[2]], more: 1 });
  });
});
