/**
 * A local push service (RFC 8030) standing in for FCM, Mozilla's autopush or Apple's: it hands out
 * subscriptions whose private keys it keeps (as a browser would), and for each push it checks
 * VAPID (RFC 8292: `Authorization: vapid t=<ES256 JWT>, k=<public key>`, aud = its own origin, exp
 * within 24 h, a mailto:/https: sub) and decrypts the aes128gcm body (RFC 8291) with the
 * subscription's keys. What it received, decrypted, is in `received`. Runs in workerd (worker tests,
 * through `fetch`) and in Node (the e2e spec serves it over HTTP): WebCrypto only.
 */

export interface FakeSubscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface ReceivedPush {
  subscriptionId: string;
  /** the decrypted body, parsed as JSON when it is */
  payload: unknown;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** the VAPID public key the push was signed with */
  vapidKey: string;
  jwt: { aud: string; exp: number; sub: string };
}

type Failure = { status: number; retryAfter?: number };

const enc = new TextEncoder();

export function b64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
}
export function b64urlEncode(bytes: ArrayBuffer | Uint8Array): string {
  let s = '';
  for (const b of new Uint8Array(bytes)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]));

async function hmac(key: Uint8Array, data: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, data as BufferSource));
}

/** A P-256 point as a WebCrypto key (ECDH or ECDSA), from its uncompressed bytes and optionally d. */
async function p256Key(point: Uint8Array, d: string | undefined, algorithm: 'ECDH' | 'ECDSA') {
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    x: b64urlEncode(point.slice(1, 33)),
    y: b64urlEncode(point.slice(33, 65)),
    ...(d && { d }),
  };
  const usages: ('deriveBits' | 'verify')[] = algorithm === 'ECDH' ? (d ? ['deriveBits'] : []) : ['verify'];
  return crypto.subtle.importKey('jwk', jwk, { name: algorithm, namedCurve: 'P-256' }, false, usages);
}

/**
 * RFC 8291 §3–4, the user agent's side: the aes128gcm body (RFC 8188 header: salt, record size,
 * the sender's key) decrypted with the subscription's private key (d) and auth secret.
 */
