import { describe, expect, it } from 'vitest';
import { matchOptions } from './match-options';

const desk = [
  { id: 'a', name: 'Ada Lovelace', email: 'ada@example.com' },
  { id: 'b', name: 'Alan Turing', email: 'alan@example.com' },
  { id: 'c', name: 'Grace Hopper', email: 'grace@navy.example' },
  { id: 'd', name: 'Ada Yonath', email: 'yonath@example.com' },
];
const byName = (t: (typeof desk)[number]) => t.name;
const ids = (r: { shown: typeof desk }) => r.shown.map((t) => t.id);

describe('matchOptions', () => {
  it('lists everyone, in order, for an empty query', () => {
    expect(matchOptions(desk, '  ', byName, 10)).toEqual({ shown: desk, more: 0 });
  });

  it('matches every word of the query, in any case and order', () => {
    expect(ids(matchOptions(desk, 'ada', byName, 10))).toEqual(['a', 'd']);
    expect(ids(matchOptions(desk, 'LOVE ada', byName, 10))).toEqual(['a']);
    expect(matchOptions(desk, 'ada turing', byName, 10).shown).toEqual([]);
  });

  it('searches whatever text the caller gives (a name and an email)', () => {
    expect(ids(matchOptions(desk, 'navy', (t) => `${t.name} ${t.email}`, 10))).toEqual(['c']);
  });

  it('counts the matches over the limit', () => {
    expect(matchOptions(desk, 'a', byName, 2)).toEqual({ shown: [desk[0], desk[1]], more: 2 });
  });

  it('lists 50 of a firm-sized match and counts the rest', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: String(i), name: `Trader ${i}`, email: `t${i}@example.com` }));
    const { shown, more } = matchOptions(many, 'trader 4', byName, 50);
    expect(shown[0]!.name).toBe('Trader 4');
    expect(shown).toHaveLength(50);
    expect(more).toBe(176 - 50); // the numbers below 500 with a 4 in them
  });
});
