import { eq } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { newsSources } from '../db/schema/news';
import { db, fetchApp } from '../test/harness';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const OWN_TOKEN = `my_Own-token_${'0'.repeat(27)}1234`;
const jars = adminAndTrader('sources-fn');
/** An admin's createSource of an RSS feed read every `intervalSeconds`. */
const createRss = (name: string, url: string, intervalSeconds: number) =>
  callFn('createSource', jars.admin, { kind: 'rss', name, config: { url, intervalSeconds } });

describe('createSource / getSources', () => {
  it('adds an rss source and lists it with its health to every approved user', async () => {
    const created = await callFn('createSource', jars.admin, {
      kind: 'rss',
      name: ' CoinDesk ',
      config: { url: 'https://www.coindesk.com/arc/outboundfeeds/rss/' },
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      kind: 'rss',
      name: 'CoinDesk',
      config: { url: 'https://www.coindesk.com/arc/outboundfeeds/rss/' },
      enabled: true,
      createdAt: expect.any(Number),
      health: { lastSuccessAt: null, lastErrorAt: null, lastError: null, consecutiveFailures: 0, nextAttemptAt: null },
    });

    // Its poller was armed at once (a Durable Object alarm; tests run alarms themselves).
    const poller = await env.NEWS_POLLER.getByName(`rss:${created.body.id}`).status();
    expect(poller).toMatchObject({ target: { kind: 'rss', id: created.body.id }, alarm: expect.any(Number) });

    // The poller records failures; the list shows them.
    await db
      .update(newsSources)
      .set({ lastErrorAt: 5, lastError: 'HTTP 503', consecutiveFailures: 2, nextAttemptAt: 9 })
      .where(eq(newsSources.id, created.body.id));
    const list = await callFn('getSources', jars.trader);
    expect(list.status).toBe(200);
    expect(list.body.find((s: { id: string }) => s.id === created.body.id).health).toEqual({
      lastSuccessAt: null,
      lastErrorAt: 5,
      lastError: 'HTTP 503',
      consecutiveFailures: 2,
      nextAttemptAt: 9,
    });
  });

  it('takes each kind with its own config', async () => {
    const slow = await createRss('Slow', 'https://slow.example.com/rss', 300);
    expect(slow.body.config).toEqual({ url: 'https://slow.example.com/rss', intervalSeconds: 300 });
    const tooFast = await createRss('Fast', 'https://fast.example.com/rss', 0);
    expect(issuePaths(tooFast.body)).toEqual(['config.intervalSeconds']);
    const everySecond = await createRss('Every second', 'https://fast.example.com/rss', 1);
    expect(everySecond.body.config).toEqual({ url: 'https://fast.example.com/rss', intervalSeconds: 1 });
    const atom = await callFn('createSource', jars.admin, {
      kind: 'atom',
      name: 'Blog',
      config: { url: 'http://localhost:8787/atom' },
      enabled: false,
    });
    expect(atom.body).toMatchObject({ kind: 'atom', enabled: false });
    const telegram = await callFn('createSource', jars.admin, { kind: 'telegram', name: 'Wire', config: { chatId: -1001234 } });
    expect(telegram.body).toMatchObject({ kind: 'telegram', config: { chatId: '-1001234' } });
    const twitter = await callFn('createSource', jars.admin, { kind: 'twitter', name: 'X' });
    expect(twitter.body).toMatchObject({ kind: 'twitter', config: {} });
    expect((await callFn('createSource', jars.admin, { kind: 'manual', name: 'Desk' })).status).toBe(200);
  });

  it('validates the URL: http(s) only, no credentials, and per-kind config', async () => {
    for (const url of [
      'ftp://feeds.example.com/rss',
      'javascript:alert(1)',
      'not a url',
      'https://user:secret@feeds.example.com/rss',
      'https://:secret@feeds.example.com/rss',
    ]) {
      const res = await callFn('createSource', jars.admin, { kind: 'rss', name: 'Bad', config: { url } });
      expect(res.status, url).toBe(400);
      expect(issuePaths(res.body), url).toEqual(['config.url']);
    }
    expect((await callFn('createSource', jars.admin, { kind: 'rss', name: 'No URL', config: {} })).status).toBe(400);
    expect((await callFn('createSource', jars.admin, { kind: 'twitter', name: 'X', config: { token: 'secret' } })).status).toBe(
      400,
    );
    expect((await callFn('createSource', jars.admin, { kind: 'simulated', name: 'Sim' })).status).toBe(400);
    expect(issuePaths((await callFn('createSource', jars.admin, { kind: 'manual', name: '' })).body)).toEqual(['name']);
  });

  it('answers 409 for a feed URL that is already a source of that kind', async () => {
    const input = { kind: 'rss', name: 'The Block', config: { url: 'https://www.theblock.co/rss.xml' } };
    expect((await callFn('createSource', jars.admin, input)).status).toBe(200);
    const again = await callFn('createSource', jars.admin, { ...input, name: 'The Block again' });
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    expect((await callFn('createSource', jars.admin, { ...input, kind: 'atom' })).status).toBe(200);
  });

  it('gives a telegram source a webhook secret: shown once on create, only a hint afterwards', async () => {
    const generated = await callFn('createSource', jars.admin, { kind: 'telegram', name: 'Alerts bot' });
    expect(generated.status).toBe(200);
    const { id, webhook } = generated.body;
    expect(webhook).toEqual({
      path: `/api/telegram/webhook/${id}`,
      secretTokenSet: true,
      secretTokenHint: webhook.secretToken.slice(-4),
      secretToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(generated.body.config).toEqual({});
    // The database keeps a hash only.
    const row = await db.query.newsSources.findFirst({ where: eq(newsSources.id, id) });
    expect(JSON.stringify(row!.config)).not.toContain(webhook.secretToken);
    // The generated token opens the webhook.
    const delivered = await fetchApp(webhook.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': webhook.secretToken },
      body: JSON.stringify({ update_id: 1, edited_message: {} }),
    });
    expect(delivered.status).toBe(200);

    const withChat = await callFn('createSource', jars.admin, {
      kind: 'telegram',
      name: 'Chat',
      config: { chatId: '@wire_news' },
    });
    expect(withChat.body).toMatchObject({ config: { chatId: '@wire_news' }, webhook: { secretTokenSet: true } });

    const list = await callFn('getSources', jars.trader);
    const listed = list.body.find((s: { id: string }) => s.id === withChat.body.id);
    expect(listed).toMatchObject({
      config: { chatId: '@wire_news' },
      webhook: { secretTokenSet: true, secretTokenHint: withChat.body.webhook.secretToken.slice(-4) },
    });
    expect(listed.webhook.secretToken).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toMatch(/secretTokenHash/);
    expect(JSON.stringify(list.body)).not.toContain(webhook.secretToken);
    expect(JSON.stringify(list.body)).not.toContain(withChat.body.webhook.secretToken);
  });

  it('never takes a typed secret: 400, however strong it looks', async () => {
    for (const secretToken of [
      'a'.repeat(43),
      'x'.repeat(256),
      OWN_TOKEN,
      'Zq8v_3kLp0-XbN7yRt2wQe9sUa4dFg6hJm1cVo5iTz8',
      '',
      42,
    ]) {
      const res = await callFn('createSource', jars.admin, { kind: 'telegram', name: 'Typed', config: { secretToken } });
      expect(res.status, String(secretToken)).toBe(400);
      expect(issuePaths(res.body)).toEqual(['config']);
    }
  });
});

describe('rotateTelegramSecret', () => {
  it('gives a new generated secret, shown once; the old one stops opening the webhook', async () => {
    const created = (await callFn('createSource', jars.admin, { kind: 'telegram', name: 'Rotating' })).body;
    const old = created.webhook.secretToken;
    const rotated = await callFn('rotateTelegramSecret', jars.admin, { id: created.id });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.webhook.secretToken;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(old);
    expect(rotated.body.webhook).toMatchObject({ secretTokenSet: true, secretTokenHint: fresh.slice(-4) });
    const deliver = (secret: string) =>
      fetchApp(created.webhook.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
        body: JSON.stringify({ update_id: 1, edited_message: {} }),
      });
    expect((await deliver(old)).status).toBe(401);
    expect((await deliver(fresh)).status).toBe(200);
    const listed = (await callFn('getSources', jars.admin)).body.find((s: { id: string }) => s.id === created.id);
    expect(listed.webhook.secretToken).toBeUndefined();
  });

  it('answers 404 for a source that is not Telegram, 403 for a trader', async () => {
    const feed = (
      await callFn('createSource', jars.admin, { kind: 'rss', name: 'F', config: { url: 'https://rot.example.com/rss' } })
    ).body;
    expect((await callFn('rotateTelegramSecret', jars.admin, { id: feed.id })).status).toBe(404);
    expect((await callFn('rotateTelegramSecret', jars.admin, { id: 'no-such-source' })).status).toBe(404);
    expect((await callFn('rotateTelegramSecret', jars.trader, { id: feed.id })).status).toBe(403);
  });
});

describe('source access', () => {
  it('lets only admins add sources', async () => {
    expect((await callFn('createSource', jars.trader, { kind: 'manual', name: 'Mine' })).status).toBe(403);
    expect((await callFn('getSources', undefined)).status).toBe(401);
  });
});