export async function decryptPush(body: Uint8Array, keys: { p256dh: string; privateKey: string; auth: string }) {
  const salt = body.slice(0, 16);
  const recordSize = new DataView(body.buffer, body.byteOffset + 16, 4).getUint32(0);
  const idlen = body[20]!;
  const asPublic = body.slice(21, 21 + idlen);
  const ciphertext = body.slice(21 + idlen);
  if (idlen !== 65 || ciphertext.length > recordSize) throw new Error('not a single aes128gcm record with a P-256 key id');
  const uaPublic = b64urlDecode(keys.p256dh);
  const shared = new Uint8Array(
    await crypto.subtle.deriveBits(
      // workerd's types spell it $public; the runtime (and the WebCrypto spec) read `public`.
      { name: 'ECDH', public: await p256Key(asPublic, undefined, 'ECDH') } as unknown as Parameters<typeof crypto.subtle.deriveBits>[0],
      await p256Key(uaPublic, keys.privateKey, 'ECDH'),
      256,
    ),
  );
  const prkKey = await hmac(b64urlDecode(keys.auth), shared);
  const ikm = await hmac(prkKey, concat(enc.encode('WebPush: info\0'), uaPublic, asPublic, new Uint8Array([1])));
  const prk = await hmac(salt, ikm);
  const cek = (await hmac(prk, concat(enc.encode('Content-Encoding: aes128gcm\0'), new Uint8Array([1])))).slice(0, 16);
  const nonce = (await hmac(prk, concat(enc.encode('Content-Encoding: nonce\0'), new Uint8Array([1])))).slice(0, 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record lacks its 0x02 delimiter');
  return padded.slice(0, end);
}

/** Verifies `vapid t=…, k=…` (RFC 8292 §3); returns the key and claims, or why it is refused. */
export async function verifyVapid(header: string | null, audience: string, now: number) {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) return { error: 'no vapid authorization' } as const;
  const params = Object.fromEntries(match[1]!.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const { t, k } = params;
  if (!t || !k) return { error: 'vapid needs t and k' } as const;
  const [h, p, s] = t.split('.');
  if (!h || !p || !s) return { error: 'malformed JWT' } as const;
  const head = JSON.parse(new TextDecoder().decode(b64urlDecode(h))) as { alg?: string };
  if (head.alg !== 'ES256') return { error: 'JWT alg must be ES256' } as const;
  const ok = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' },
    await p256Key(b64urlDecode(k), undefined, 'ECDSA'),
    b64urlDecode(s),
    enc.encode(`${h}.${p}`),
  );
  if (!ok) return { error: 'JWT signature does not verify with k' } as const;
  const claims = JSON.parse(new TextDecoder().decode(b64urlDecode(p))) as { aud: string; exp: number; sub: string };
  if (claims.aud !== audience) return { error: `aud ${claims.aud} is not ${audience}` } as const;
  const seconds = now / 1000;
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 3600)) return { error: 'exp outside the next 24 h' } as const;
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { error: 'sub must be mailto: or https:' } as const;
  return { key: k, claims } as const;
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  /** every request, with what was wrong with it (null: accepted) */
  readonly requests: { path: string; status: number; error: string | null }[] = [];
  private readonly subscriptions = new Map<string, FakeSubscription & { privateKey: string }>();
  private readonly expired = new Set<string>();
  private readonly failures: Failure[] = [];
  private seq = 0;

  /** `origin`: what the endpoints name (and the JWT's aud must be); `vapidKey`: the only key accepted, if set. */
  constructor(
    readonly origin = 'https://push.fake.test',
    private readonly opts: { vapidKey?: string; now?: () => number } = {},
  ) {}

  /** A subscription as a browser's PushManager would hand it over (the fake keeps its private key). */
  async subscribe(): Promise<FakeSubscription> {
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
    const id = `sub-${++this.seq}-${b64urlEncode(crypto.getRandomValues(new Uint8Array(6)))}`;
    const sub = {
      id,
      endpoint: `${this.origin}/push/${id}`,
      p256dh: b64urlEncode((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer),
      auth: b64urlEncode(crypto.getRandomValues(new Uint8Array(16))),
      privateKey: jwk.d!,
    };
    this.subscriptions.set(id, sub);
    return { id, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth };
  }

  /** From now on the subscription answers 410 Gone (the user revoked it, or the browser dropped it). */
  expire(id: string) {
    this.expired.add(id);
  }

  /** The next request answers this status (Retry-After in seconds if given). */
  failNext(failure: Failure) {
    this.failures.push(failure);
  }

  receivedBy(id: string) {
    return this.received.filter((r) => r.subscriptionId === id);
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    const answer = (status: number, error: string | null, headers?: Record<string, string>) => {
      this.requests.push({ path, status, error });
      return new Response(error ?? '', { status, headers });
    };
    const id = /^\/push\/([\w-]+)$/.exec(path)?.[1];
    if (request.method !== 'POST' || !id) return answer(404, 'no such push resource');
    const failure = this.failures.shift();
    if (failure)
      return answer(
        failure.status,
        'simulated failure',
        failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : undefined,
      );
    const sub = this.subscriptions.get(id);
    if (!sub || this.expired.has(id)) return answer(410, 'subscription expired');
    const vapid = await verifyVapid(request.headers.get('authorization'), this.origin, (this.opts.now ?? Date.now)());
    if ('error' in vapid) return answer(401, vapid.error ?? 'refused');
    if (this.opts.vapidKey && vapid.key !== this.opts.vapidKey)
      return answer(403, 'signed with another VAPID key than the subscription');
    if (request.headers.get('content-encoding') !== 'aes128gcm') return answer(415, 'content-encoding must be aes128gcm');
    const ttl = Number(request.headers.get('ttl'));
    if (!Number.isInteger(ttl) || ttl < 0) return answer(400, 'TTL header required');
    let text: string;
    try {
      text = new TextDecoder().decode(await decryptPush(new Uint8Array(await request.arrayBuffer()), sub));
    } catch (err) {
      return answer(400, `cannot decrypt: ${(err as Error).message}`);
    }
    let payload: unknown = text;
    try {
      payload = JSON.parse(text);
    } catch {
      /* a plain text push */
    }
    this.received.push({
      subscriptionId: id,
      payload,
      ttl,
      urgency: request.headers.get('urgency'),
      topic: request.headers.get('topic'),
      vapidKey: vapid.key,
      jwt: vapid.claims,
    });
    return answer(201, null, { location: `${this.origin}/message/${this.received.length}` });
  };
}
