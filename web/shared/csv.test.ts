import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes fields with separators and doubles quotes; null is empty', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', null, 1.5]])).toBe('a,"b,c","say ""hi""",,1.5\r\n');
  });
});
