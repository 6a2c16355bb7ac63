import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newsSources, specialMappings, telegramChats } from '../../../db/schema/news';
import { newsItems } from '../../../db/schema-news';
import { db, newsDb, fetchApp, insertUser, rpcClient, signedInJar } from '../../../test/harness';
import { invalidateClassifyConfig } from '../ingest/classify-config';
import { createSource, rotateTelegramSecret } from '../settings/sources';
import { telegramWebhookPath } from './telegram-webhook';
import { hashToken } from '../../auth/tokens';

/** Each Telegram source's generated secret, as createSource answered it once. */
const secrets = new Map<string, string>();
let wire: string;
let desk: string;
let off: string;
let rss: string;
let updateId = 1000;
/** Telegram's clock: whole seconds, a moment ago (fresh items are forwarded). */
const nowSeconds = () => Math.floor(Date.now() / 1000) - 2;

function deliver(
  sourceId: string,
  body: unknown,
  secret: string | null = secrets.get(sourceId) ?? null,
  headers: Record<string, string> = {},
) {
  return fetchApp(telegramWebhookPath(sourceId), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(secret === null ? {} : { 'X-Telegram-Bot-Api-Secret-Token': secret }),
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function channelPost(fields: Record<string, unknown> = {}, chat: Record<string, unknown> = {}) {
  return {
    update_id: ++updateId,
    channel_post: {
      message_id: updateId,
      date: nowSeconds(),
      chat: { id: -1001234567890, type: 'channel', title: 'Wire Alerts', username: 'wire_alerts', ...chat },
      text: `Bitcoin breaks out, update ${updateId}`,
      ...fields,
    },
  };
}

const itemsOf = (sourceId: string) => newsDb.select().from(newsItems).where(eq(newsItems.sourceId, sourceId));
const sourceRow = (id: string) => db.query.newsSources.findFirst({ where: eq(newsSources.id, id) });

beforeAll(async () => {
  const now = Date.now();
  await db.insert(specialMappings).values({ id: 'tg-btc', terms: ['bitcoin'], symbols: ['BTC'], createdAt: now, updatedAt: now });
  await db
    .insert(telegramChats)
    .values({ id: 'tg-desk', chatId: '-1009999', title: 'Desk', minImportance: 'low', symbols: [], createdAt: now });
  invalidateClassifyConfig();
  const telegram = async (name: string, config: Record<string, unknown>, enabled = true) => {
    const source = await createSource(db, { kind: 'telegram', name, enabled, config });
    secrets.set(source.id, source.webhook!.secretToken!);
    return source;
  };
  wire = (await telegram('Wire', {})).id;
  desk = (await telegram('Desk group', { chatId: '-100777' })).id;
  off = (await telegram('Off', {}, false)).id;
  rss = (await createSource(db, { kind: 'rss', name: 'Feed', enabled: true, config: { url: 'https://tg-test.example/rss' } })).id;
});

describe('telegram webhook: delivery', () => {
  it('stores a channel post with its mapped symbols, publishes it, forwards it and records health', async () => {
    const stream = await rpcClient(await signedInJar(await insertUser())).streamNews();
    const next = stream.next();
    await new Promise((r) => setTimeout(r, 50));

    const update = channelPost({ text: 'Bitcoin ETF sees record inflows\nDetails inside.' });
    const res = await deliver(wire, update);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, status: 'stored' });

    const [item] = await itemsOf(wire);
    expect(item).toMatchObject({
      sourceKind: 'telegram',
      externalId: `-1001234567890:${update.channel_post.message_id}`,
      ts: update.channel_post.date * 1000,
      title: 'Bitcoin ETF sees record inflows Details inside.',
      author: 'Wire Alerts',
      url: `https://t.me/wire_alerts/${update.channel_post.message_id}`,
      symbols: ['BTC'],
    });
    const { value } = await next;
    expect(value).toMatchObject({ id: item!.id, symbols: ['BTC'], sourceKind: 'telegram' });
    await stream.return(undefined);

    // The same after-store path as the pollers: a fresh item goes to the outbox.
    const queued = await db.query.outbox.findMany();
    expect(queued.map((row) => row.target)).toContain('-1009999');
    expect(await sourceRow(wire)).toMatchObject({ lastSuccessAt: expect.any(Number), consecutiveFailures: 0, lastErrorAt: null });
  });

  it('takes a message caption, and plain group messages', async () => {
    const photo = channelPost({ text: undefined, caption: 'Solana validators restart after outage' });
    expect(await (await deliver(wire, photo)).json()).toEqual({ ok: true, status: 'stored' });
    const group = {
      update_id: ++updateId,
      message: {
        message_id: 7,
        date: nowSeconds(),
        chat: { id: -100777, type: 'supergroup', title: 'Desk' },
        text: 'Ether gas spikes',
      },
    };
    expect(await (await deliver(desk, group)).json()).toEqual({ ok: true, status: 'stored' });
    const [item] = await itemsOf(desk);
    expect(item).toMatchObject({ externalId: '-100777:7', author: 'Desk', url: null, title: 'Ether gas spikes' });
  });

  it('stores a redelivered update once', async () => {
    const update = channelPost({ text: 'Exchange halts withdrawals' });
    expect(await (await deliver(wire, update)).json()).toEqual({ ok: true, status: 'stored' });
    const again = await deliver(wire, update);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, status: 'duplicate' });
    const rows = (await itemsOf(wire)).filter((i) => i.externalId === `-1001234567890:${update.channel_post.message_id}`);
    expect(rows).toHaveLength(1);
  });

  it('acknowledges and drops edits, other update kinds, messages without text and other chats', async () => {
    const before = (await itemsOf(wire)).length + (await itemsOf(desk)).length;
    const { channel_post: post } = channelPost({ text: 'Bitcoin edited headline' });
    const ignored: [string, unknown][] = [
      [wire, { update_id: ++updateId, edited_channel_post: post }],
      [wire, { update_id: ++updateId, edited_message: post }],
      [wire, { update_id: ++updateId, callback_query: { id: '1', data: 'x' } }],
      [wire, { update_id: ++updateId, my_chat_member: { chat: post.chat } }],
      [wire, channelPost({ text: undefined, sticker: { file_id: 'abc' } })],
      [wire, channelPost({ text: '   ' })],
      // Desk listens to chat -100777 only.
      [desk, channelPost({ text: 'Bitcoin from another chat' })],
    ];
    for (const [source, update] of ignored) {
      const res = await deliver(source, update);
      expect(res.status, JSON.stringify(update)).toBe(200);
      expect(await res.json()).toEqual({ ok: true, status: 'ignored' });
    }
    expect((await itemsOf(wire)).length + (await itemsOf(desk)).length).toBe(before);
  });

  it('needs no session or CSRF token: a bare POST from Telegram passes', async () => {
    const res = await deliver(wire, channelPost({ text: 'Cardano upgrade goes live' }), secrets.get(wire)!, { cookie: '' });
    expect(res.status).toBe(200);
  });
});

