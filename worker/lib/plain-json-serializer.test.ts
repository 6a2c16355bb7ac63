import { StandardRPCJsonSerializer } from '@orpc/client/standard';
import { describe, expect, it } from 'vitest';
import { isPlainJson, PlainJsonFirstSerializer } from './plain-json-serializer';

class Point {
  constructor(public x = 1) {}
}

const plain: unknown[] = [
  'text',
  0,
  -1.5,
  true,
  null,
  [],
  {},
  [1, 'a', null, [2, { b: [true] }]],
  { items: [{ id: 1, symbols: ['BTC'], metadata: { matched: [] }, body: null }], nextCursor: null },
  { skipped: undefined, kept: 1 },
  Object.assign(Object.create(null), { a: 1 }),
];
const special: unknown[] = [
  undefined,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  new Date(0),
  10n,
  new Map([['a', 1]]),
  new Set([1]),
  new URL('https://example.com/'),
  /re/g,
  [1, undefined, 3],
  [1, , 3], // eslint-disable-line no-sparse-arrays
  { when: new Date(0) },
  { deep: [{ n: Number.NaN }] },
  new Point(),
  { toJSON: () => 'x' },
];

describe('plain-JSON-first RPC serializer', () => {
  it('recognises plain JSON and nothing else', () => {
    for (const value of plain) expect(isPlainJson(value), JSON.stringify(value)).toBe(true);
    for (const value of special) expect(isPlainJson(value), String(value)).toBe(false);
  });

  it("gives exactly oRPC's own output for every kind of value", () => {
    const ours = new PlainJsonFirstSerializer();
    const theirs = new StandardRPCJsonSerializer();
    for (const value of [...plain, ...special]) {
      const [json, meta, maps, blobs] = ours.serialize(value);
      const [json2, meta2, maps2, blobs2] = theirs.serialize(value);
      expect(JSON.stringify(json)).toBe(JSON.stringify(json2));
      expect({ meta, maps, blobs }).toEqual({ meta: meta2, maps: maps2, blobs: blobs2 });
    }
  });
});
