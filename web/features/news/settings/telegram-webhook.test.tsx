import { act } from 'react';
import type { SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceNewWebhook, NewWebhookDialog, WebhookSummary } from './telegram-webhook';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const field = (testId: string) => $(testId) as HTMLInputElement | null;

function source(over: Partial<NewsSource> = {}): NewsSource {
  return {
    id: 'src-1',
    kind: 'telegram',
    name: 'Wire',
    config: {},
    enabled: true,
    createdAt: 0,
    health: { lastSuccessAt: null, lastErrorAt: null, lastError: null, consecutiveFailures: 0, nextAttemptAt: null },
    webhook: { path: '/api/telegram/webhook/src-1', secretTokenSet: true, secretTokenHint: 'wxyz' },
    ...over,
  };
}

beforeEach(() => {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('Telegram webhook', () => {
  it('lists the path and only a hint of the secret', async () => {
    await act(async () => root.render(<WebhookSummary webhook={source().webhook!} />));
    expect($('source-webhook')?.textContent).toContain('/api/telegram/webhook/src-1');
    expect($('source-webhook')?.textContent).toContain('secret …wxyz');
  });

  it('shows a new source’s URL and whole secret once, and nothing for sources without one', async () => {
    await act(async () => root.render(<NewWebhookDialog />));
    await act(async () => announceNewWebhook(source()));
    expect($('webhook-dialog')).toBeNull();

    const secretToken = 'A'.repeat(39) + 'wxyz';
    await act(async () => announceNewWebhook(source({ webhook: { ...source().webhook!, secretToken } })));
    expect(field('webhook-url')?.value).toBe(`${window.location.origin}/api/telegram/webhook/src-1`);
    expect(field('webhook-secret')?.value).toBe(secretToken);
    expect(field('webhook-command')?.value).toContain(`secret_token=${secretToken}`);

    const done = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Done');
    await act(async () => done?.click());
    expect($('webhook-dialog')).toBeNull();
  });
});
