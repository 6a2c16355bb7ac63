import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type {
  TelegramChatDto as TelegramChat,
  TelegramSendingStatus as TelegramStatus,
} from '@contract/server-fns/news-telegram';
import { act, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reactRootPerTest } from '~/test/react-root';
import { TelegramChatsPage } from './telegram-chats-page';
import { chatDelivery, TelegramStatusLine } from './telegram-status';

const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

/** The server functions the page calls, answered per test. */
const answers = vi.hoisted(() => new Map<string, () => unknown>());
vi.mock('~/lib/server-fn', () => ({
  serverFn: vi.fn(async (name: string) => {
    const answer = answers.get(name);
    if (!answer) throw new Error(`unexpected server function ${name}`);
    return answer();
  }),
}));


const page = reactRootPerTest();
const $ = (testId: string) => document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

const admin = { id: 'u1', email: 'admin@example.com', name: 'Admin', role: 'admin', approved: true, disabled: false };
const chat: TelegramChat = {
  id: 'c1',
  chatId: '-100500',
  title: 'Desk',
  enabled: true,
  minImportance: 'high',
  symbols: [],
  purpose: 'news',
  disabledReason: null,
  createdAt: 0,
};
const status = (over: Partial<TelegramStatus> = {}): TelegramStatus => ({
  sending: true,
  reason: null,
  queued: 0,
  lastSentAt: null,
  lastError: null,
  ...over,
});

async function render(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => page.root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
  await flush();
}

beforeEach(() => {
  answers.clear();
  answers.set('getUser', () => admin);
  answers.set('getTelegramChats', () => [chat]);
});

describe('Telegram sending status', () => {
  it('warns above the chats table when sending is off, with what is queued', async () => {
    answers.set('getTelegramStatus', () => status({ sending: false, reason: 'TELEGRAM_BOT_TOKEN is not set', queued: 12 }));
    await render(<TelegramChatsPage />);
    const banner = $('telegram-status')!;
    expect(banner.dataset.sending).toBe('false');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toContain('Sending is off: TELEGRAM_BOT_TOKEN is not set — 12 messages queued');
    expect(banner.textContent).toContain('Telegram news sources (webhooks) are not affected');
    // Between the heading and the table.
    const table = $('chats-table')!;
    expect(banner.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('never calls a chat "Delivering" while the banner says sending is off', async () => {
    answers.set('getTelegramStatus', () => status({ sending: false, reason: 'TELEGRAM_BOT_TOKEN is not set' }));
    await render(<TelegramChatsPage />);
    const cell = $('chat-status')!;
    expect(cell.dataset.delivery).toBe('held');
    expect(cell.textContent).toBe('HeldQueued until sending is on');
    expect($('chats-table')?.textContent).not.toContain('Delivering');
  });

  it('calls an enabled chat "Delivering" while sending is on', async () => {
    answers.set('getTelegramStatus', () => status());
    await render(<TelegramChatsPage />);
    expect($('chat-status')?.dataset.delivery).toBe('delivering');
    expect($('chat-status')?.textContent).toBe('Delivering');
  });

  it('derives a row’s state from the chat and the one sending status', () => {
    const on = { sending: true };
    const off = { sending: false };
    expect(chatDelivery(chat, on)).toBe('delivering');
    expect(chatDelivery(chat, off)).toBe('held');
    expect(chatDelivery(chat, undefined)).toBe('enabled'); // not known yet: no claim
    expect(chatDelivery({ ...chat, enabled: false }, on)).toBe('paused');
    expect(chatDelivery({ ...chat, enabled: false, disabledReason: 'bot was kicked' }, on)).toBe('refused');
  });

  it('says when the last message went out and what waits while sending', async () => {
    await render(<TelegramStatusLine status={status({ lastSentAt: Date.now() - 120_000, queued: 0 })} />);
    const line = $('telegram-status')!;
    expect(line.dataset.sending).toBe('true');
    expect(line.textContent).toMatch(/^Sending\s*last message 2m 0\ds ago\s*·\s*0 queued$/);
    expect($('telegram-status-error')).toBeNull();
  });

  it('shows the last error of waiting messages, and when nothing was sent lately', async () => {
    const lastError = 'Telegram rejected the bot token';
    await render(<TelegramStatusLine status={status({ queued: 3, lastError })} />);
    expect($('telegram-status')?.textContent).toContain('no message sent in the last 7 days');
    expect($('telegram-status')?.textContent).toContain('3 queued');
    expect($('telegram-status-error')?.textContent).toBe(`Last error: ${lastError}`);
  });

  it('keeps the chats usable when the status cannot be loaded', async () => {
    answers.set('getTelegramStatus', () => Promise.reject(new Error('Service unavailable')));
    await render(<TelegramChatsPage />);
    expect($('telegram-status')?.textContent).toBe('Could not load the sending status: Service unavailable');
    expect($('chats-table')?.textContent).toContain('Desk');
  });
});
