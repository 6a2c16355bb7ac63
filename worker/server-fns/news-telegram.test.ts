import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { telegramChats } from '../db/schema/news';
import { db, insertUser, signedInJar, type CookieJar } from '../test/harness';
import { callFn, issuePaths } from './news-test-client';

let adminJar: CookieJar;
let traderJar: CookieJar;

beforeAll(async () => {
  adminJar = await signedInJar(await insertUser({ role: 'admin', email: 'admin@telegram-fn.test' }));
  traderJar = await signedInJar(await insertUser({ email: 'trader@telegram-fn.test' }));
});

describe('telegram chats', () => {
  it('create (with defaults) → list → update → delete', async () => {
    const created = await callFn('createTelegramChat', adminJar, { chatId: '-100200', title: 'Desk' });
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
    const risk = await callFn('createTelegramChat', adminJar, {
      chatId: '@risk_desk',
      title: 'Risk',
      purpose: 'risk',
      minImportance: 'critical',
      symbols: ['btc', 'eth', 'BTC'],
      enabled: false,
    });
    expect(risk.body).toMatchObject({ chatId: '@risk_desk', purpose: 'risk', symbols: ['BTC', 'ETH'], enabled: false });
    expect((await callFn('getTelegramChats', traderJar)).body.map((c: { chatId: string }) => c.chatId)).toEqual([
      '-100200',
      '@risk_desk',
    ]);

    const updated = await callFn('updateTelegramChat', adminJar, {
      id: created.body.id,
      updates: { minImportance: 'low', symbols: ['sol'] },
    });
    expect(updated.body).toMatchObject({ id: created.body.id, minImportance: 'low', symbols: ['SOL'], title: 'Desk' });
    expect((await callFn('deleteTelegramChat', adminJar, { id: risk.body.id })).body).toEqual({ id: risk.body.id });
    expect((await callFn('getTelegramChats', traderJar)).body).toHaveLength(1);
    await callFn('deleteTelegramChat', adminJar, { id: created.body.id });
  });

  it('re-enabling a chat the sender disabled clears the reason', async () => {
    const chat = await callFn('createTelegramChat', adminJar, { chatId: '-100300', title: 'Kicked' });
    await db
      .update(telegramChats)
      .set({ enabled: false, disabledReason: 'bot was kicked' })
      .where(eq(telegramChats.id, chat.body.id));
    const res = await callFn('updateTelegramChat', adminJar, { id: chat.body.id, updates: { enabled: true } });
    expect(res.body).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('answers 409 when the chat id is already configured (create or update)', async () => {
    const a = await callFn('createTelegramChat', adminJar, { chatId: '-100400', title: 'A' });
    const b = await callFn('createTelegramChat', adminJar, { chatId: -100401, title: 'B' });
    expect(b.body.chatId).toBe('-100401');
    expect((await callFn('createTelegramChat', adminJar, { chatId: '-100400', title: 'Again' })).status).toBe(409);
    const clash = await callFn('updateTelegramChat', adminJar, { id: b.body.id, updates: { chatId: '-100400' } });
    expect(clash).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await callFn('updateTelegramChat', adminJar, { id: a.body.id, updates: { chatId: '-100400' } })).status).toBe(200);
  });

  it('validates fields with 400 and answers unknown ids with 404', async () => {
    const res = await callFn('createTelegramChat', adminJar, {
      chatId: 'desk chat',
      title: '',
      minImportance: 'urgent',
      purpose: 'gossip',
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body).sort()).toEqual(['chatId', 'minImportance', 'purpose', 'title']);
    expect((await callFn('updateTelegramChat', adminJar, { id: 'missing', updates: { title: 'x' } })).status).toBe(404);
    expect((await callFn('deleteTelegramChat', adminJar, { id: 'missing' })).status).toBe(404);
    expect((await callFn('updateTelegramChat', adminJar, { id: 'missing', updates: { disabledReason: null } })).status).toBe(400);
  });

  it('lets only admins change chats', async () => {
    expect((await callFn('createTelegramChat', traderJar, { chatId: '-1', title: 'Mine' })).status).toBe(403);
    expect((await callFn('getTelegramChats', undefined)).status).toBe(401);
  });
});
