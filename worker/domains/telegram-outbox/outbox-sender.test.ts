import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox, telegramChats } from '../../db/schema/news';
import { TelegramClient } from '../../providers/telegram/client';
import { db } from '../../test/harness';
import { FakeTelegram } from '../../test/fakes/fake-telegram';
import { CLAIM_MS, runOutboxSender, type OutboxSenderDeps } from './outbox-sender';

const TOKEN = '123456:test-token';
const T0 = Date.UTC(2026, 10, 21, 9);

/** A fake clock: sleeping moves time on at once, so a 50 s run takes milliseconds. */
function setup() {
  const clock = { t: T0 };
  const now = () => clock.t;
  const server = new FakeTelegram({ token: TOKEN, now });
  /** when each request reached "Telegram", per chat */
  const times: { chat: string; at: number; ok: boolean }[] = [];
  const fetch: typeof server.fetch = async (input, init) => {
    const res = await server.fetch(input, init);
    const body = JSON.parse(String(init?.body ?? '{}')) as { chat_id: string };
    times.push({ chat: String(body.chat_id), at: clock.t, ok: res.ok });
    return res;
  };
  const telegram = new TelegramClient({ baseUrl: 'https://tg.fake.test', token: TOKEN, fetch });
  const deps = (over: Partial<OutboxSenderDeps> = {}): OutboxSenderDeps => ({
    db,
    telegram,
    now,
    sleep: async (ms) => {
      clock.t += ms;
    },
    random: () => 0,
    ...over,
  });
  return { clock, server, times, deps };
}

let seq = 0;
async function enqueue(target: string, title: string, createdAt: number, over: Partial<typeof outbox.$inferInsert> = {}) {
  seq++;
  await db.insert(outbox).values({
    id: `row-${seq}`,
    channel: 'telegram',
    target,
    payload: { title, url: 'https://www.coindesk.com/x', symbols: ['BTC'], importance: 'high', source: 'rss' },
    dedupKey: `test:${seq}`,
    nextAttemptAt: createdAt,
    createdAt: createdAt + seq, // insertion order = age order
    ...over,
  });
  return `row-${seq}`;
}

const row = (id: string) => db.query.outbox.findFirst({ where: eq(outbox.id, id) });

beforeEach(async () => {
  await db.delete(outbox);
  await db.delete(telegramChats);
});

