import { buildPushPayload } from '@block65/webcrypto-web-push';
import { domainError } from '../../lib/domain-error';
import { fetchWithTimeout, globalFetch, trimBaseUrl, type FetchFn } from '../http';

/** A browser's push subscription as the outbox keeps it. */
export interface PushTarget {
  endpoint: string;
  /** base64url: the browser's P-256 public key (uncompressed) and its 16-byte auth secret */
  p256dh: string;
  auth: string;
}

/** VAPID (RFC 8292): the application server's P-256 key pair, base64url (public: uncompressed point). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface WebPushConfig {
  vapid: VapidKeys;
  /** mailto: or https: contact for the push services */
  subject: string;
  /** Local fakes only: the request goes here (the endpoint's path kept); the JWT's aud stays the endpoint's origin. */
  baseUrl?: string;
  fetch?: FetchFn;
  /** per request, default 10 s */
  timeoutMs?: number;
}

/** What the push service answered: 2xx accepted; 404/410 the subscription is gone; others per status. */
export type PushOutcome =
  | { kind: 'accepted' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; reason: string; retryAfterSeconds?: number }
  | { kind: 'rejected'; reason: string };

/** How long a push service keeps a message for an offline device (s). */
export const PUSH_TTL_SECONDS = 24 * 3600;

const b64urlBytes = (text: string) => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};

/** "<public>:<private>" (VAPID_KEYS) as keys, or a 503 naming what is wrong. */
export function parseVapidKeys(spec: string | null): VapidKeys {
  if (!spec) throw domainError('SERVICE_UNAVAILABLE', 'Push notifications are off: the VAPID_KEYS secret is not set');
  const [publicKey = '', privateKey = ''] = spec.split(':').map((s) => s.trim());
  let ok: boolean;
  try {
    const pub = b64urlBytes(publicKey);
    ok = pub.length === 65 && pub[0] === 4 && b64urlBytes(privateKey).length === 32;
  } catch {
    ok = false;
  }
  if (!ok)
    throw domainError(
      'SERVICE_UNAVAILABLE',
      'The VAPID_KEYS secret is malformed ("<public key>:<private key>", base64url of a P-256 pair)',
    );
  return { publicKey, privateKey };
}

/**
 * Web Push (RFC 8030) with the payload encrypted as aes128gcm (RFC 8291) and signed with VAPID
 * (RFC 8292), through @block65/webcrypto-web-push (WebCrypto only, so it runs in workerd).
 */
export class WebPushClient {
  private readonly fetchFn: FetchFn;
  private readonly timeoutMs: number;

  constructor(private readonly config: WebPushConfig) {
    this.fetchFn = config.fetch ?? globalFetch;
    this.timeoutMs = config.timeoutMs ?? 10_000;
  }

  async send(target: PushTarget, data: Record<string, unknown>, options: { urgency?: 'normal' | 'high'; topic?: string } = {}) {
    const request = await buildPushPayload(
      {
        data: data as never,
        options: { ttl: PUSH_TTL_SECONDS, urgency: options.urgency ?? 'normal', ...(options.topic && { topic: options.topic }) },
      },
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      { subject: this.config.subject, publicKey: this.config.vapid.publicKey, privateKey: this.config.vapid.privateKey },
    );
    const url = this.config.baseUrl ? `${trimBaseUrl(this.config.baseUrl)}${new URL(target.endpoint).pathname}` : target.endpoint;
    const sent = await fetchWithTimeout(this.fetchFn, url, request, this.timeoutMs);
    if (!sent.ok) return { kind: 'retry', reason: `push service unreachable (${sent.failure.kind})` } satisfies PushOutcome;
    return outcomeOf(sent.res);
  }
}

async function outcomeOf(res: Response): Promise<PushOutcome> {
  const detail = (await res.text().catch(() => '')).slice(0, 200);
  const reason = `push service answered ${res.status}${detail ? `: ${detail}` : ''}`;
  if (res.status >= 200 && res.status < 300) return { kind: 'accepted' };
  if (res.status === 404 || res.status === 410) return { kind: 'gone', status: res.status };
  if (res.status === 429 || res.status >= 500) {
    const after = Number(res.headers.get('retry-after'));
    return { kind: 'retry', reason, ...(Number.isFinite(after) && after > 0 && { retryAfterSeconds: after }) };
  }
  // 400 (bad request), 401/403 (VAPID refused), 413 (too large): no retry mends these.
  return { kind: 'rejected', reason };
}
