import type { OrderDto } from '@contract/orders';
import { describe, expect, it } from 'vitest';
import { keepNewerSteps, patchOrders } from './order-patch';

const order = (id: string, receivedAt: number, steps: OrderDto['status'][], extra: Partial<OrderDto> = {}): OrderDto => ({
  id,
  userId: 'u1',
  traderName: null,
  accountEmail: 'a@sim.meridian',
  clientOrderId: `c-${id}`,
  symbol: 'ETHUSDT',
  side: 'BUY',
  reduceOnly: false,
  type: 'MARKET',
  timeInForce: null,
  price: null,
  triggerPrice: null,
  parentOrderId: null,
  takeProfit: null,
  stopLoss: null,
  quantity: 0.5,
  markPrice: 2000,
  fillPrice: steps.at(-1) === 'filled' ? 2001 : null,
  filledQuantity: steps.at(-1) === 'filled' ? 0.5 : null,
  status: steps.at(-1)!,
  statusHistory: steps.map((status, i) => ({ status, at: receivedAt + i })),
  riskCheck: { passed: true },
  error: null,
  exchangeOrderId: null,
  keypressAt: null,
  receivedAt,
  sentAt: null,
  headlineId: null,
  ackAt: null,
  ...extra,
});

describe('patchOrders', () => {
  const list = [order('b', 200, ['filled']), order('a', 100, ['filled'])];

  it('adds a new order in its place by time (newest first) and keeps the limit', () => {
    expect(patchOrders(list, order('c', 300, ['pending']), { limit: 10 })!.map((o) => o.id)).toEqual(['c', 'b', 'a']);
    expect(patchOrders(list, order('m', 150, ['pending']), { limit: 10 })!.map((o) => o.id)).toEqual(['b', 'm', 'a']);
    expect(patchOrders(list, order('c', 300, ['pending']), { limit: 2 })!.map((o) => o.id)).toEqual(['c', 'b']);
  });

  it('moves an order on in place, keeping the trader name the list had', () => {
    const named = [order('p', 300, ['pending'], { traderName: 'Alex' }), ...list];
    const next = patchOrders(named, order('p', 300, ['pending', 'filled']), { limit: 10 })!;
    expect(next.map((o) => `${o.id}:${o.status}`)).toEqual(['p:filled', 'b:filled', 'a:filled']);
    expect(next[0]).toMatchObject({ fillPrice: 2001, traderName: 'Alex' });
  });

  it('ignores a step older than what the list holds, another account, and a list not loaded yet', () => {
    const filled = [order('p', 300, ['pending', 'filled'])];
    expect(patchOrders(filled, order('p', 300, ['pending']), { limit: 10 })).toBe(filled);
    expect(
      patchOrders(list, order('x', 400, ['pending'], { accountEmail: 'other@sim.meridian' }), {
        accountEmail: 'a@sim.meridian',
        limit: 10,
      }),
    ).toBe(list);
    expect(patchOrders(undefined, order('x', 400, ['pending']), { limit: 10 })).toBeUndefined();
  });
});

describe('keepNewerSteps', () => {
  it("keeps the stream's later step over a fetch that read the row before it", () => {
    const cached = [order('p', 300, ['pending', 'filled'])];
    const fetched = [order('p', 300, ['pending'], { traderName: 'Alex' }), order('a', 100, ['refused'])];
    const merged = keepNewerSteps(cached, fetched);
    expect(merged.map((o) => `${o.id}:${o.status}`)).toEqual(['p:filled', 'a:refused']);
    expect(merged[0]!.traderName).toBe('Alex');
    expect(keepNewerSteps(undefined, fetched)).toBe(fetched);
  });
});
