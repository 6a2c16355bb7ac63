import { describe, expect, it } from 'vitest';
import { FakeTelegram, type FakeTelegramFailure } from '../../test/fakes/fake-telegram';
import { TelegramClient } from './client';
import { formatNewsMessage } from './format';

const TOKEN = '123456:ABC-def_ghi';
const BASE = 'https://tg.fake.test';

function setup(token = TOKEN) {
  const server = new FakeTelegram({ token, now: () => 1_750_000_000_000 });
  const client = new TelegramClient({ baseUrl: BASE, token, fetch: server.fetch });
  return { server, client };
}

describe('TelegramClient.sendMessage', () => {
  it('posts JSON to /bot<token>/sendMessage and returns the message id', async () => {
    const { server, client } = setup();
    const first = await client.sendMessage({
      chatId: -1001234567890,
      text: 'hello',
      disableNotification: true,
      linkPreview: false,
    });
    const second = await client.sendMessage({ chatId: -1001234567890, text: '<b>bold</b> &amp; more', parseMode: 'HTML' });
    expect(second.messageId).toBe(first.messageId + 1);
    expect(server.requests[0]).toMatchObject({ method: 'sendMessage', token: TOKEN });
    expect(server.requests[0]!.body).toEqual({
      chat_id: -1001234567890,
      text: 'hello',
      disable_notification: true,
      link_preview_options: { is_disabled: true },
    });
    expect(server.messagesIn(-1001234567890).map((m) => m.text)).toEqual(['hello', '<b>bold</b> &amp; more']);
    expect(server.messagesIn(-1001234567890)[1]!.parse_mode).toBe('HTML');
  });

  it('a formatted news message passes Telegram HTML parsing', async () => {
    const { server, client } = setup();
    const text = formatNewsMessage({
      title: 'SEC <approves> spot ETH ETF options & more',
      url: 'https://www.coindesk.com/markets/2025/06/10/eth?utm=a&b="c"',
      symbols: ['ETH', 'btc', 'ETH'],
      importance: 'critical',
      source: 'CoinDesk',
    });
    await client.sendMessage({ chatId: 42, text, parseMode: 'HTML', linkPreview: true });
    expect(server.messagesIn(42)).toHaveLength(1);
  });

  it('cuts long text to 4096 visible characters so Telegram accepts it', async () => {
    const { server, client } = setup();
    await client.sendMessage({ chatId: 7, text: 'a'.repeat(5000) });
    const long = `<b>${'&amp;'.repeat(3000)}</b><i>${'x'.repeat(3000)}</i>`;
    await client.sendMessage({ chatId: 7, text: long, parseMode: 'HTML' });
    const [plain, html] = server.messagesIn(7);
    expect(plain!.text).toHaveLength(4096);
    expect(plain!.text.endsWith('…')).toBe(true);
    expect(html!.text.endsWith('…</i>')).toBe(true);
  });

  it('refuses empty text and junk chat ids locally', async () => {
    const { server, client } = setup();
    await expect(client.sendMessage({ chatId: 1, text: '  ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { permanent: true },
    });
    await expect(client.sendMessage({ chatId: 'not a chat', text: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(server.requests).toHaveLength(0);
  });
});

describe('Telegram error mapping', () => {
  async function sendFailing(failure: FakeTelegramFailure, chatId: number | string = -100200) {
    const { server, client } = setup();
    server.failNext(failure);
    return client.sendMessage({ chatId, text: 'x' });
  }

  it('429 → TOO_MANY_REQUESTS with data.retryAfter', async () => {
    await expect(sendFailing({ type: 'rate-limit', retryAfter: 17 })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message: 'Telegram rate limit reached: retry after 17 s.',
      data: { provider: 'telegram', retryAfter: 17, retryable: true, chatId: -100200 },
    });
  });

  it('403 → FORBIDDEN with disableChat and a message saying the bot was removed', async () => {
    await expect(sendFailing({ type: 'kicked' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      status: 403,
      message: expect.stringContaining('bot was removed from chat -100200'),
      data: {
        disableChat: true,
        permanent: true,
        retryable: false,
        description: 'Forbidden: bot was kicked from the group chat',
      },
    });
    await expect(sendFailing({ type: 'blocked' }, 99)).rejects.toMatchObject({ code: 'FORBIDDEN', data: { disableChat: true } });
  });

  it('400 → BAD_REQUEST, permanent; chat not found also disables; migration names the new id', async () => {
    await expect(sendFailing({ type: 'bad-request', description: "Bad Request: can't parse entities" })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      data: { permanent: true, retryable: false },
    });
    await expect(sendFailing({ type: 'chat-not-found' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { permanent: true, disableChat: true },
    });
    await expect(sendFailing({ type: 'migrated', migrateToChatId: -1009999 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('-1009999'),
      data: { migrateToChatId: -1009999, permanent: true },
    });
    // the fake's own validation, not a queued failure
    const { client } = setup();
    await expect(client.sendMessage({ chatId: 5, text: '<b>unclosed', parseMode: 'HTML' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining("can't parse entities"),
    });
  });

  it('a wrong token → BAD_GATEWAY about TELEGRAM_BOT_TOKEN, without the token in the error', async () => {
    const server = new FakeTelegram({ token: TOKEN });
    const client = new TelegramClient({ baseUrl: BASE, token: '999:wrong-secret', fetch: server.fetch });
    const error = await client.sendMessage({ chatId: 1, text: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('TELEGRAM_BOT_TOKEN') });
    expect(JSON.stringify({ m: (error as Error).message, d: (error as { data: unknown }).data })).not.toContain('wrong-secret');
  });

  it.each([
    [{ type: 'http', status: 502 } as const, 'BAD_GATEWAY', { retryable: true }],
    [{ type: 'http', status: 500 } as const, 'BAD_GATEWAY', { retryable: true }],
    [{ type: 'network' } as const, 'BAD_GATEWAY', { retryable: true }],
    [{ type: 'timeout' } as const, 'GATEWAY_TIMEOUT', { retryable: true, outcomeUnknown: true }],
  ])('%o → %s (retryable)', async (failure, code, data) => {
    await expect(sendFailing(failure)).rejects.toMatchObject({ code, data });
  });
});