describe('telegram webhook: refusals', () => {
  it('answers 401 for a missing or wrong secret token and stores nothing', async () => {
    const before = (await itemsOf(wire)).length;
    const SECRET = secrets.get(wire)!;
    for (const secret of [null, '', 'wrong', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase()]) {
      const res = await deliver(wire, channelPost({ text: `Bitcoin spoofed ${secret}` }), secret);
      expect(res.status, String(secret)).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
    expect(await itemsOf(wire)).toHaveLength(before);
  });

  it('never opens for a weak secret, even the stored one; the source says to rotate it', async () => {
    // Stored before secrets were generated: a short one, 43 × "a", a repeating one.
    for (const weak of ['abc', 'a'.repeat(43), 'ab'.repeat(40), 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ']) {
      const legacy = crypto.randomUUID();
      const config = { secretTokenHash: await hashToken(weak), secretTokenHint: null };
      await db
        .insert(newsSources)
        .values({ id: legacy, kind: 'telegram', name: 'Legacy', config, enabled: true, createdAt: Date.now() });
      const res = await deliver(legacy, channelPost({ text: `Bitcoin via a weak secret ${weak}` }), weak);
      expect(res.status, weak).toBe(401);
      expect(await itemsOf(legacy)).toHaveLength(0);
      expect((await sourceRow(legacy))!.lastError).toContain('too weak');
      // Rotating gives it a generated secret, which opens it; the weak one stays refused.
      const rotated = (await rotateTelegramSecret(db, legacy)).webhook!.secretToken!;
      expect((await deliver(legacy, channelPost({ text: 'Bitcoin after rotation' }), rotated)).status).toBe(200);
      expect((await deliver(legacy, channelPost({ text: 'Bitcoin, weak again' }), weak)).status).toBe(401);
    }
  });

  it('takes no typed secret on create', async () => {
    await expect(
      createSource(db, { kind: 'telegram', name: 'Typed', enabled: true, config: { secretToken: 'x'.repeat(43) } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('a rotated secret replaces the old one at once', async () => {
    const old = secrets.get(desk)!;
    const fresh = (await rotateTelegramSecret(db, desk)).webhook!.secretToken!;
    expect(fresh).not.toBe(old);
    expect((await deliver(desk, channelPost({ text: 'Old secret' }, { id: -100777 }), old)).status).toBe(401);
    expect((await deliver(desk, channelPost({ text: 'New secret' }, { id: -100777 }), fresh)).status).toBe(200);
    secrets.set(desk, fresh);
    await expect(rotateTelegramSecret(db, rss)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 404 for an unknown source or one of another kind', async () => {
    for (const id of ['no-such-source', rss]) {
      const res = await deliver(id, channelPost());
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await itemsOf(rss)).toHaveLength(0);
  });

  it('refuses deliveries to a disabled source (403 with the secret, 401 without)', async () => {
    expect((await deliver(off, channelPost())).status).toBe(403);
    expect((await deliver(off, channelPost(), 'wrong')).status).toBe(401);
    expect(await itemsOf(off)).toHaveLength(0);
  });

  it('answers 400 for a malformed body and records it on the source', async () => {
    for (const body of [
      '{"update_id": 1,',
      'null',
      '[]',
      '{}',
      JSON.stringify({ update_id: 'x' }),
      JSON.stringify(channelPost({ date: 'today' })),
    ]) {
      const res = await deliver(desk, body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', status: 400 });
    }
    expect(await sourceRow(desk)).toMatchObject({
      lastErrorAt: expect.any(Number),
      lastError: expect.stringContaining('Unreadable update'),
    });
    // A well-formed delivery is a success again.
    expect((await deliver(desk, channelPost({ text: 'Other chat' }))).status).toBe(200);
    expect(await sourceRow(desk)).toMatchObject({ consecutiveFailures: 0 });
    // Without the secret the body is never read: 401, not 400.
    expect((await deliver(desk, 'not json', 'wrong')).status).toBe(401);
  });

  it('takes POST only', async () => {
    const res = await fetchApp(telegramWebhookPath(wire));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
  });
});
