import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { b64urlDecode, b64urlEncode, decryptPush, FakePushService } from '../../test/fakes/fake-push-service';
import { parseVapidKeys, WebPushClient } from './client';

const vapid = parseVapidKeys((env as { VAPID_KEYS?: string }).VAPID_KEYS ?? null);
const client = (fake: FakePushService, over: { publicKey?: string; privateKey?: string } = {}) =>
  new WebPushClient({ vapid: { ...vapid, ...over }, subject: 'mailto:desk@example.com', fetch: fake.fetch });

// RFC 8291 §5 (Push Message Encryption Example), verbatim.
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27ml' +
    'mlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPT' +
    'pK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};

describe('the fake push service', () => {
  it("decrypts RFC 8291's example message with the user agent's keys", async () => {
    const plain = await decryptPush(b64urlDecode(RFC8291.body), {
      p256dh: RFC8291.uaPublic,
      privateKey: RFC8291.uaPrivate,
      auth: RFC8291.authSecret,
    });
    expect(new TextDecoder().decode(plain)).toBe(RFC8291.plaintext);
  });

  it('refuses a body that was tampered with', async () => {
    const body = b64urlDecode(RFC8291.body);
    body[body.length - 1]! ^= 1;
    await expect(
      decryptPush(body, { p256dh: RFC8291.uaPublic, privateKey: RFC8291.uaPrivate, auth: RFC8291.authSecret }),
    ).rejects.toThrow();
  });
});

describe('WebPushClient (aes128gcm + VAPID through @block65/webcrypto-web-push, in workerd)', () => {
  it('delivers a payload the push service verifies (VAPID) and decrypts with the subscription keys', async () => {
    const fake = new FakePushService('https://push.fake.test', { vapidKey: vapid.publicKey });
    const sub = await fake.subscribe();
    const outcome = await client(fake).send(sub, { title: 'BTC above 100k', url: '/dashboard/alerts' }, { urgency: 'high' });
    expect(outcome).toEqual({ kind: 'accepted' });
    expect(fake.receivedBy(sub.id)).toEqual([
      expect.objectContaining({
        payload: { title: 'BTC above 100k', url: '/dashboard/alerts' },
        urgency: 'high',
        ttl: 86_400,
        vapidKey: vapid.publicKey,
        jwt: expect.objectContaining({ aud: 'https://push.fake.test', sub: 'mailto:desk@example.com' }),
      }),
    ]);
  });

  it('says "gone" for a subscription the service expired (410), "retry" on 429 with Retry-After and on 5xx', async () => {
    const fake = new FakePushService();
    const sub = await fake.subscribe();
    fake.failNext({ status: 429, retryAfter: 30 });
    expect(await client(fake).send(sub, { title: 'x' })).toMatchObject({ kind: 'retry', retryAfterSeconds: 30 });
    fake.failNext({ status: 503 });
    expect(await client(fake).send(sub, { title: 'x' })).toMatchObject({ kind: 'retry' });
    fake.expire(sub.id);
    expect(await client(fake).send(sub, { title: 'x' })).toEqual({ kind: 'gone', status: 410 });
  });

  it('is refused by the service when signed with another key than the one it expects', async () => {
    const fake = new FakePushService('https://push.fake.test', { vapidKey: vapid.publicKey });
    const sub = await fake.subscribe();
    const other = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign'])) as CryptoKeyPair;
    const jwk = (await crypto.subtle.exportKey('jwk', other.privateKey)) as JsonWebKey;
    const publicKey = b64urlEncode((await crypto.subtle.exportKey('raw', other.publicKey)) as ArrayBuffer);
    const outcome = await client(fake, { publicKey, privateKey: jwk.d! }).send(sub, { title: 'x' });
    expect(outcome).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('403') });
    // The JWT with another key named in k than the one that signed it: 401.
    const swapK = new WebPushClient({
      vapid,
      subject: 'mailto:desk@example.com',
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('authorization', headers.get('authorization')!.replace(/k=.*/, `k=${publicKey}`));
        return fake.fetch(input, { ...init, headers });
      },
    });
    expect(await swapK.send(sub, { title: 'x' })).toMatchObject({ kind: 'rejected', reason: expect.stringContaining('401') });
    expect(fake.received).toHaveLength(0);
  });

  it('counts an unreachable push service as worth a retry', async () => {
    const down = new WebPushClient({
      vapid,
      subject: 'mailto:desk@example.com',
      fetch: async () => {
        throw new TypeError('Network connection lost.');
      },
    });
    const fake = new FakePushService();
    expect(await down.send(await fake.subscribe(), { title: 'x' })).toMatchObject({ kind: 'retry' });
  });

  it('parses VAPID_KEYS, and answers 503 when it is missing or malformed', () => {
    expect(vapid.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(() => parseVapidKeys(null)).toThrow(/VAPID_KEYS secret is not set/);
    expect(() => parseVapidKeys('abc:def')).toThrow(/malformed/);
  });
});
