import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/news';
import { pushSubscriptions } from '../../db/schema/push';
import { parseVapidKeys, WebPushClient } from '../../providers/web-push/client';
import { db, insertUser } from '../../test/harness';
import { FakePushService, type FakeSubscription } from '../../test/fakes/fake-push-service';
import { savePushDevice } from './push-devices';
import { savePushPreferences } from './push-preferences';
import { MAX_ATTEMPTS, runPushSender, sendTestPushNow } from './push-sender';
import { queuePushes, type PushNotice } from './queue-pushes';

const vapid = parseVapidKeys((env as { VAPID_KEYS?: string }).VAPID_KEYS ?? null);
const T0 = Date.UTC(2026, 10, 27, 12); // 12:00 UTC

function setup() {
  const clock = { t: T0 };
  // The client signs its VAPID JWT with the real clock (exp within 24 h of it), not the test's T0:
  // the fake checks it against the same clock, or the tests fail from 12 h after T0 on.
  const fake = new FakePushService('https://push.fake.test', { vapidKey: vapid.publicKey });
  const push = new WebPushClient({ vapid, subject: 'mailto:desk@example.com', fetch: fake.fetch });
  const run = (over: { target?: string } = {}) => runPushSender({ db, push, now: () => clock.t, random: () => 0, ...over });
  return { clock, fake, run };
}

async function deviceFor(fake: FakePushService, userId: string): Promise<{ sub: FakeSubscription; id: string }> {
  const sub = await fake.subscribe();
  const device = await savePushDevice(
    db,
    userId,
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    'no-session',
    T0,
  );
  return { sub, id: device.id };
}

const notice = (userId: string, over: Partial<PushNotice> = {}): PushNotice => ({
  userId,
  kind: 'alerts',
  key: `alert:${crypto.randomUUID()}`,
  title: 'Alert',
  body: 'Equity below 10,000',
  url: '/dashboard/alerts',
  ...over,
});

const rowsOf = (target: string) => db.select().from(outbox).where(eq(outbox.target, target));

beforeEach(async () => {
  await db.delete(outbox);
});

