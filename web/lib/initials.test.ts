import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of each word of the name, uppercased', () => {
    expect(initials('Ada Lovelace', 'ada@example.com')).toBe('AL');
    expect(initials('grace brewster murray hopper', 'g@example.com')).toBe('GBMH');
  });

  it('handles a single word and extra whitespace', () => {
    expect(initials('  satoshi   ', 's@example.com')).toBe('S');
    expect(initials('ada\tlove  lace', null)).toBe('ALL');
  });

  it('falls back to the first letter of the email when there is no name', () => {
    expect(initials('', 'trader@example.com')).toBe('T');
    expect(initials(null, 'risk@example.com')).toBe('R');
    expect(initials('   ', 'admin@example.com')).toBe('A');
  });

  it('keeps non-ASCII letters whole', () => {
    expect(initials('émile zola', 'e@example.com')).toBe('ÉZ');
    expect(initials('🚀 moon', 'x@example.com')).toBe('🚀M');
  });

  it('returns an empty string when there is neither name nor email', () => {
    expect(initials(undefined, undefined)).toBe('');
  });
});
