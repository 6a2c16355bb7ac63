import { describe, expect, it } from 'vitest';
import { inputProblems } from './input-problems';

describe('inputProblems (forms checked with the contract)', () => {
  it('answers nothing for a valid input', async () => {
    expect(await inputProblems('createPerformanceThreshold', { symbol: 'BTC', percent: 2, windowMinutes: 5 })).toEqual({});
  });

  it("keys the contract's messages by field", async () => {
    expect(await inputProblems('createPerformanceThreshold', { symbol: 'BTC-USD', percent: 80, windowMinutes: 5 })).toEqual({
      symbol: 'A symbol is 1–20 letters or digits, like BTC',
      percent: 'At most 50%',
    });
    // Nested paths name the field: config.url → url, updates.name → name.
    expect(await inputProblems('createSource', { kind: 'rss', name: ' ', config: { url: 'ftp://example.com/feed' } })).toEqual({
      name: 'Name is required',
      url: 'Enter an http(s) URL',
    });
    expect(
      await inputProblems('updateTwitterPollingSession', { id: 's1', updates: { activeToUtc: '25:00', handleIds: [] } }),
    ).toEqual({
      activeToUtc: 'Use HH:MM (UTC), e.g. 17:00',
      handleIds: 'Pick at least one handle',
    });
  });

  it('keeps the first problem of a field', async () => {
    const problems = await inputProblems('createTelegramChat', { chatId: 'not a chat', title: '' });
    expect(problems).toEqual({
      chatId: 'A chat id is a number like -1001234567890 or a @channel username',
      title: 'Title is required',
    });
  });
});