describe('push outbox', () => {
  it('delivers a queued notice to each of the user’s devices, decrypted by the push service as sent', async () => {
    const { fake, run } = setup();
    const user = await insertUser();
    const a = await deviceFor(fake, user.id);
    const b = await deviceFor(fake, user.id);
    expect(await queuePushes(db, [notice(user.id, { key: 'alert:one', tag: 'alert:rule-1' })], T0)).toBe(2);
    // Queued twice (a retried producer): still one row per device.
    expect(await queuePushes(db, [notice(user.id, { key: 'alert:one', tag: 'alert:rule-1' })], T0)).toBe(2);
    expect(await run()).toMatchObject({ sent: 2, failed: 0, retried: 0 });
    for (const d of [a, b]) {
      expect(fake.receivedBy(d.sub.id)).toEqual([
        expect.objectContaining({
          payload: { kind: 'alerts', title: 'Alert', body: 'Equity below 10,000', url: '/dashboard/alerts', tag: 'alert:rule-1' },
          urgency: 'high',
          topic: 'alert-rule-1',
        }),
      ]);
      expect(await rowsOf(d.id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1, sentAt: T0 })]);
      const device = await db.query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, d.id) });
      expect(device).toMatchObject({ lastDeliveryAt: T0, lastError: null });
    }
  });

  it('410 from the push service removes the device and fails what was queued for it; other devices go on', async () => {
    const { fake, run } = setup();
    const user = await insertUser();
    const gone = await deviceFor(fake, user.id);
    const fine = await deviceFor(fake, user.id);
    fake.expire(gone.sub.id);
    await queuePushes(db, [notice(user.id), notice(user.id)], T0);
    const result = await run();
    expect(result).toMatchObject({ sent: 2, removedDevices: [gone.id] });
    expect(await db.query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, gone.id) })).toBeUndefined();
    const failed = await rowsOf(gone.id);
    expect(failed).toHaveLength(2);
    for (const row of failed) expect(row).toMatchObject({ status: 'failed', lastError: expect.stringContaining('410') });
    expect(fake.receivedBy(fine.sub.id)).toHaveLength(2);
  });

  it('retries 429 after Retry-After and 5xx with backoff, in order per device, until delivered', async () => {
    const { clock, fake, run } = setup();
    const user = await insertUser();
    const d = await deviceFor(fake, user.id);
    fake.failNext({ status: 429, retryAfter: 20 });
    await queuePushes(db, [notice(user.id, { body: 'first' })], T0);
    await queuePushes(db, [notice(user.id, { body: 'second' })], T0 + 1);
    expect(await run()).toMatchObject({ sent: 0, retried: 1 });
    const [first] = (await rowsOf(d.id)).filter((r) => r.status === 'pending' && r.attempts === 1);
    expect(first).toMatchObject({ nextAttemptAt: T0 + 20_000, lastError: expect.stringContaining('429') });
    expect((await db.query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, d.id) }))!.lastError).toContain('429');
    // Before its time nothing goes (the second waits behind the first).
    clock.t = T0 + 10_000;
    expect(await run()).toMatchObject({ sent: 0 });
    fake.failNext({ status: 503 });
    clock.t = T0 + 20_000;
    expect(await run()).toMatchObject({ sent: 0, retried: 1 });
    clock.t = T0 + 60_000;
    expect(await run()).toMatchObject({ sent: 2 });
    expect(fake.receivedBy(d.sub.id).map((r) => (r.payload as { body: string }).body)).toEqual(['first', 'second']);
    expect((await db.query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, d.id) }))!.lastError).toBeNull();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts, keeping the row failed with the reason`, async () => {
    const { clock, fake, run } = setup();
    const user = await insertUser();
    const d = await deviceFor(fake, user.id);
    await queuePushes(db, [notice(user.id)], T0);
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      fake.failNext({ status: 500 });
      await run();
      clock.t += 600_000;
    }
    expect(await rowsOf(d.id)).toEqual([expect.objectContaining({ status: 'failed', attempts: MAX_ATTEMPTS })]);
  });

  it('a removed device fails its queued rows; a new owner of the endpoint never gets them', async () => {
    const { fake, run } = setup();
    const first = await insertUser();
    const second = await insertUser();
    const d = await deviceFor(fake, first.id);
    await queuePushes(db, [notice(first.id, { body: 'for the first user' })], T0);
    // The same browser subscribes for another user before the delivery.
    await savePushDevice(
      db,
      second.id,
      { endpoint: d.sub.endpoint, keys: { p256dh: d.sub.p256dh, auth: d.sub.auth } },
      'no-session',
      T0,
    );
    expect(await run()).toMatchObject({ sent: 0, failed: 1 });
    expect(fake.received).toHaveLength(0);
  });

  it('queues only the kinds a user chose, and nothing in their quiet hours (their time zone)', async () => {
    const { clock, fake, run } = setup();
    const user = await insertUser();
    const d = await deviceFor(fake, user.id);
    await savePushPreferences(db, user.id, { kinds: ['watchlist'], quietFrom: null, quietTo: null, timeZone: 'UTC' });
    expect(await queuePushes(db, [notice(user.id, { kind: 'alerts' })], T0)).toBe(0);
    expect(await queuePushes(db, [notice(user.id, { kind: 'watchlist' })], T0)).toBe(1);
    // 12:00 UTC is 21:00 in Tokyo: quiet from 20:00 to 07:00 there.
    await savePushPreferences(db, user.id, { kinds: ['watchlist'], quietFrom: 20 * 60, quietTo: 7 * 60, timeZone: 'Asia/Tokyo' });
    expect(await queuePushes(db, [notice(user.id, { kind: 'watchlist' })], T0)).toBe(0);
    // 23:00 UTC is 08:00 in Tokyo: out of quiet hours.
    expect(await queuePushes(db, [notice(user.id, { kind: 'watchlist' })], T0 + 11 * 3_600_000)).toBe(1);
    clock.t = T0 + 11 * 3_600_000;
    expect(await run()).toMatchObject({ sent: 2 });
    expect(fake.receivedBy(d.sub.id)).toHaveLength(2);
  });

  describe('a test notification sent at once', () => {
    /** sendTestPushNow with its background writes kept, to run when the test says. */
    function testSender() {
      const { clock, fake } = setup();
      const push = new WebPushClient({ vapid, subject: 'mailto:desk@example.com', fetch: fake.fetch });
      const pending: (() => Promise<unknown>)[] = [];
      const send = (owner: string, deviceId: string) =>
        sendTestPushNow({ db, push, now: () => clock.t }, owner, deviceId, (work) => pending.push(work));
      const settle = async () => {
        for (const work of pending.splice(0)) await work();
      };
      return { clock, fake, send, settle };
    }

    it('answers delivered once the push service took it; the row is sent and the device noted when the background writes land', async () => {
      const { fake, send, settle } = testSender();
      const user = await insertUser();
      const d = await deviceFor(fake, user.id);
      await queuePushes(db, [notice(user.id, { body: 'queued before' })], T0 - 1);
      expect(await send(user.id, d.id)).toEqual({ status: 'sent', error: null });
      // The device's older due row went first (FIFO), then the test.
      expect(fake.receivedBy(d.sub.id).map((r) => (r.payload as { kind: string }).kind)).toEqual(['alerts', 'test']);
      // Until the outcome is written the rows stay claimed: a run that dies leaves them to the cron.
      expect((await rowsOf(d.id)).map((r) => r.status)).toEqual(['sending', 'sending']);
      await settle();
      expect((await rowsOf(d.id)).map((r) => r.status)).toEqual(['sent', 'sent']);
      expect((await db.query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, d.id) }))!.lastDeliveryAt).toBe(T0);
    });

    it("writes and claims nothing for a device that is not the caller's", async () => {
      const { fake, send, settle } = testSender();
      const owner = await insertUser();
      const other = await insertUser();
      const d = await deviceFor(fake, owner.id);
      await queuePushes(db, [notice(owner.id)], T0 - 1);
      expect(await send(other.id, d.id)).toBeNull();
      await settle();
      expect(await rowsOf(d.id)).toEqual([expect.objectContaining({ status: 'pending', attempts: 0 })]);
      expect(fake.received).toHaveLength(0);
    });

    it('answers removed when the push service no longer knows the device, and retrying behind an older row that waits', async () => {
      const { fake, send, settle } = testSender();
      const user = await insertUser();
      const gone = await deviceFor(fake, user.id);
      fake.expire(gone.sub.id);
      expect(await send(user.id, gone.id)).toMatchObject({ status: 'removed', error: expect.stringContaining('410') });
      await settle();
      expect(await db.query.pushSubscriptions.findFirst({ where: eq(pushSubscriptions.id, gone.id) })).toBeUndefined();
      expect(await rowsOf(gone.id)).toEqual([expect.objectContaining({ status: 'failed' })]);

      const d = await deviceFor(fake, user.id);
      await queuePushes(db, [notice(user.id)], T0 - 1);
      fake.failNext({ status: 503 });
      // The older row's send failed: it waits for its retry, and the test waits behind it, unsent.
      expect(await send(user.id, d.id)).toEqual({ status: 'retrying', error: null });
      await settle();
      // The next test is not even claimed while the older row waits.
      expect(await send(user.id, d.id)).toEqual({ status: 'retrying', error: null });
      await settle();
      expect((await rowsOf(d.id)).map((r) => r.status)).toEqual(['pending', 'pending', 'pending']);
      expect(fake.receivedBy(d.sub.id)).toHaveLength(0);
    });
  });
});
