import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { NewsItemDto } from '../../contract/news';
import { parseVapidKeys, WebPushClient } from '../../providers/web-push/client';
import { balanceMetrics } from '../../test/snapshot-builders';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { FakePushService } from '../../test/fakes/fake-push-service';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { notifyFiredAlerts } from '../alerts/notify';
import { evaluateAlerts } from '../alerts/run-alerts';
import { announceWatchHits, loadWatchIndex, matchWatchHits } from '../watchlists/watch-hits';
import { saveWatchlist } from '../watchlists/watchlist-store';
import { savePushDevice } from './push-devices';
import { savePushPreferences } from './push-preferences';
import { runPushSender } from './push-sender';
import { queueFillPush } from './fill-pushes';
import type { OrderRow } from '../../db/schema/orders';
import { notifyRiskTeam } from '../risk/notify';
import type { Breach } from '../../contract/risk';

/** The producers queue through the outbox and deliver at once: here into the fake push service. */
const vapid = parseVapidKeys((env as { VAPID_KEYS?: string }).VAPID_KEYS ?? null);
const fake = new FakePushService('https://push.fake.test', { vapidKey: vapid.publicKey });
const client = new WebPushClient({ vapid, subject: 'mailto:desk@example.com', fetch: fake.fetch });
const deliverPushes = () => runPushSender({ db, push: client });
const noHub = async () => undefined;

async function userWithDevice(spec: Parameters<typeof insertUser>[0] = {}) {
  const user = await insertUser(spec);
  const sub = await fake.subscribe();
  await savePushDevice(db, user.id, { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, 'no-session');
  return { user, sub };
}

describe('push producers', () => {
  it("an alert firing reaches its owner's device, encrypted, with the alert's message and page", async () => {
    const { user, sub } = await userWithDevice();
    const account = await addAccount(db, { exchange: 'simulated', email: 'push-alerts@sim.meridian' });
    await setAssignment(db, { userId: user.id, accountId: account.id, assigned: true });
    await rpcClient(await signedInJar(user)).createAlertRule({
      accountEmail: 'push-alerts@sim.meridian',
      metric: 'totalBalance',
      operator: '>',
      threshold: 1000,
      cooldownSeconds: 60,
      channels: ['toast'],
      enabled: true,
    });
    const fired = await evaluateAlerts(db, [{ accountId: account.id, metrics: balanceMetrics(5000) }], Date.now());
    expect(fired).toHaveLength(1);
    await notifyFiredAlerts({ db, push: noHub, deliverPushes }, fired);
    expect(fake.receivedBy(sub.id)).toEqual([
      expect.objectContaining({
        payload: {
          kind: 'alerts',
          title: 'Alert · push-alerts@sim.meridian',
          body: fired[0]!.message,
          url: '/dashboard/alerts',
          tag: `alert:${fired[0]!.ruleId}`,
        },
        urgency: 'high',
      }),
    ]);
  });

  it('a watchlist hit reaches the devices of owners whose list notifies and who want watchlist pushes', async () => {
    const word = `qux${crypto.randomUUID().slice(0, 6)}`;
    const notifying = await userWithDevice();
    const silentList = await userWithDevice();
    const optedOut = await userWithDevice();
    const entries = [{ kind: 'word' as const, value: word }];
    await saveWatchlist(db, notifying.user.id, { name: 'Hacks', color: 'rose', sound: 'none', notify: 'toast', entries });
    await saveWatchlist(db, silentList.user.id, { name: 'Quiet', color: 'sky', sound: 'none', notify: 'none', entries });
    await saveWatchlist(db, optedOut.user.id, { name: 'Mine', color: 'sky', sound: 'none', notify: 'toast', entries });
    await savePushPreferences(db, optedOut.user.id, { kinds: ['alerts'], quietFrom: null, quietTo: null, timeZone: 'UTC' });
    const item: NewsItemDto = {
      id: 9_000_001,
      ts: Date.now(),
      receivedAt: Date.now(),
      sourceId: 'manual',
      sourceKind: 'manual',
      author: null,
      title: `Bridge ${word} drained`,
      body: null,
      url: null,
      symbols: ['ETH'],
      importance: 'high',
      isGarbage: false,
      isTest: false,
      onePctMovement: false,
    };
    const hits = matchWatchHits(await loadWatchIndex(db), item);
    await announceWatchHits({ db, push: noHub, deliverPushes }, item, hits);
    expect(hits.size).toBe(3);
    await expect.poll(() => fake.receivedBy(notifying.sub.id).length).toBe(1);
    expect(fake.receivedBy(notifying.sub.id)[0]!.payload).toEqual({
      kind: 'watchlist',
      title: 'Hacks · ETH',
      body: item.title,
      url: '/news/feed',
      tag: `watch:${item.id}`,
    });
    expect(fake.receivedBy(silentList.sub.id)).toEqual([]);
    expect(fake.receivedBy(optedOut.sub.id)).toEqual([]);
  });

  it('an opened risk breach reaches the risk team’s devices, nobody else’s', async () => {
    const risk = await userWithDevice({ isRiskTeam: true });
    const trader = await userWithDevice();
    const breach = {
      id: `breach-${crypto.randomUUID()}`,
      traderId: trader.user.id,
      traderName: 'Taylor Trader',
      kind: 'leverage',
      symbol: null,
      limitValue: 5,
      openedValue: 7,
      lastValue: 7,
      worstValue: 7,
      openedAt: Date.now(),
      updatedAt: Date.now(),
      closedAt: null,
      acknowledgedAt: null,
      acknowledgedBy: null,
    } as unknown as Breach;
    await notifyRiskTeam({ db, hub: { publish: noHub }, deliverPushes }, { opened: [breach], closed: [] } as never);
    expect(fake.receivedBy(risk.sub.id)).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({
          kind: 'risk',
          title: 'Risk breach · Taylor Trader',
          url: `/risk-team/risk-trader?trader=${trader.user.id}`,
          tag: `risk:${breach.id}`,
        }),
        urgency: 'high',
      }),
    ]);
    expect(fake.receivedBy(trader.sub.id)).toEqual([]);
  });

  it('a filled order reaches its trader’s devices once; other steps push nothing', async () => {
    const { user, sub } = await userWithDevice({ canUseTerminal: true });
    const order = {
      id: `order-${crypto.randomUUID()}`,
      userId: user.id,
      accountEmail: 'fills@sim.meridian',
      symbol: 'SOLUSDT',
      side: 'BUY',
      quantity: 2,
      filledQuantity: 2,
      fillPrice: 182.5,
      status: 'filled',
    } as unknown as OrderRow;
    expect(await queueFillPush(db, { ...order, status: 'open' })).toBe(0);
    expect(await queueFillPush(db, order)).toBe(1);
    expect(await queueFillPush(db, order)).toBe(1); // the same fill again: the outbox keeps one
    await deliverPushes();
    expect(fake.receivedBy(sub.id).map((r) => r.payload)).toEqual([
      {
        kind: 'fills',
        title: 'Filled · SOLUSDT',
        body: 'Bought 2 SOLUSDT at 182.5 (fills@sim.meridian)',
        url: '/terminal',
        tag: `fill:${order.id}`,
      },
    ]);
  });
});
