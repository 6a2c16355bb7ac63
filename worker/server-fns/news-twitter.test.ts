import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { twitterPollingSessions } from '../db/schema/news';
import { db, insertUser, signedInJar } from '../test/harness';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const jars = adminAndTrader('twitter-fn');

const newHandle = async (handle: string) =>
  (await callFn('createTwitterHandle', jars.admin, { handle })).body as { id: string; handle: string };

describe('twitter handles', () => {
  it("create ('@' stripped, lower-cased) → list → update → delete", async () => {
    const created = await callFn('createTwitterHandle', jars.admin, { handle: ' @WatcherGuru ' });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      handle: 'watcherguru',
      userId: null,
      enabled: true,
      createdAt: expect.any(Number),
    });
    const list = await callFn('getTwitterHandles', jars.trader);
    expect(list.body.map((h: { handle: string }) => h.handle)).toContain('watcherguru');

    const withId = await callFn('updateTwitterHandle', jars.admin, {
      id: created.body.id,
      updates: { userId: '1387497871751196672', enabled: false },
    });
    expect(withId.body).toMatchObject({ handle: 'watcherguru', userId: '1387497871751196672', enabled: false });
    // Renaming points at another account: the stored user id no longer applies.
    const renamed = await callFn('updateTwitterHandle', jars.admin, { id: created.body.id, updates: { handle: 'tree_news' } });
    expect(renamed.body).toMatchObject({ handle: 'tree_news', userId: null, enabled: false });

    expect((await callFn('deleteTwitterHandle', jars.admin, { id: created.body.id })).body).toEqual({ id: created.body.id });
    expect((await callFn('deleteTwitterHandle', jars.admin, { id: created.body.id })).status).toBe(404);
  });

  it('answers 409 for a handle that exists in any case, on create and on rename', async () => {
    const a = await newHandle('DeItaone');
    const b = await newHandle('zerohedge');
    const again = await callFn('createTwitterHandle', jars.admin, { handle: '@deitaone' });
    expect(again).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: '@deitaone is already configured' } });
    expect((await callFn('updateTwitterHandle', jars.admin, { id: b.id, updates: { handle: 'DEITAONE' } })).status).toBe(409);
    expect((await callFn('updateTwitterHandle', jars.admin, { id: a.id, updates: { handle: 'deitaone' } })).status).toBe(200);
  });

  it('validates with 400 and answers unknown ids with 404', async () => {
    for (const handle of ['', '@', 'has space', 'way_too_long_handle_x', 'dash-ed']) {
      const res = await callFn('createTwitterHandle', jars.admin, { handle });
      expect(res.status, handle).toBe(400);
      expect(issuePaths(res.body), handle).toEqual(['handle']);
    }
    expect((await callFn('createTwitterHandle', jars.admin, { handle: 'ok', userId: 'abc' })).status).toBe(400);
    expect((await callFn('updateTwitterHandle', jars.admin, { id: 'missing', updates: { enabled: true } })).status).toBe(404);
  });
});

