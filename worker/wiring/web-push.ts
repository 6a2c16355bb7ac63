import { waitUntil } from 'cloudflare:workers';
import { createDb, type Db } from '../db/client';
import { getProviderConfig, type Bindings } from '../env';
import { runPushSender, sendTestPushNow, type PushSenderDeps } from '../domains/push/push-sender';
import { inBackground } from './background';
import { parseVapidKeys, WebPushClient } from '../providers/web-push/client';
import { logError } from '../lib/log';

/** The Web Push client from VAPID_KEYS (503 when unset or malformed). */
export function webPushClient(env: Bindings): WebPushClient {
  const { vapidKeys, subject, baseUrl } = getProviderConfig(env).webPush;
  return new WebPushClient({ vapid: parseVapidKeys(vapidKeys), subject, baseUrl });
}

/** The public key browsers subscribe with; null when push is off (no or malformed VAPID_KEYS). */
export function vapidPublicKey(env: Bindings): string | null {
  try {
    return parseVapidKeys(getProviderConfig(env).webPush.vapidKeys).publicKey;
  } catch {
    return null;
  }
}

/** Whether a subscription's endpoint is on one of the push services this deployment sends to. */
export function isKnownPushService(env: Bindings, endpoint: string): boolean {
  const host = new URL(endpoint).hostname.toLowerCase();
  return getProviderConfig(env).webPush.hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** Runs the push sender over what is due (all devices, or one); push off: nothing (rows wait). */
export async function sendDuePushes(env: Bindings, db: Db, opts: Omit<PushSenderDeps, 'db' | 'push'> = {}) {
  if (vapidPublicKey(env) === null) return { off: true } as const;
  return runPushSender({ db, push: webPushClient(env), ...opts });
}

/**
 * After a producer queued pushes: deliver them now, in the background (waitUntil), rather than at
 * the next minute's cron (which retries whatever this leaves). Never holds up or fails the producer.
 */
export const deliverPushesNow = (env: Bindings) => async () => {
  waitUntil(
    sendDuePushes(env, createDb(env.DB), { budgetMs: 15_000 }).catch((err: unknown) => logError('push delivery failed', err)),
  );
};

/**
 * A test notification to one of the owner's devices, sent at once (push-sender.ts: queued, claimed
 * and sent in one D1 round; what the outcome writes runs in the background). 'off' without VAPID
 * keys; null when the device is not the owner's.
 */
export async function sendTestPush(env: Bindings, db: Db, owner: string, deviceId: string) {
  if (vapidPublicKey(env) === null) return 'off' as const;
  return sendTestPushNow({ db, push: webPushClient(env) }, owner, deviceId, inBackground);
}