describe('outbox sender', () => {
  it('sends due rows, formats news as HTML, marks them sent', async () => {
    const { server, deps } = setup();
    const id = await enqueue('-1001', 'Bitcoin <ETF> & more', T0 - 5_000);
    const later = await enqueue('-1001', 'not yet', T0, { nextAttemptAt: T0 + 3_600_000 });
    const result = await runOutboxSender(deps());
    expect(result).toMatchObject({ sent: 1, failed: 0, released: 0 });
    expect(server.messagesIn('-1001')).toHaveLength(1);
    expect(server.messagesIn('-1001')[0]).toMatchObject({
      parse_mode: 'HTML',
      text: expect.stringContaining('<b>Bitcoin &lt;ETF&gt; &amp; more</b>'),
    });
    expect(await row(id)).toMatchObject({ status: 'sent', sentAt: T0, attempts: 1, claimedUntil: null });
    expect(await row(later)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('honours 429 retry_after: the retry waits that long, younger rows of the chat wait behind it', async () => {
    const { server, times, deps } = setup();
    server.failNext({ type: 'rate-limit', retryAfter: 17 }, { chatId: '-1002' });
    const first = await enqueue('-1002', 'first', T0);
    const second = await enqueue('-1002', 'second', T0);
    const other = await enqueue('42', 'other chat', T0);
    const result = await runOutboxSender(deps());
    expect(result).toMatchObject({ sent: 3, retried: 1 });
    const chat = times.filter((t) => t.chat === '-1002');
    expect(chat.map((t) => t.ok)).toEqual([false, true, true]);
    expect(chat[1]!.at - chat[0]!.at).toBeGreaterThanOrEqual(17_000);
    // FIFO within the chat, and the other chat was not held up
    expect(server.messagesIn('-1002').map((m) => m.text)).toEqual([
      expect.stringContaining('first'),
      expect.stringContaining('second'),
    ]);
    expect(times.find((t) => t.chat === '42')!.at).toBeLessThan(T0 + 1_000);
    expect(await row(first)).toMatchObject({ status: 'sent', attempts: 2, lastError: expect.stringContaining('retry after 17') });
    expect(await row(second)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await row(other)).toMatchObject({ status: 'sent' });
  });

  it('a 429 beyond the run budget leaves the row pending with its retry time', async () => {
    const { server, deps } = setup();
    server.failNext({ type: 'rate-limit', retryAfter: 600 });
    const id = await enqueue('-1003', 'later', T0);
    const result = await runOutboxSender(deps());
    expect(result).toMatchObject({ sent: 0, retried: 1 });
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, nextAttemptAt: T0 + 600_000, claimedUntil: null });
  });

  it('403 disables the chat with the reason and fails what is queued for it; other chats go on', async () => {
    const { server, deps } = setup();
    await db.insert(telegramChats).values([
      { id: 'gone', chatId: '-1004', title: 'Gone', symbols: [], createdAt: T0 },
      { id: 'fine', chatId: '-1005', title: 'Fine', symbols: [], createdAt: T0 },
    ]);
    server.failNext({ type: 'kicked' }, { chatId: '-1004' });
    const a = await enqueue('-1004', 'a', T0);
    const b = await enqueue('-1004', 'b', T0);
    const c = await enqueue('-1005', 'c', T0);
    const result = await runOutboxSender(deps());
    expect(result).toMatchObject({ sent: 1, failed: 2, disabledChats: ['-1004'] });
    const chat = await db.query.telegramChats.findFirst({ where: eq(telegramChats.id, 'gone') });
    expect(chat).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('removed from chat -1004') });
    expect(await db.query.telegramChats.findFirst({ where: eq(telegramChats.id, 'fine') })).toMatchObject({ enabled: true });
    expect(await row(a)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await row(b)).toMatchObject({ status: 'failed', attempts: 0, lastError: expect.stringContaining('removed') });
    expect(await row(c)).toMatchObject({ status: 'sent' });
    expect(server.messagesIn('-1004')).toHaveLength(0);
  });

  it('a permanent error fails the row only; a transient one backs off and retries', async () => {
    const { server, deps } = setup();
    server.failNext({ type: 'bad-request', description: "Bad Request: can't parse entities" }, { chatId: '-1006' });
    server.failNext({ type: 'http', status: 502 }, { chatId: '-1007' });
    const bad = await enqueue('-1006', 'bad', T0);
    const next = await enqueue('-1006', 'next', T0);
    const flaky = await enqueue('-1007', 'flaky', T0);
    await runOutboxSender(deps());
    expect(await row(bad)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await row(next)).toMatchObject({ status: 'sent' });
    expect(await row(flaky)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('restart mid-send: a claim taken, the run dies before marking; after claim expiry the row is sent once more, never again', async () => {
    const { clock, server, deps } = setup();
    const id = await enqueue('-1008', 'crash', T0);
    const crash = new Error('isolate evicted');
    await expect(
      runOutboxSender(
        deps({
          afterSend: () => {
            throw crash;
          },
        }),
      ),
    ).rejects.toBe(crash);
    expect(server.messagesIn('-1008')).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sending', claimedUntil: T0 + CLAIM_MS });

    // A new run while the claim holds: nothing (the first run might still be alive).
    clock.t = T0 + 30_000;
    expect(await runOutboxSender(deps())).toMatchObject({ sent: 0 });
    expect(server.messagesIn('-1008')).toHaveLength(1);

    // After expiry: sent again (the one extra copy of at-least-once) and marked.
    clock.t = T0 + CLAIM_MS + 1;
    expect(await runOutboxSender(deps())).toMatchObject({ sent: 1 });
    expect(server.messagesIn('-1008')).toHaveLength(2);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });

    // And never more than that.
    clock.t += 10 * CLAIM_MS;
    expect(await runOutboxSender(deps())).toMatchObject({ sent: 0 });
    expect(server.messagesIn('-1008')).toHaveLength(2);
  });

  it('keeps 1 message/s per chat, FIFO, across runs too (history from the outbox)', async () => {
    const { clock, server, times, deps } = setup();
    for (let i = 0; i < 4; i++) await enqueue('77', `a${i}`, T0);
    for (let i = 0; i < 2; i++) await enqueue('78', `b${i}`, T0);
    const result = await runOutboxSender(deps());
    expect(result.sent).toBe(6);
    const a = times.filter((t) => t.chat === '77').map((t) => t.at);
    for (let i = 1; i < a.length; i++) expect(a[i]! - a[i - 1]!).toBeGreaterThanOrEqual(1_000);
    expect(server.messagesIn('77').map((m) => m.text.match(/a\d/)?.[0])).toEqual(['a0', 'a1', 'a2', 'a3']);
    // the two chats interleave: chat 78 did not wait for chat 77's queue
    expect(times.filter((t) => t.chat === '78')[0]!.at).toBe(T0);

    // A later run right after: the last send into 77 (from D1's history) still counts.
    const last = clock.t;
    await enqueue('77', 'a4', clock.t);
    await runOutboxSender(deps());
    const next = times.filter((t) => t.chat === '77').at(-1)!.at;
    expect(next - last).toBeGreaterThanOrEqual(0);
    expect(next - a.at(-1)!).toBeGreaterThanOrEqual(1_000);
  });

  it('a group gets at most 20 per minute; what does not fit in the run is released, then sent next run', async () => {
    const { clock, server, deps } = setup();
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await enqueue('-1009', `g${i}`, T0));
    const first = await runOutboxSender(deps());
    expect(first.sent).toBe(20);
    expect(first.released).toBe(5);
    expect((await row(ids[24]!))!).toMatchObject({ status: 'pending', claimedUntil: null });
    clock.t = T0 + 61_000;
    const second = await runOutboxSender(deps());
    expect(second.sent).toBe(5);
    expect(server.messagesIn('-1009')).toHaveLength(25);
  });

  it('stops the run on a rejected token, keeping every row pending', async () => {
    const { deps } = setup();
    const wrong = new TelegramClient({
      baseUrl: 'https://tg.fake.test',
      token: '999:wrong',
      fetch: new FakeTelegram({ token: TOKEN }).fetch,
    });
    const a = await enqueue('-1010', 'a', T0);
    const b = await enqueue('-1011', 'b', T0);
    const result = await runOutboxSender(deps({ telegram: wrong }));
    expect(result.stoppedBy).toContain('TELEGRAM_BOT_TOKEN');
    expect(result.sent).toBe(0);
    expect(await row(a)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await row(b)).toMatchObject({ status: 'pending', attempts: 0, claimedUntil: null });
  });
});