describe('twitter polling sessions', () => {
  it('create (window defaults to all day) → list → update → delete', async () => {
    const h1 = await newHandle('session_one');
    const h2 = await newHandle('session_two');
    const created = await callFn('createTwitterPollingSession', jars.admin, {
      name: 'Breaking',
      handleIds: [h1.id, h2.id, h1.id],
      intervalSeconds: 15,
    });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Breaking',
      handleIds: [h1.id, h2.id],
      intervalSeconds: 15,
      activeFromUtc: '00:00',
      activeToUtc: '24:00',
      enabled: true,
      lastPolledAt: null,
      rateLimitedUntil: null,
      lastError: null,
      createdAt: expect.any(Number),
    });
    expect((await callFn('getTwitterPollingSessions', jars.trader)).body).toEqual([created.body]);

    const updated = await callFn('updateTwitterPollingSession', jars.admin, {
      id: created.body.id,
      updates: { activeFromUtc: '22:00', activeToUtc: '06:30', enabled: false },
    });
    expect(updated.body).toMatchObject({
      activeFromUtc: '22:00',
      activeToUtc: '06:30',
      enabled: false,
      handleIds: [h1.id, h2.id],
    });
    expect((await callFn('deleteTwitterPollingSession', jars.admin, { id: created.body.id })).body).toEqual({
      id: created.body.id,
    });
    expect((await callFn('getTwitterPollingSessions', jars.trader)).body).toEqual([]);
  });

  it('drops the since-id of a handle taken out of a session, and a deleted handle leaves every session', async () => {
    const keep = await newHandle('keep_me');
    const drop = await newHandle('drop_me');
    const s = await callFn('createTwitterPollingSession', jars.admin, {
      name: 'S',
      handleIds: [keep.id, drop.id],
      intervalSeconds: 60,
    });
    const other = await callFn('createTwitterPollingSession', jars.admin, {
      name: 'O',
      handleIds: [drop.id],
      intervalSeconds: 60,
    });
    await db
      .update(twitterPollingSessions)
      .set({ cursors: { [keep.id]: '100', [drop.id]: '200' } })
      .where(eq(twitterPollingSessions.id, s.body.id));

    await callFn('updateTwitterPollingSession', jars.admin, { id: s.body.id, updates: { handleIds: [keep.id] } });
    const afterUpdate = await db.select().from(twitterPollingSessions).where(eq(twitterPollingSessions.id, s.body.id)).get();
    expect(afterUpdate).toMatchObject({ handleIds: [keep.id], cursors: { [keep.id]: '100' } });

    await db
      .update(twitterPollingSessions)
      .set({ handleIds: [keep.id, drop.id], cursors: { [keep.id]: '100', [drop.id]: '200' } })
      .where(eq(twitterPollingSessions.id, s.body.id));
    await callFn('deleteTwitterHandle', jars.admin, { id: drop.id });
    const sessions = await db.select().from(twitterPollingSessions);
    expect(sessions.find((x) => x.id === s.body.id)).toMatchObject({ handleIds: [keep.id], cursors: { [keep.id]: '100' } });
    expect(sessions.find((x) => x.id === other.body.id)).toMatchObject({ handleIds: [] });
  });

  it('validates interval (≥ 1 s), HH:MM window and handle ids with 400; unknown ids are 404', async () => {
    const h = await newHandle('validator');
    const res = await callFn('createTwitterPollingSession', jars.admin, {
      name: '',
      handleIds: [],
      intervalSeconds: 0,
      activeFromUtc: '24:00',
      activeToUtc: '7:00',
    });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body).sort()).toEqual(['activeFromUtc', 'activeToUtc', 'handleIds', 'intervalSeconds', 'name']);
    const unknown = await callFn('createTwitterPollingSession', jars.admin, {
      name: 'X',
      handleIds: [h.id, 'ghost'],
      intervalSeconds: 30,
    });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown twitter handle id: ghost' } });
    expect(issuePaths(unknown.body)).toEqual(['handleIds']);
    expect(
      (await callFn('createTwitterPollingSession', jars.admin, { name: 'X', handleIds: [h.id], intervalSeconds: 15.5 })).status,
    ).toBe(400);
    expect((await callFn('updateTwitterPollingSession', jars.admin, { id: 'missing', updates: { enabled: true } })).status).toBe(
      404,
    );
    expect((await callFn('deleteTwitterPollingSession', jars.admin, { id: 'missing' })).status).toBe(404);
  });
});

describe('the X plan budget', () => {
  it('shows what each session spends and refuses an interval that would exceed the plan (422 on the interval)', async () => {
    for (const s of await db.select().from(twitterPollingSessions))
      await callFn('deleteTwitterPollingSession', jars.admin, { id: s.id });
    const h = await newHandle('budget_one');
    const first = await callFn('createTwitterPollingSession', jars.admin, {
      name: 'Fast',
      handleIds: [h.id],
      intervalSeconds: 3,
    });
    expect(first.status).toBe(200);
    const budget = await callFn('getXPollingBudget', jars.trader);
    expect(budget.body).toMatchObject({
      budget: { requests: 450, windowSeconds: 900 },
      used: 300,
      sessions: [{ id: first.body.id, requestsPerPoll: 1, requestsPerWindow: 300 }],
    });
    const tooFast = await callFn('createTwitterPollingSession', jars.admin, {
      name: 'Faster',
      handleIds: [h.id],
      intervalSeconds: 5,
    });
    expect(tooFast.status).toBe(422);
    expect(tooFast.body).toMatchObject({
      code: 'UNPROCESSABLE_CONTENT',
      message:
        'Every 5 s this session sends 180 of 450 requests / 15 min (the other sessions use 300): more than the X plan allows. Poll every 6 s or slower.',
      data: { budget: { used: 480, minIntervalSeconds: 6 } },
    });
    expect(issuePaths(tooFast.body)).toEqual(['intervalSeconds']);
    expect(
      (await callFn('createTwitterPollingSession', jars.admin, { name: 'Fits', handleIds: [h.id], intervalSeconds: 6 })).status,
    ).toBe(200);
    // slowing down or disabling is always allowed; speeding up is judged
    expect(
      (await callFn('updateTwitterPollingSession', jars.admin, { id: first.body.id, updates: { intervalSeconds: 2 } })).status,
    ).toBe(422);
    expect(
      (await callFn('updateTwitterPollingSession', jars.admin, { id: first.body.id, updates: { intervalSeconds: 30 } })).status,
    ).toBe(200);
    expect((await callFn('getXPollingBudget', jars.trader)).body.used).toBe(180);
  });
});

describe('security', () => {
  it('lets only admins change handles and sessions; approved users read them', async () => {
    expect((await callFn('createTwitterHandle', jars.trader, { handle: 'mine' })).status).toBe(403);
    expect(
      (await callFn('createTwitterPollingSession', jars.trader, { name: 'x', handleIds: ['x'], intervalSeconds: 60 })).status,
    ).toBe(403);
    expect((await callFn('getTwitterHandles', jars.trader)).status).toBe(200);
    expect((await callFn('getTwitterHandles', undefined)).status).toBe(401);
    const pending = await signedInJar(await insertUser({ approved: false }));
    expect((await callFn('getTwitterPollingSessions', pending)).status).toBe(403);
  });
});
