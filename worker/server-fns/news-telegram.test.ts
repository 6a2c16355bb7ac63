import { createExecutionContext } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { outbox, telegramChats } from '../db/schema/news';
import { ORIGIN, db, testEnv } from '../test/harness';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const jars = adminAndTrader('telegram-fn');


describe('telegram chats', () => {
  it('create (with defaults) → list → update → delete', async () => {
    const created = await callFn('createTelegramChat', jars.admin, { chatId: '-100200', title: 'Desk' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      chatId: '-100200',
      title: 'Desk',
      enabled: true,
      minImportance: 'high',
      symbols: [],
      purpose: 'news',
      disabledReason: null,
      createdAt: expect.any(Number),
    });
    const risk = await callFn('createTelegramChat', jars.admin, {
      chatId: '@risk_desk',
      title: 'Risk',
      purpose: 'risk',
      minImportance: 'critical',
      symbols: ['btc', 'eth', 'BTC'],
      enabled: false,
    });
    expect(risk.body).toMatchObject({ chatId: '@risk_desk', purpose: 'risk', symbols: ['BTC', 'ETH'], enabled: false });
    expect((await callFn('getTelegramChats', jars.trader)).body.map((c: { chatId: string }) => c.chatId)).toEqual([
      '-100200',
      '@risk_desk',
    ]);

    const updated = await callFn('updateTelegramChat', jars.admin, {
      id: created.body.id,
      updates: { minImportance: 'low', symbols: ['sol'] },
    });
    expect(updated.body).toMatchObject({ id: created.body.id, minImportance: 'low', symbols: ['SOL'], title: 'Desk' });
    expect((await callFn('deleteTelegramChat', jars.admin, { id: risk.body.id })).body).toEqual({ id: risk.body.id });
    expect((await callFn('getTelegramChats', jars.trader)).body).toHaveLength(1);
    await callFn('deleteTelegramChat', jars.admin, { id: created.body.id });
  });

  it('re-enabling a chat the sender disabled clears the reason', async () => {
    const chat = await callFn('createTelegramChat', jars.admin, { chatId: '-100300', title: 'Kicked' });
    await db
      .update(telegramChats)
      .set({ enabled: false, disabledReason: 'bot was kicked' })
      .where(eq(telegramChats.id, chat.body.id));
    const res = await callFn('updateTelegramChat', jars.admin, { id: chat.body.id, updates: { enabled: true } });
    expect(res.body).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('answers 409 when the chat id is already configured (create or update)', async () => {
    const a = await callFn('createTelegramChat', jars.admin, { chatId: '-100400', title: 'A' });
    const b = await callFn('createTelegramChat', jars.admin, { chatId: -100401, title: 'B' });
    expect(b.body.chatId).toBe('-100401');
    expect((await callFn('createTelegramChat', jars.admin, { chatId: '-100400', title: 'Again' })).status).toBe(409);
    const clash = await callFn('updateTelegramChat', jars.admin, { id: b.body.id, updates: { chatId: '-100400' } });
    expect(clash).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await callFn('updateTelegramChat', jars.admin, { id: a.body.id, updates: { chatId: '-100400' } })).status).toBe(200);
  });

  it('validates fields with 400 and answers unknown ids with 404', async () => {
    const res = await callFn('createTelegramChat', jars.admin, {
      chatId: 'desk chat',
      title: '',
      minImportance: 'urgent',
      purpose: 'gossip',
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body).sort()).toEqual(['chatId', 'minImportance', 'purpose', 'title']);
    expect((await callFn('updateTelegramChat', jars.admin, { id: 'missing', updates: { title: 'x' } })).status).toBe(404);
    expect((await callFn('deleteTelegramChat', jars.admin, { id: 'missing' })).status).toBe(404);
    expect((await callFn('updateTelegramChat', jars.admin, { id: 'missing', updates: { disabledReason: null } })).status).toBe(400);
  });

  it('lets only admins change chats', async () => {
    expect((await callFn('createTelegramChat', jars.trader, { chatId: '-1', title: 'Mine' })).status).toBe(403);
    expect((await callFn('getTelegramChats', undefined)).status).toBe(401);
  });
});

describe('telegram sending status', () => {
  const NOW = Date.now();
  type Status = 'pending' | 'sending' | 'sent' | 'failed';
  const row = (id: string, status: Status, over: Partial<typeof outbox.$inferInsert> = {}) => ({
    id,
    channel: 'telegram' as const,
    target: '-100500',
    payload: { text: id },
    dedupKey: id,
    status,
    nextAttemptAt: NOW - 60_000,
    createdAt: NOW - 120_000,
    ...over,
  });

  /** The app with other secrets than the test env's (the harness's worker has no bot token). */
  async function statusWith(secrets: Record<string, string>) {
    const res = await createApp().fetch(
      new Request(`${ORIGIN}/_serverFn/getTelegramStatus?createServerFn`, { headers: { cookie: jars.trader.header() } }),
      { ...testEnv, ...secrets },
      createExecutionContext(),
    );
    return { status: res.status, body: (await res.json()) as unknown };
  }

  afterEach(async () => {
    await db.delete(outbox);
  });

  it('is off without TELEGRAM_BOT_TOKEN and counts what waits', async () => {
    await db.insert(outbox).values([
      row('a', 'pending'),
      row('b', 'pending', { attempts: 1, lastError: 'older failure', nextAttemptAt: NOW + 5_000 }),
      row('c', 'pending', { attempts: 2, lastError: 'Telegram is down', nextAttemptAt: NOW + 30_000 }),
      row('d', 'sending', { claimedUntil: NOW + 60_000 }),
      row('e', 'sent', { sentAt: NOW - 300_000, nextAttemptAt: NOW - 300_000 }),
      row('f', 'sent', { sentAt: NOW - 90_000, nextAttemptAt: NOW - 90_000 }),
      // Failed for good (e.g. the chat is gone, shown on the chat): not a reason queued ones wait.
      row('g', 'failed', { lastError: 'chat not found', nextAttemptAt: NOW + 60_000 }),
    ]);
    const res = await callFn('getTelegramStatus', jars.trader);
    expect(res).toEqual({
      status: 200,
      body: {
        sending: false,
        reason: 'TELEGRAM_BOT_TOKEN is not set',
        queued: 4,
        lastSentAt: NOW - 90_000,
        lastError: 'Telegram is down',
      },
    });
    expect((await statusWith({ TELEGRAM_BOT_TOKEN: '  ' })).body).toMatchObject({ sending: false, queued: 4 });
  });

  it('is on with the token, and empty when nothing was queued or sent', async () => {
    expect(await statusWith({ TELEGRAM_BOT_TOKEN: '123456:test-token' })).toEqual({
      status: 200,
      body: { sending: true, reason: null, queued: 0, lastSentAt: null, lastError: null },
    });
  });

  it('is for signed-in approved users only, and never shows the token', async () => {
    expect((await callFn('getTelegramStatus', undefined)).status).toBe(401);
    const res = await statusWith({ TELEGRAM_BOT_TOKEN: '123456:test-token' });
    expect(JSON.stringify(res.body)).not.toContain('test-token');
  });
});
