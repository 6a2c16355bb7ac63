import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import type { SourceDto as NewsSource } from '@contract/server-fns/news-sources';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { announceNewWebhook, NewWebhookDialog, WebhookSummary } from './telegram-webhook';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));
// The browser side only: the worker's rotateTelegramSecret is tested in worker/server-fns/news-sources.test.ts.
const rotated = 'R'.repeat(39) + 'new4';
const serverFn = vi.hoisted(() => vi.fn());
vi.mock('~/lib/server-fn', () => ({ serverFn }));


const page = reactRootPerTest();
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

afterEach(() => {
  serverFn.mockReset();
});

const withQueries = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;
const summary = (over: Partial<NewsSource> = {}, canEdit = false) =>
  withQueries(<WebhookSummary source={{ ...source(over), webhook: source(over).webhook! }} canEdit={canEdit} />);
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === text);

describe('Telegram webhook', () => {
  it('lists the path and only a hint of the secret; readers get no secret action', async () => {
    await act(async () => page.root.render(summary()));
    expect($('source-webhook')?.textContent).toContain('/api/telegram/webhook/src-1');
    expect($('source-webhook')?.textContent).toContain('secret …wxyz');
    expect($('rotate-secret')).toBeNull();
  });

  it('admins rotate a secret after confirming, and see the new one once', async () => {
    serverFn.mockResolvedValueOnce(source({ webhook: { ...source().webhook!, secretTokenHint: 'new4', secretToken: rotated } }));
    await act(async () =>
      page.root.render(
        withQueries(
          <>
            <WebhookSummary source={{ ...source(), webhook: source().webhook! }} canEdit />
            <NewWebhookDialog />
          </>,
        ),
      ),
    );
    expect($('rotate-secret')?.textContent).toBe('Rotate secret');
    await act(async () => $('rotate-secret')!.click());
    expect($('confirm-dialog')?.textContent).toContain('stops working at once');
    expect(serverFn).not.toHaveBeenCalled();
    await act(async () => $('confirm-action')!.click());
    expect(serverFn).toHaveBeenCalledWith('rotateTelegramSecret', { id: 'src-1' });
    expect(field('webhook-secret')?.value).toBe(rotated);
    await act(async () => button('Done')?.click());
    expect($('webhook-dialog')).toBeNull();
  });

  it('a source without a secret offers to generate one, without asking', async () => {
    serverFn.mockResolvedValueOnce(source({ webhook: { ...source().webhook!, secretToken: rotated } }));
    await act(async () =>
      page.root.render(
        summary({ webhook: { path: '/api/telegram/webhook/src-1', secretTokenSet: false, secretTokenHint: null } }, true),
      ),
    );
    expect($('source-webhook')?.textContent).toContain('no secret');
    expect($('rotate-secret')?.textContent).toBe('Generate secret');
    await act(async () => $('rotate-secret')!.click());
    expect($('confirm-dialog')).toBeNull();
    expect(serverFn).toHaveBeenCalledWith('rotateTelegramSecret', { id: 'src-1' });
    // The dialog that shows it (rendered once per page) is closed again for the next test.
    await act(async () => page.root.render(withQueries(<NewWebhookDialog />)));
    expect(field('webhook-secret')?.value).toBe(rotated);
    await act(async () => button('Done')?.click());
  });

  it('shows a new source’s URL and whole secret once, and nothing for sources without one', async () => {
    await act(async () => page.root.render(<NewWebhookDialog />));
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
