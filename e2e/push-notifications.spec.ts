import { createServer, type Server } from 'node:http';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { FakePushService, type FakeSubscription } from '../worker/test/fakes/fake-push-service';
import { logInAndWait, shot, TRADER } from './fixtures';

/**
 * Issue 32: a trader grants notifications, subscribes this browser, sends a test notification, and
 * the push service receives it signed (VAPID) and decrypts it (aes128gcm) with the subscription's key.
 *
 * What stands in for what, honestly: headless Chromium's own push service (FCM) cannot be reached
 * here, so PushManager.subscribe() cannot yield a real endpoint. The page's PushManager is replaced
 * (addInitScript) by one that hands over a subscription of a local fake push service
 * (worker/test/fakes/fake-push-service.ts, which keeps its private key, as a browser would); the
 * Worker encrypts and signs for it exactly as for FCM, and its WEB_PUSH_BASE_URL var sends the request
 * to the fake's local server (playwright.config.ts: the app's port + 51). The service worker's part
 * is then checked by delivering the decrypted payload to it through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), as the browser's push service would, and reading
 * registration.getNotifications().
 */
const FAKE_PORT = Number(process.env.E2E_PORT ?? 8788) + 51;
const push = new FakePushService('https://push.fake.test');
let server: Server;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      void push
        .fetch(`https://push.fake.test${req.url ?? '/'}`, { method: req.method, headers, body: Buffer.concat(chunks) })
        .then(async (answer) => {
          res.writeHead(answer.status, Object.fromEntries(answer.headers));
          res.end(await answer.text());
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(FAKE_PORT, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The page's PushManager hands over the fake service's subscription (see above). */
async function useFakePushManager(page: Page, sub: FakeSubscription) {
  await page.addInitScript((s) => {
    const b64 = (t: string) =>
      Uint8Array.from(atob(t.replace(/-/g, '+').replace(/_/g, '/') + '=='.slice(0, (4 - (t.length % 4)) % 4)), (c) =>
        c.charCodeAt(0),
      );
    let current: unknown = null;
    const make = (options: PushSubscriptionOptionsInit) => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: options.applicationServerKey },
      getKey: (name: 'p256dh' | 'auth') => b64(name === 'p256dh' ? s.p256dh : s.auth).buffer,
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } }),
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      current = make(options ?? {});
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, sub);
}

/** The page's service worker registration id, for DevTools' ServiceWorker domain. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  return new Promise((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const reg = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
}

test('grant, subscribe this device, send a test: the push service decrypts it and the service worker shows it', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const sub = await push.subscribe();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await useFakePushManager(page, sub);
  await logInAndWait(page, TRADER.email);

  // From the user menu to the notifications page.
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('notifications-link').click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
  await expect(page.getByTestId('push-devices-empty')).toBeVisible();

  await page.getByTestId('push-subscribe').click();
  const device = page.getByTestId('push-device');
  await expect(device).toHaveCount(1);
  await expect(device).toContainText('This browser');
  await expect(device).toContainText('nothing delivered yet');

  await device.getByTestId('push-test').click();
  await expect(page.getByText('Sent: the notification should show')).toBeVisible();
  await expect(device).toContainText('last delivery');
  const [received] = push.receivedBy(sub.id);
  expect(received).toMatchObject({
    payload: { kind: 'test', title: 'Meridian', url: '/account/notifications', tag: 'test' },
    jwt: { aud: 'https://push.fake.test' },
    ttl: 86_400,
  });

  // The service worker gets what the push service would deliver, and shows it.
  const cdp = await context.newCDPSession(page);
  const origin = new URL(baseURL!).origin;
  const id = await registrationId(cdp, origin);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: id, data: JSON.stringify(received!.payload) });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag }));
      }),
    )
    .toEqual([{ title: 'Meridian', body: 'Test notification: this device gets your pushes.', tag: 'test' }]);

  await shot(page, 'push-notifications-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'push-notifications-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Choices: alerts off, quiet hours on; saved for the user.
  await page.getByTestId('push-kind-alerts').click();
  await page.getByTestId('push-quiet').click();
  await page.getByTestId('push-save').click();
  await expect(page.getByText('Notification choices saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('push-kind-alerts')).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('push-quiet')).toHaveAttribute('aria-checked', 'true');

  // The push service drops the subscription: the next test removes the device (410).
  push.expire(sub.id);
  await page.getByTestId('push-test').click();
  await expect(page.getByText('no longer knows this device')).toBeVisible();
  await expect(page.getByTestId('push-devices-empty')).toBeVisible();
});

test('the app installs (manifest, icons) and offline navigation shows the offline page', async ({ page, context }) => {
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', theme_color: '#0f1722' });
  const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map((i) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await context.setOffline(true);
  await page.goto('/news/feed').catch(() => undefined);
  await expect(page.getByTestId('offline-page')).toContainText('You are offline');
  await shot(page, 'push-offline-390');
  await context.setOffline(false);
});
