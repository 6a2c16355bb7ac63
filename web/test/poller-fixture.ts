import type { SourcePoller } from '@contract/server-fns/news-sources';

/** A poller report for component tests: an idle poller with the given fields. */
export const pollerFixture = (over: Partial<SourcePoller> = {}): SourcePoller => ({
  state: 'polling',
  intervalSeconds: null,
  nextAt: null,
  lastPollAt: null,
  lastOkAt: null,
  lastItemAt: null,
  rateLimitedUntil: null,
  lastError: null,
  consecutiveFailures: 0,
  connectedSince: null,
  polls: 0,
  requests: 0,
  countedSince: 0,
  rearmedAt: null,
  rearms: 0,
  updatedAt: 0,
  ...over,
});
