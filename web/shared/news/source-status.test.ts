import { describe, expect, it } from 'vitest';
import type { SourcePoller } from '@contract/server-fns/news-sources';
import { pollerFixture } from '~/test/poller-fixture';
import { pollerStatus } from './source-status';

const NOW = Date.parse('2026-11-27T18:00:00Z');
const held = (over: Partial<SourcePoller>) =>
  pollerFixture({ state: 'connected', connectedSince: NOW - 60_000, requests: 1, updatedAt: NOW, ...over });

describe('pollerStatus of a held connection (the X filtered stream, Binance)', () => {
  it('connected, then reconnecting in N s while a backoff runs, with the reason on hover', () => {
    expect(pollerStatus(held({}), NOW)).toMatchObject({ tone: 'success', label: 'Connected' });
    const dropped = held({
      state: 'connecting',
      connectedSince: null,
      consecutiveFailures: 2,
      nextAt: NOW + 500,
      lastError: 'X ended the filtered stream connection',
    });
    expect(pollerStatus(dropped, NOW)).toEqual({
      tone: 'warning',
      label: 'Reconnecting in 0.5 s',
      title: 'X ended the filtered stream connection',
    });
    // the backoff is over (or it never failed): the attempt is under way
    expect(pollerStatus(dropped, NOW + 1_000).label).toBe('Connecting');
    expect(pollerStatus(held({ state: 'connecting', nextAt: NOW + 500 }), NOW).label).toBe('Connecting');
  });

  it('a 429 is rate-limited until its time; an HTTP error is failing with its count', () => {
    expect(pollerStatus(held({ state: 'rate-limited', rateLimitedUntil: NOW + 60_000 }), NOW).label).toMatch(
      /^Rate-limited until /,
    );
    expect(pollerStatus(held({ state: 'failing', consecutiveFailures: 3, lastError: 'HTTP 503' }), NOW)).toMatchObject({
      tone: 'destructive',
      label: 'Failing (3×)',
    });
  });
});
