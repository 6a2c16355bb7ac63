import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accountTradingKeys } from '../../db/schema/trading-keys';
import { getProviderConfig } from '../../env';
import { FakeBinanceOrders } from '../../test/fakes/fake-binance-orders';
import { db, insertUser, rpcClient, signedInJar, testEnv } from '../../test/harness';
import type { Session } from '../auth/access';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { parseKeyRing } from './key-vault';
import { orderContext } from '../../test/order-traders';
import { defaultVenueFor, placeOrderFor } from './orders';
import { sealSecret } from './key-vault';
import {
  clearTradingKey,
  keyRingFrom,
  OPENED_KEY_TTL_MS,
  openSealedTradingKey,
  openTradingKey,
  setTradingKey,
} from './trading-keys';

const API_KEY = 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A';
const API_SECRET = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const keyring = getProviderConfig(testEnv).trading.keyring!;

/** Every console line written while a test runs, to prove the key and secret never reach a log. */
let logged: string[] = [];
beforeEach(() => {
  logged = [];
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a)))
          .join(' '),
      );
    });
});
afterEach(() => vi.restoreAllMocks());

const leaks = (text: string) => text.includes(API_KEY) || text.includes(API_SECRET);

let n = 0;
async function binanceDesk() {
  const i = ++n;
  const adminUser = await insertUser({ role: 'admin', email: `keys-admin${i}@orders.test` });
  const trader = await insertUser({ canUseTerminal: true, email: `keys-trader${i}@orders.test` });
  const account = await addAccount(db, { exchange: 'binance', email: `keys${i}@binance.orders` });
  await setAssignment(db, { userId: trader.id, accountId: account.id, assigned: true });
  const session = {
    sub: trader.id,
    role: 'user',
    approved: true,
    isRiskTeam: false,
    can_use_terminal: true,
  } as unknown as Session;
  const fake = new FakeBinanceOrders({
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    symbols: [{ symbol: 'ETHUSDT', stepSize: '0.001', minQty: '0.001', maxQty: '2000', minNotional: '20', markPrice: '3400.00' }],
  });
  const venues = defaultVenueFor(db, { keyring, futuresBaseUrl: `https://${account.id}.fake`, fetch: fake.fetch });
  return { admin: rpcClient(await signedInJar(adminUser)), adminId: adminUser.id, trader, account, session, fake, venues };
}

const buy = (accountEmail: string, clientOrderId: string) => ({
  accountEmail,
  symbol: 'ETHUSDT',
  side: 'BUY' as const,
  notional: 1000,
  reduceOnly: false,
  clientOrderId,
});

