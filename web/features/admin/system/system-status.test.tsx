import type { SystemStatus } from '@contract/system';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { pollerFixture } from '~/test/poller-fixture';
import { reactRootPerTest } from '~/test/react-root';
import { SystemStatusView } from './system-status';

const page = reactRootPerTest();
const poller = pollerFixture;
const NOW = Date.UTC(2026, 10, 24, 12);
const status = (over: Partial<SystemStatus> = {}): SystemStatus => ({
  now: NOW,
  cron: { lastRunAt: NOW - 20_000, lastDurationMs: 1_234, lastFailedJobs: [], runsLastHour: 60 },
  snapshotQueue: {
    pendingBatches: 2,
    oldestPendingAt: NOW - 30_000,
    retryingBatches: 0,
    deadLetters24h: 0,
    lastDeadLetterAt: null,
    queue: { messages: 5, bytes: 2_000, oldestMessageAt: NOW - 90_000 },
  },
  newsSources: [
    {
      id: 's1',
      name: 'CoinDesk RSS',
      kind: 'rss',
      enabled: true,
      lastSuccessAt: NOW - 60_000,
      lastErrorAt: null,
      lastError: null,
      consecutiveFailures: 0,
      poller: null,
      latency: null,
    },
    {
      id: 'exchange-bybit',
      name: 'Bybit announcements',
      kind: 'exchange',
      enabled: true,
      lastSuccessAt: NOW - 1_000,
      lastErrorAt: null,
      lastError: null,
      consecutiveFailures: 0,
      poller: poller({ state: 'polling', intervalSeconds: 2, lastItemAt: NOW - 45_000 }),
      latency: { count: 120, p50: 800, p99: 1_400 },
    },
    {
      id: 'exchange-okx',
      name: 'OKX announcements',
      kind: 'exchange',
      enabled: true,
      lastSuccessAt: NOW - 9_000,
      lastErrorAt: NOW - 2_000,
      lastError: 'OKX answered 429',
      consecutiveFailures: 1,
      poller: poller({ state: 'rate-limited', rateLimitedUntil: NOW + 30_000, lastError: 'OKX answered 429' }),
      latency: null,
    },
  ],
  xPolling: [
    {
      id: 'x1',
      name: 'Macro handles',
      enabled: true,
      lastPolledAt: NOW - 30_000,
      rateLimitedUntil: null,
      lastError: 'X answered 503',
      off: false,
      poller: null,
    },
  ],
  exchangeAccounts: {
    active: 40,
    failing: 1,
    recentFailures: [{ email: 'desk-7@firm.test', exchange: 'binance', error: 'Binance answered 503', at: NOW - 20_000 }],
  },
  telegramOutbox: { backlog: 0, oldestQueuedAt: null, failed: 0, retrying: 0, lastError: null },
  hubs: [
    { name: 'news', subscribers: 1_200 },
    { name: 'risk', subscribers: null },
  ],
  warnings: [],
  ...over,
});

function render(s: SystemStatus) {
  act(() => page.root.render(<SystemStatusView status={s} />));
}

describe('SystemStatusView', () => {
  it('shows the figures, right-aligned and formatted, and "all clear" without warnings', () => {
    render(status());
    const text = document.body.textContent!;
    expect(document.querySelector('[data-testid="system-status-ok"]')).not.toBeNull();
    expect(text).toContain('1,234 ms');
    expect(text).toContain('1,200');
    expect(text).toContain('unreachable');
    expect(text).toContain('CoinDesk RSS');
    expect(text).toContain('Macro handles');
    expect(text).toContain('X answered 503');
    expect(text).toContain('1 of 40');
    expect(text).toContain('desk-7@firm.test');
    expect(text).toContain('Binance answered 503');
    expect(document.querySelector('[data-testid="system-queue-messages"]')!.textContent).toBe('5, oldest 1m 30s');
    expect(document.querySelectorAll('dd.tabular.text-right').length).toBeGreaterThan(8);
  });

  it('shows each source as the sources page does: its poller state, last item age and p50 / p99', () => {
    render(status());
    const rows = [...document.querySelectorAll('[data-testid="system-source"]')].map((li) => li.textContent);
    expect(rows[0]).toContain('last success 1m');
    expect(rows[1]).toContain('Polling every 2 s');
    expect(rows[1]).toContain('last item 45s');
    expect(rows[1]).toContain('0.8 s / 1.4 s');
    expect(rows[2]).toMatch(/Rate-limited until \d{1,2}:\d{2}:\d{2}/);
    expect(rows[2]).toContain('OKX answered 429');
  });

  it("shows the outbox's failing sends and their newest error", () => {
    render(status());
    expect(document.querySelector('[data-testid="system-outbox-retrying"]')!.textContent).toBe('0');
    expect(document.querySelector('[data-testid="system-outbox-error"]')).toBeNull();
    render(
      status({
        telegramOutbox: { backlog: 9, oldestQueuedAt: NOW - 40_000, failed: 0, retrying: 3, lastError: 'Telegram answered 502' },
      }),
    );
    const retrying = document.querySelector('[data-testid="system-outbox-retrying"]')!;
    expect(retrying.textContent).toBe('3');
    expect(retrying.className).toContain('text-warning');
    expect(document.querySelector('[data-testid="system-outbox-error"]')!.textContent).toBe('Last error: Telegram answered 502');
  });

  it('lists each warning with an icon and its text', () => {
    render(
      status({
        warnings: [
          { code: 'CRON_STALLED', message: 'The minute cron last ran 5 min ago.' },
          { code: 'OUTBOX_BACKLOG', message: '3 Telegram messages queued, the oldest for 7 min.' },
        ],
      }),
    );
    const items = [...document.querySelectorAll('[data-testid="system-warnings"] li')];
    expect(items.map((li) => li.getAttribute('data-code'))).toEqual(['CRON_STALLED', 'OUTBOX_BACKLOG']);
    expect(items[0]!.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(items[0]!.textContent).toBe('Warning: The minute cron last ran 5 min ago.');
    expect(document.querySelector('[data-testid="system-status-ok"]')).toBeNull();
  });
});
