import { describe, expect, it } from 'vitest';
import { planRuleSync, reconnectDelayMs, ruleValuesFor, RULE_TAG, StreamLineReader } from './filtered-stream';

describe('X filtered stream: rules in step with the handles', () => {
  it('one rule per group of handles, each within the plan’s rule length, handles once each', () => {
    expect(ruleValuesFor(['@WuBlockchain', 'tier10k', 'wublockchain'])).toEqual([
      '(from:tier10k OR from:wublockchain) -is:retweet -is:reply',
    ]);
    const many = Array.from({ length: 60 }, (_, i) => `handle_number_${i}`);
    const rules = ruleValuesFor(many);
    expect(rules.length).toBeGreaterThan(1);
    for (const rule of rules) expect(rule.length).toBeLessThanOrEqual(512);
    expect(rules.join(' ').match(/from:/g)).toHaveLength(60);
  });

  it('adds what is missing, deletes only our rules that are no longer wanted, keeps the rest', () => {
    const current = [
      { id: '1', value: '(from:a OR from:b) -is:retweet -is:reply', tag: `${RULE_TAG}:0` },
      { id: '2', value: 'from:old -is:retweet -is:reply', tag: `${RULE_TAG}:1` },
      { id: '3', value: 'bitcoin lang:en', tag: 'someone-else' },
    ];
    const wanted = ['(from:a OR from:b) -is:retweet -is:reply', 'from:c -is:retweet -is:reply'];
    expect(planRuleSync(current, wanted)).toEqual({
      delete: ['2'],
      add: [{ value: 'from:c -is:retweet -is:reply', tag: `${RULE_TAG}:0` }],
    });
    expect(planRuleSync(current.slice(0, 1), wanted.slice(0, 1))).toEqual({ delete: [], add: [] });
  });
});

describe('X filtered stream: reading the connection', () => {
  const line = (id: string, text: string) =>
    JSON.stringify({
      data: { id, text, created_at: '2026-11-27T15:00:00.000Z', author_id: '42' },
      includes: { users: [{ id: '42', username: 'tier10k' }] },
      matching_rules: [{ id: '1', tag: `${RULE_TAG}:0` }],
    });

  it('yields posts line by line, across chunk boundaries, skipping keep-alives and bad lines', () => {
    const reader = new StreamLineReader();
    const whole = `${line('101', 'First')}\r\n\r\n${line('102', 'Second')}\r\nnot json\r\n{"errors":[{"title":"x"}]}\r\n`;
    const bytes = new TextEncoder().encode(whole);
    const posts = [];
    for (let i = 0; i < bytes.length; i += 37) posts.push(...reader.push(bytes.slice(i, i + 37), 1_000 + i));
    expect(posts.map((p) => [p.id, p.text, p.authorUsername, p.url])).toEqual([
      ['101', 'First', 'tier10k', 'https://x.com/tier10k/status/101'],
      ['102', 'Second', 'tier10k', 'https://x.com/tier10k/status/102'],
    ]);
    expect(reader.errors).toBe(2);
    expect(reader.push('\r\n', 99_000)).toEqual([]);
    expect(reader.lastDataAt).toBe(99_000);
  });

  it('reconnects with X’s documented backoff: linear for network errors, exponential for HTTP errors and 429', () => {
    expect([1, 2, 3, 64, 100].map((n) => reconnectDelayMs('network', n))).toEqual([250, 500, 750, 16_000, 16_000]);
    expect([1, 2, 3, 7, 8].map((n) => reconnectDelayMs('http', n))).toEqual([5_000, 10_000, 20_000, 320_000, 320_000]);
    expect([1, 2, 3].map((n) => reconnectDelayMs('rate-limited', n))).toEqual([60_000, 120_000, 240_000]);
  });
});
