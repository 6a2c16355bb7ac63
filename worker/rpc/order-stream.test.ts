import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderEvent } from '../contract/orders';
import type { UserRow } from '../db/schema/users';
import { addAccount, setAssignment } from '../domains/accounts/manage-accounts';
import { writeSnapshotRun } from '../domains/accounts/snapshot-store';
import { db, fetchApp, insertUser, rpcClient, signedInJar } from '../test/harness';
import { record } from '../test/snapshot-builders';
import { frames, type Frame } from '../test/sse-frames';

let trader: UserRow;
let riskOfficer: UserRow;
let otherTrader: UserRow;
let accountEmail: string;

beforeAll(async () => {
  trader = await insertUser({ email: 'trader@order-stream.test', name: 'Trader', canUseTerminal: true });
  riskOfficer = await insertUser({ email: 'risk@order-stream.test', isRiskTeam: true });
  otherTrader = await insertUser({ email: 'other@order-stream.test', canUseTerminal: true });
  const account = await addAccount(db, { exchange: 'simulated', email: 'trader@sim.orderstream' });
  accountEmail = account.email;
  await setAssignment(db, { userId: trader.id, accountId: account.id, assigned: true });
  // Equity for the pre-trade check.
  await writeSnapshotRun(db, [record(account.id, Date.now(), 100_000, [])], []);
});

/** streamOrders as a browser opens it: GET through the Worker (the pass-through path). */
async function openStream(user: UserRow, input: { traderId?: string } = {}, lastEventId?: string) {
  const jar = await signedInJar(user);
  const res = await fetchApp(`/api/rpc/streamOrders?data=${encodeURIComponent(JSON.stringify({ json: input }))}`, {
    headers: { cookie: jar.header(), ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });
  return { res, stream: res.ok ? frames(res.body!) : undefined };
}

async function take(stream: ReturnType<typeof frames>, n: number) {
  const out: Frame[] = [];
  while (out.length < n) {
    const frame = await stream.next();
    if (!frame) throw new Error(`stream ended after ${out.length} of ${n}`);
    out.push(frame);
  }
  return out;
}

const steps = (list: Frame[]) => list.map((f) => (f.data as OrderEvent).order.status);

describe('streamOrders', () => {
  it('a placed order reaches the trader’s stream, settled, with its steps; a reader resumes by id', async () => {
    const own = await openStream(trader);
    expect(own.res.status).toBe(200);
    const client = rpcClient(await signedInJar(trader));
    const buy = () =>
      client.placeOrder({
        accountEmail,
        symbol: 'ETHUSDT',
        side: 'BUY',
        notional: 1000,
        reduceOnly: false,
        clientOrderId: crypto.randomUUID(),
      });
    const placed = await buy();
    expect(placed.status).toBe('filled');

    // Filled within the hub's hold (order-hub.ts): one event, the pending step in its history.
    const [first] = await take(own.stream!, 1);
    expect(steps([first!])).toEqual(['filled']);
    const event = first!.data as OrderEvent;
    expect(event.type === 'order' && event.order.clientOrderId === placed.clientOrderId).toBe(true);
    // The order as placeOrder answered it (fill price, history, timings).
    expect(event.order).toMatchObject({ id: placed.id, fillPrice: placed.fillPrice, statusHistory: placed.statusHistory });
    expect(placed.statusHistory.map((h) => h.status)).toEqual(['pending', 'filled']);

    const second = await buy();
    const [next] = await take(own.stream!, 1);
    expect((next!.data as OrderEvent).order.id).toBe(second.id);
    expect(Number(next!.id!.split('-')[1])).toBe(Number(first!.id!.split('-')[1]) + 1);

    // The risk team follows the trader and resumes after the first order: exactly what it missed.
    const resumed = await openStream(riskOfficer, { traderId: trader.id }, first!.id);
    expect(resumed.res.status).toBe(200);
    const replayed = await take(resumed.stream!, 1);
    expect(replayed.map((f) => f.id)).toEqual([next!.id]);

    // A refused order (trading switched off for the trader) is one step: refused.
    await rpcClient(await signedInJar(riskOfficer)).setTradingEnabled({ traderId: trader.id, enabled: false });
    await expect(buy()).rejects.toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(steps(await take(own.stream!, 1))).toEqual(['refused']);
    expect(steps(await take(resumed.stream!, 1))).toEqual(['refused']);
    await rpcClient(await signedInJar(riskOfficer)).setTradingEnabled({ traderId: trader.id, enabled: true });
    await own.stream!.cancel();
    await resumed.stream!.cancel();
  });

  it("another trader may not follow someone's orders (403, on the pass-through and the procedure)", async () => {
    const refused = await openStream(otherTrader, { traderId: trader.id });
    expect(refused.res.status).toBe(403);
    await expect(rpcClient(await signedInJar(otherTrader)).streamOrders({ traderId: trader.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // Their own stream is theirs to open.
    const own = await openStream(otherTrader);
    expect(own.res.status).toBe(200);
    await own.stream!.cancel();
  });
});
