import { IDLE_POLLER } from '@contract/news-pollers';
import type { SourcePoller } from '@contract/server-fns/news-sources';

/** A poller report for component tests: an idle poller with the given fields. */
export const pollerFixture = (over: Partial<SourcePoller> = {}): SourcePoller => ({
  ...IDLE_POLLER,
  intervalSeconds: null,
  countedSince: 0,
  rearmedAt: null,
  rearms: 0,
  updatedAt: 0,
  ...over,
});