describe('sub-account trading keys', () => {
  it('set by an admin, sealed at rest, used to sign the account’s orders, never in a response or a log line', async () => {
    const d = await binanceDesk();
    const set = await d.admin.setTradingKey({ accountId: d.account.id, apiKey: API_KEY, apiSecret: ` ${API_SECRET} ` });
    expect(set).toEqual({ accountId: d.account.id, tradingKey: { keyId: 'test', setAt: expect.any(Number) } });
    const listed = (await d.admin.listExchangeAccounts()).find((a) => a.id === d.account.id)!;
    expect(listed.tradingKey).toEqual(set.tradingKey);
    expect(leaks(JSON.stringify(set)) || leaks(JSON.stringify(listed))).toBe(false);

    const [row] = await db.select().from(accountTradingKeys).where(eq(accountTradingKeys.accountId, d.account.id));
    expect(leaks(JSON.stringify(row))).toBe(false);
    expect(await openTradingKey(db, await keyRingFrom(keyring), d.account.id)).toEqual({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
    });

    // The fake exchange accepts only this key and a signature made with this secret.
    const placed = await placeOrderFor(orderContext(d.venues), d.session, buy(d.account.email, 'key-1'));
    expect(placed).toMatchObject({ status: 'filled', quantity: 0.294 });
    expect(d.fake.orderPosts()).toHaveLength(1);
    expect(d.fake.orderPosts()[0]!.params.get('signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(leaks(JSON.stringify(placed))).toBe(false);

    // An exchange refusal and a failure are logged or returned without the key either.
    d.fake.refuseNextOrder(401, -2015, 'Invalid API-key, IP, or permissions for action.');
    const refused = await placeOrderFor(orderContext(d.venues), d.session, buy(d.account.email, 'key-2'));
    expect(refused.status).toBe('rejected');
    expect(leaks(JSON.stringify(refused))).toBe(false);
    expect(logged.some(leaks)).toBe(false);
  });

  it('cleared: the account’s orders stop with a 412 naming the missing key; simulated accounts take no key', async () => {
    const d = await binanceDesk();
    await d.admin.setTradingKey({ accountId: d.account.id, apiKey: API_KEY, apiSecret: API_SECRET });
    expect(await d.admin.clearTradingKey({ accountId: d.account.id })).toEqual({ accountId: d.account.id, tradingKey: null });
    expect((await d.admin.listExchangeAccounts()).find((a) => a.id === d.account.id)!.tradingKey).toBeNull();
    await expect(placeOrderFor(orderContext(d.venues), d.session, buy(d.account.email, 'key-3'))).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
      message: expect.stringMatching(/No trading key is set for keys\d+@binance\.orders/),
    });
    expect(d.fake.orderPosts()).toHaveLength(0);

    const sim = await addAccount(db, { exchange: 'simulated', email: `keys-sim${n}@sim.orders` });
    await expect(d.admin.setTradingKey({ accountId: sim.id, apiKey: API_KEY, apiSecret: API_SECRET })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      d.admin.setTradingKey({ accountId: 'no-such-account', apiKey: API_KEY, apiSecret: API_SECRET }),
    ).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      d.admin.setTradingKey({ accountId: d.account.id, apiKey: 'short', apiSecret: 'has a space in it' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(logged.some(leaks)).toBe(false);
  });

  it('the keyring rotates: a key sealed under the old key still opens; a dropped key asks for the key again', async () => {
    const d = await binanceDesk();
    const old = await parseKeyRing(`old:${btoa(String.fromCharCode(...new Uint8Array(32).fill(9)))}`);
    await setTradingKey(db, old, d.adminId, { accountId: d.account.id, apiKey: API_KEY, apiSecret: API_SECRET });
    const rotated = `${keyring},old:${btoa(String.fromCharCode(...new Uint8Array(32).fill(9)))}`;
    expect(await openTradingKey(db, await keyRingFrom(rotated), d.account.id)).toEqual({
      apiKey: API_KEY,
      apiSecret: API_SECRET,
    });
    await expect(openTradingKey(db, await keyRingFrom(keyring), d.account.id)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringMatching(/sealed with key old/),
    });
  });

  it('an opened key is kept per isolate only for the sealed row it came from: set again, cleared or re-sealed, it is opened anew', async () => {
    const d = await binanceDesk();
    const ring = await keyRingFrom(keyring);
    const readRow = async () =>
      (await db.select().from(accountTradingKeys).where(eq(accountTradingKeys.accountId, d.account.id)))[0];
    await setTradingKey(db, ring, d.adminId, { accountId: d.account.id, apiKey: API_KEY, apiSecret: API_SECRET });
    const first = await openSealedTradingKey(ring, (await readRow())!);
    // The same row again: the same opened key, not decrypted a second time.
    expect(await openSealedTradingKey(ring, (await readRow())!)).toBe(first);

    // Set again through the admin path: the new key signs the next order at once.
    const NEW_SECRET = `${API_SECRET.slice(0, -4)}ZZZZ`;
    await setTradingKey(db, ring, d.adminId, { accountId: d.account.id, apiKey: API_KEY, apiSecret: NEW_SECRET });
    expect((await openTradingKey(db, ring, d.account.id))!.apiSecret).toBe(NEW_SECRET);
    const placed = await placeOrderFor(orderContext(d.venues), d.session, buy(d.account.email, 'cache-1'));
    // The fake accepts only API_SECRET's signature: the order was signed with the new secret, not a cached one.
    expect(placed.status).toBe('rejected');

    // Changed by another isolate (its own cache, none of ours dropped): the row no longer matches.
    const sealedApiSecret = await sealSecret(ring, `${d.account.id}:secret`, API_SECRET);
    await db.update(accountTradingKeys).set({ sealedApiSecret }).where(eq(accountTradingKeys.accountId, d.account.id));
    expect((await openTradingKey(db, ring, d.account.id))!.apiSecret).toBe(API_SECRET);
    expect((await placeOrderFor(orderContext(d.venues), d.session, buy(d.account.email, 'cache-2'))).status).toBe('filled');

    // Kept at most a minute.
    const row = (await readRow())!;
    const now = Date.now() + 2 * OPENED_KEY_TTL_MS; // past what the orders above opened
    const kept = await openSealedTradingKey(ring, row, now);
    expect(await openSealedTradingKey(ring, row, now + OPENED_KEY_TTL_MS - 1)).toBe(kept);
    expect(await openSealedTradingKey(ring, row, now + OPENED_KEY_TTL_MS)).not.toBe(kept);

    // Cleared: no key, whatever was opened before.
    await clearTradingKey(db, d.account.id);
    expect(await openTradingKey(db, ring, d.account.id)).toBeNull();
    await expect(placeOrderFor(orderContext(d.venues), d.session, buy(d.account.email, 'cache-3'))).rejects.toMatchObject({
      code: 'PRECONDITION_FAILED',
    });
    expect(logged.some(leaks)).toBe(false);
  });
});
