import type { ServerFnInput } from '@contract/server-fns';
import { describe, expect, it } from 'vitest';
import { fieldOf, resolverProblems, serverFnResolver } from './contract-form';

type Threshold = ServerFnInput<'createPerformanceThreshold'>;
type Chat = ServerFnInput<'createTelegramChat'>;

describe('contract resolvers (forms checked with the contract)', () => {
  it('answers nothing for a valid input, and hands the input on', async () => {
    const resolver = serverFnResolver('createPerformanceThreshold', (values: Threshold) => values);
    const input: Threshold = { symbol: 'BTC', percent: 2, windowMinutes: 5 };
    expect(await resolverProblems(resolver, input)).toEqual({});
    expect((await resolver(input, undefined, { fields: {}, shouldUseNativeValidation: false })).values).toEqual(input);
  });

  it("keys the contract's messages by field", async () => {
    expect(
      await resolverProblems(
        serverFnResolver('createPerformanceThreshold', (values: Threshold) => values),
        { symbol: 'BTC-USD', percent: 80, windowMinutes: 5 },
      ),
    ).toEqual({ symbol: 'A symbol is 1–20 letters or digits, like BTC', percent: 'At most 50%' });
    // A path the form does not hold names its last field when the form has it: config.url → url.
    const source = serverFnResolver('createSource', (v: { name: string; url: string }) => ({
      kind: 'rss' as const,
      name: v.name,
      config: { url: v.url },
    }));
    expect(await resolverProblems(source, { name: ' ', url: 'ftp://example.com/feed' })).toEqual({
      name: 'Name is required',
      url: 'Enter an http(s) URL',
    });
  });

  it('keeps the first problem of a field, and lets the form’s own checks win', async () => {
    const resolver = serverFnResolver('createTelegramChat', (values: Chat) => values, () => ({ title: 'A title of ours' }));
    expect(await resolverProblems(resolver, { chatId: 'not a chat', title: '' })).toEqual({
      chatId: 'A chat id is a number like -1001234567890 or a @channel username',
      title: 'A title of ours',
    });
  });

  it('maps issue paths onto the form', () => {
    const values = { name: '', symbols: [], conditions: { text: '' } };
    expect(fieldOf(['updates', 'name'], values)).toBe('name');
    expect(fieldOf(['symbols', 2], values)).toBe('symbols');
    expect(fieldOf(['conditions', 'text'], values)).toBe('conditions.text');
    expect(fieldOf(['conditions', 'importanceAtLeast'], values)).toBe('conditions.importanceAtLeast');
    expect(fieldOf(['id'], values)).toBe('root');
    expect(fieldOf([], values)).toBe('root');
  });
});
