import { describe, expect, it } from 'vitest';
import {
  FAKE_BINANCE_URL,
  FAKE_EMAIL,
  FAKE_FAPI_URL,
  FAKE_KEY,
  FAKE_SECRET,
  sampleFakeBinance,
} from '../../test/fakes/binance-fixtures';
import type { FakeFailure } from '../../test/fakes/fake-binance';
import { BinanceAdapter } from './adapter';
import type { BinanceConfig } from './client';

const LIST = '/sapi/v1/sub-account/list';

function setup(config: Partial<BinanceConfig> = {}, serverClock = () => 1_750_000_000_000) {
  const server = sampleFakeBinance({ now: serverClock });
  const sleeps: number[] = [];
  const adapter = new BinanceAdapter({
    baseUrl: FAKE_BINANCE_URL,
    futuresBaseUrl: FAKE_FAPI_URL,
    apiKey: FAKE_KEY,
    apiSecret: FAKE_SECRET,
    fetch: server.fetch,
    now: serverClock,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...config,
  });
  return { server, adapter, sleeps };
}

async function listFailingWith(failure: FakeFailure, times = 1) {
  const ctx = setup();
  ctx.server.failNext(failure, { times });
  return { ...ctx, result: ctx.adapter.listSubAccounts() };
}

describe('Binance error mapping', () => {
  it('429 with a short Retry-After is waited out, then succeeds', async () => {
    const { result, server, sleeps } = await listFailingWith({ type: 'rate-limit', retryAfter: 2 });
    expect(await result).toHaveLength(1);
    expect(sleeps).toEqual([2000]);
    expect(server.callsTo(LIST)).toHaveLength(2);
  });

  it('429 with a long Retry-After surfaces TOO_MANY_REQUESTS with retryAfter, without retrying', async () => {
    const { result, server, sleeps } = await listFailingWith({ type: 'rate-limit', retryAfter: 60 });
    await expect(result).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message: 'Binance rate limit reached. Try again in 60 s.',
      data: { exchange: 'binance', httpStatus: 429, exchangeCode: -1003, retryAfter: 60 },
    });
    expect(sleeps).toEqual([]);
    expect(server.callsTo(LIST)).toHaveLength(1);
  });

  it('429 without Retry-After is not hammered', async () => {
    const { result, server } = await listFailingWith({ type: 'rate-limit' });
    await expect(result).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Binance rate limit reached. Try again shortly.',
    });
    expect(server.callsTo(LIST)).toHaveLength(1);
  });

  it('418 (IP banned) is SERVICE_UNAVAILABLE with retryAfter', async () => {
    const { result } = await listFailingWith({ type: 'ban', retryAfter: 120 });
    await expect(result).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: 'Binance has temporarily banned our IP for too many requests. Try again in 120 s.',
      data: { retryAfter: 120, httpStatus: 418 },
    });
  });

  it('503 "Unknown error" twice then OK: retried with backoff, 3 calls', async () => {
    const { result, server, sleeps } = await listFailingWith({ type: 'unknown-503' }, 2);
    expect(await result).toHaveLength(1);
    expect(server.callsTo(LIST)).toHaveLength(3);
    expect(sleeps).toEqual([200, 400]);
  });

  it('503 "Unknown error" past the retries: outcome unknown, SERVICE_UNAVAILABLE', async () => {
    const { result, server, sleeps } = await listFailingWith({ type: 'unknown-503' }, 4);
    await expect(result).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      message: 'Exchange outcome unknown, try again.',
    });
    expect(server.callsTo(LIST)).toHaveLength(4);
    expect(sleeps).toEqual([200, 400, 800]);
  });

  it('HTTP 500 past the retries is BAD_GATEWAY', async () => {
    const { result } = await listFailingWith({ type: 'http', status: 500 }, 4);
    await expect(result).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      status: 502,
      message: 'Binance had a server error (HTTP 500). Try again shortly.',
    });
  });

  it('HTTP 403 WAF page is BAD_GATEWAY and not retried', async () => {
    const { result, server } = await listFailingWith({ type: 'waf' });
    await expect(result).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('firewall (WAF)') });
    expect(server.callsTo(LIST)).toHaveLength(1);
  });

  it('-1102 (our malformed parameter) is BAD_GATEWAY naming it a Meridian bug', async () => {
    const msg = "Mandatory parameter 'email' was not sent, was empty/null, or malformed.";
    const { result } = await listFailingWith({ type: 'error', status: 400, code: -1102, msg });
    await expect(result).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: `Binance rejected our request parameters (${msg}). This is a Meridian bug; please report it.`,
    });
  });

  it('-2014 bad key format points an admin at the key', async () => {
    const { result } = await listFailingWith({ type: 'error', status: 400, code: -2014, msg: 'API-key format invalid.' });
    await expect(result).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: expect.stringContaining('BINANCE_API_KEY') });
  });

  it('network failures are retried, then BAD_GATEWAY', async () => {
    const { result, server } = await listFailingWith({ type: 'network' }, 4);
    await expect(result).rejects.toMatchObject({ code: 'BAD_GATEWAY', message: 'Could not reach Binance. Try again shortly.' });
    expect(server.callsTo(LIST)).toHaveLength(4);
  });

  it('a timeout is GATEWAY_TIMEOUT', async () => {
    const { result, server } = await listFailingWith({ type: 'timeout' });
    await expect(result).rejects.toMatchObject({
      code: 'GATEWAY_TIMEOUT',
      status: 504,
      message: 'Binance did not answer within 10 s. Try again.',
    });
    expect(server.callsTo(LIST)).toHaveLength(1);
  });

  it('an unknown sub-account is refused with Binance’s own message', async () => {
    const { adapter } = setup();
    await expect(adapter.getAccountSnapshot('stranger@meridian.test')).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'Binance refused the request (-12022: Sub-account does not exist.).',
    });
  });
});

