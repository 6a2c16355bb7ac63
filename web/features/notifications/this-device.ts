/**
 * This browser's side of Web Push: the service worker (public/sw.js), the notification permission
 * and the PushManager subscription the server keeps as one of the user's devices.
 */

export type PushSupport = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

/** The VAPID public key (base64url) as PushManager wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}

async function registration() {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

/** Asks for the permission if needed, then subscribes (or reuses this browser's subscription). */
export async function subscribeThisDevice(publicKey: string) {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for this site: allow them in the browser settings');
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  // A subscription made with another server key (keys were rotated) cannot receive our pushes.
  const sameKey = (sub: PushSubscription) => {
    const have = sub.options.applicationServerKey;
    return !have || new Uint8Array(have).every((b, i) => b === key[i]);
  };
  if (existing && !sameKey(existing)) await existing.unsubscribe();
  const sub =
    existing && sameKey(existing)
      ? existing
      : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  return { endpoint: json.endpoint ?? sub.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

const DEVICE_KEY = 'push-device-id';

/** Which of the listed devices is this browser (remembered when it subscribed). */
export const thisDeviceId = () => {
  try {
    return localStorage.getItem(DEVICE_KEY);
  } catch {
    return null;
  }
};
export const rememberThisDevice = (id: string | null) => {
  try {
    if (id) localStorage.setItem(DEVICE_KEY, id);
    else localStorage.removeItem(DEVICE_KEY);
  } catch {
    // Storage blocked: the list just shows no "This browser" mark.
  }
};

/** The browser's own time zone (the default for quiet hours). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