describe('Binance security checks', () => {
  it('a wrong secret fails the signature check (-1022) and tells an admin what to check', async () => {
    const { adapter, server } = setup({ apiSecret: 'not-the-secret' });
    await expect(adapter.listSubAccounts()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message:
        'Binance rejected the request signature: an admin should check that BINANCE_API_SECRET belongs to BINANCE_API_KEY.',
      data: { exchangeCode: -1022 },
    });
    expect(server.callsTo(LIST)).toHaveLength(1);
  });

  it('a wrong key (-2015) asks an admin to check the key, permissions and IP whitelist', async () => {
    const { adapter } = setup({ apiKey: 'someone-elses-key' });
    await expect(adapter.listSubAccounts()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringMatching(/BINANCE_API_KEY.*IP whitelist/),
      data: { exchangeCode: -2015, httpStatus: 401 },
    });
  });

  it('sends the key only in X-MBX-APIKEY and never the secret', async () => {
    const { adapter, server } = setup();
    await adapter.getAccountSnapshot(FAKE_EMAIL);
    for (const r of server.requests) expect(r.query).not.toContain(FAKE_SECRET);
    expect(server.requests.filter((r) => r.path.startsWith('/sapi/')).every((r) => r.apiKey === FAKE_KEY)).toBe(true);
  });

  it('rejects a recvWindow above 60000 at construction', () => {
    expect(() => setup({ recvWindow: 60_001 })).toThrow(RangeError);
  });
});

describe('Binance clock skew', () => {
  it('on -1021 re-syncs with /api/v3/time once, keeps the offset, and retries', async () => {
    let serverTime = 1_750_000_000_000;
    const SLOW = 30_000; // our clock runs 30 s behind Binance's
    const { adapter, server } = setup({ now: () => serverTime - SLOW }, () => serverTime);
    expect(await adapter.listSubAccounts()).toHaveLength(1);
    expect(server.requests.map((r) => r.path)).toEqual([LIST, '/api/v3/time', LIST]);
    // The offset sticks: a minute later the next call goes through first time.
    serverTime += 60_000;
    await adapter.listSubAccounts();
    expect(server.requests.map((r) => r.path)).toEqual([LIST, '/api/v3/time', LIST, LIST]);
  });

  it('parallel requests of a snapshot share one re-sync', async () => {
    const serverTime = 1_750_000_000_000;
    const { adapter, server } = setup({ now: () => serverTime - 30_000 }, () => serverTime);
    const snapshot = await adapter.getAccountSnapshot(FAKE_EMAIL);
    expect(snapshot.positions).toHaveLength(3);
    expect(server.callsTo('/api/v3/time')).toHaveLength(1);
  });

  it('a second -1021 after the re-sync surfaces the clock error', async () => {
    const serverTime = 1_750_000_000_000;
    const { adapter, server } = setup({ now: () => serverTime - 30_000 }, () => serverTime);
    server.failNext(
      { type: 'error', status: 400, code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' },
      { times: 2, path: LIST },
    );
    await expect(adapter.listSubAccounts()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: expect.stringMatching(/^Exchange rejected our clock/),
    });
    expect(server.requests.map((r) => r.path)).toEqual([LIST, '/api/v3/time', LIST]);
  });

  it('a wider recvWindow tolerates a slow clock without re-syncing', async () => {
    const serverTime = 1_750_000_000_000;
    const { adapter, server } = setup({ now: () => serverTime - 8_000, recvWindow: 10_000 }, () => serverTime);
    await adapter.listSubAccounts();
    expect(server.requests.map((r) => r.path)).toEqual([LIST]);
    expect(server.requests[0]!.params.get('recvWindow')).toBe('10000');
  });
});
