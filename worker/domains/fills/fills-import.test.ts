import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountFills, accountIncome } from '../../db/schema/fills';
import { simOrders } from '../../db/schema/orders';
import { MAKER_FEE_RATE, TAKER_FEE_RATE } from '../../exchanges/fill-history';
import { BinanceTradeHistory } from '../../exchanges/binance/trade-history';
import { SimulatedVenue } from '../../exchanges/simulated/venue';
import { addAccount } from '../accounts/manage-accounts';
import { db } from '../../test/harness';
import { deskTrader, tickPriceAt } from '../../test/sim-desk';
import { FakeBinanceHistory } from '../../test/fakes/fake-binance-history';
import { importAccountFills, type FillSource } from './fills-import';

/**
 * The fills import on real local D1: each fill once (exchange trade id), realized PnL on the
 * average entry, fees and funding; parallel imports and restarts never store twice or skip.
 */
const TAG = `fills${Date.now() % 100_000}`;
const SIM: FillSource = { kind: 'simulated' };

const fillsOf = (accountId: string) => db.select().from(accountFills).where(eq(accountFills.accountId, accountId));
const incomeOf = (accountId: string) => db.select().from(accountIncome).where(eq(accountIncome.accountId, accountId));
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe('simulated venue', () => {
  it('records each fill once with its fee and its realized PnL on the average entry, and the funding on the positions held', async () => {
    const { account } = await deskTrader(TAG, 'BTCUSDT');
    const venue = new SimulatedVenue(db, account.email);
    const market = (side: 'BUY' | 'SELL', quantity: number) =>
      venue.placeMarketOrder({ symbol: 'BTCUSDT', side, quantity, reduceOnly: false, clientOrderId: crypto.randomUUID() });
    const a = await market('BUY', 0.01);
    const b = await market('BUY', 0.02);
    const c = await market('SELL', 0.015);
    await importAccountFills(db, account, SIM);
    const fills = (await fillsOf(account.id)).sort((x, y) => x.id.localeCompare(y.id));
    expect(fills.map((f) => [f.side, f.quantity, f.maker])).toEqual([
      ['BUY', 0.01, false],
      ['BUY', 0.02, false],
      ['SELL', 0.015, false],
    ]);
    const entry = (a.avgPrice! * 0.01 + b.avgPrice! * 0.02) / 0.03;
    close(fills[0]!.realizedPnl, 0);
    close(fills[1]!.realizedPnl, 0);
    close(fills[2]!.realizedPnl, (c.avgPrice! - entry) * 0.015);
    close(fills[2]!.feeUsd, c.avgPrice! * 0.015 * TAKER_FEE_RATE);
    expect(fills.every((f) => f.feeAsset === 'USDT' && f.fee === f.feeUsd)).toBe(true);

    // Funding: every 8 hours since the first import's reach (FIRST_IMPORT_MS), on what the account held (simulated rates).
    const income = await incomeOf(account.id);
    expect(income.length).toBeGreaterThan(80);
    expect(income.every((i) => i.kind === 'FUNDING_FEE' && i.ts % 28_800_000 === 0 && Number.isFinite(i.amountUsd))).toBe(true);
    // Again: nothing new.
    expect(await importAccountFills(db, account, SIM)).toEqual({ fills: 0, income: 0 });
    expect(await incomeOf(account.id)).toHaveLength(income.length);
  });

  it('a resting limit filled by the price path is a maker fill; closing through it realizes against the entry', async () => {
    const { account } = await deskTrader(TAG, 'ETHUSDT');
    const t0 = Date.now();
    let now = t0;
    const venue = new SimulatedVenue(db, account.email, () => now);
    const open = await venue.placeMarketOrder({
      symbol: 'ETHUSDT',
      side: 'BUY',
      quantity: 1,
      reduceOnly: false,
      clientOrderId: 'open-1',
    });
    // A sell resting just above the mark: the path reaches it within the hours that follow (or not; then nothing fills).
    const price = tickPriceAt('ETHUSDT', 1.002);
    await venue.placeLimitOrder({
      symbol: 'ETHUSDT',
      side: 'SELL',
      quantity: 1,
      reduceOnly: true,
      price,
      timeInForce: 'GTC',
      clientOrderId: 'tp-1',
    });
    now = t0 + 5 * 3_600_000;
    await venue.openOrders();
    const [row] = await db.select().from(simOrders).where(eq(simOrders.clientOrderId, 'tp-1'));
    await importAccountFills(db, account, SIM, now);
    const fills = await fillsOf(account.id);
    if (row!.status !== 'FILLED') return expect(fills).toHaveLength(1);
    const sell = fills.find((f) => f.side === 'SELL')!;
    expect(sell.maker).toBe(true);
    close(sell.feeUsd, price * 1 * MAKER_FEE_RATE);
    close(sell.realizedPnl, (price - open.avgPrice!) * 1);
  });

  it('exactly once while fills and imports run at the same time', async () => {
    const { account } = await deskTrader(TAG, 'SOLUSDT');
    const venue = new SimulatedVenue(db, account.email);
    const orders = Array.from({ length: 12 }, (_, i) =>
      venue.placeMarketOrder({
        symbol: 'SOLUSDT',
        side: i % 3 === 2 ? 'SELL' : 'BUY',
        quantity: 1,
        reduceOnly: false,
        clientOrderId: `par-${i}`,
      }),
    );
    const imports = Array.from({ length: 8 }, () => importAccountFills(db, account, SIM));
    await Promise.all([...orders, ...imports]);
    await Promise.all(Array.from({ length: 6 }, () => importAccountFills(db, account, SIM)));
    const fills = await fillsOf(account.id);
    expect(fills).toHaveLength(12);
    expect(new Set(fills.map((f) => f.exchangeOrderId)).size).toBe(12);
    // The realized PnL of the sells, each on the position the fill before it left.
    const rows = (await db.select().from(simOrders).where(eq(simOrders.accountEmail, account.email))).sort(
      (x, y) => x.fillSeq! - y.fillSeq!,
    );
    expect(rows.map((r) => r.fillSeq)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    let qty = 0;
    let entry = 0;
    for (const r of rows) {
      const fill = fills.find((f) => f.exchangeOrderId === r.exchangeOrderId)!;
      if (r.side === 'BUY') {
        close(fill.realizedPnl, qty < 0 ? (r.price - entry) * Math.min(1, -qty) * -1 : 0);
        entry = qty >= 0 ? (qty * entry + r.price) / (qty + 1) : entry;
        qty += 1;
      } else {
        close(fill.realizedPnl, qty > 0 ? (r.price - entry) * Math.min(1, qty) : 0);
        qty -= 1;
      }
    }
    const incomeIds = (await incomeOf(account.id)).map((i) => i.id);
    expect(new Set(incomeIds).size).toBe(incomeIds.length);
  });
});

describe('Binance (local fake)', () => {
  const key = { apiKey: 'history-key', apiSecret: 'history-secret' };
  const sourceOf = (fake: FakeBinanceHistory): FillSource => ({
    kind: 'binance',
    history: new BinanceTradeHistory({ futuresBaseUrl: 'http://fake-fapi.test', ...key, fetch: fake.fetch }),
    usdPrice: () => Promise.resolve(600),
  });

  it('imports 2,500 trades over two symbols through full pages, with funding; a failed run and a rerun store each once', async () => {
    const account = await addAccount(db, { exchange: 'binance', email: `hist@${TAG}.test` });
    const now = Date.now();
    const fake = new FakeBinanceHistory(key).generate(2_500, ['BTCUSDT', 'ETHUSDT'], now, 20 * 86_400_000);
    fake.failAt = 2; // the second page of the first symbol's trades
    await expect(importAccountFills(db, account, sourceOf(fake), now)).rejects.toThrow(/Service unavailable/);
    const partial = (await fillsOf(account.id)).length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(2_500);
    fake.failAt = null;
    await Promise.all([
      importAccountFills(db, account, sourceOf(fake), now),
      importAccountFills(db, account, sourceOf(fake), now),
    ]);
    const fills = await fillsOf(account.id);
    expect(fills).toHaveLength(2_500);
    const realized = fake.trades.reduce((s, t) => s + Number(t.realizedPnl), 0);
    close(
      fills.reduce((s, f) => s + f.realizedPnl, 0),
      realized,
    );
    close(
      fills.reduce((s, f) => s + f.feeUsd, 0),
      fake.trades.reduce((s, t) => s + -Number(t.commission), 0),
    );
    const funding = await incomeOf(account.id);
    expect(funding).toHaveLength(fake.income.filter((i) => i.incomeType === 'FUNDING_FEE').length);

    // New trades later: read from the cursor (fromId), never the whole history again.
    const before = fake.requests.length;
    for (let i = 0; i < 10; i++) {
      const t = { ...fake.trades[i]!, id: 6_000_000 + i, orderId: 9_500_000 + i, time: now + 1_000 + i };
      fake.trades.push(t);
      fake.income.push({
        symbol: t.symbol,
        incomeType: 'COMMISSION',
        income: t.commission,
        asset: 'USDT',
        time: t.time,
        tranId: t.id,
      });
    }
    await importAccountFills(db, account, sourceOf(fake), now + 120_000);
    expect(await fillsOf(account.id)).toHaveLength(2_510);
    const trades = fake.requests.slice(before).filter((u) => u.pathname === '/fapi/v1/userTrades');
    expect(trades.every((u) => u.searchParams.has('fromId'))).toBe(true);
  });

  it('a first import reads each trade once, however many income pages name its symbol', async () => {
    const account = await addAccount(db, { exchange: 'binance', email: `once@${TAG}.test` });
    const now = Date.now();
    // 4,000 trades: ~6,000 income rows (commission, realized PnL, funding), six income pages.
    const fake = new FakeBinanceHistory(key).generate(4_000, ['BTCUSDT', 'ETHUSDT'], now, 20 * 86_400_000);
    await importAccountFills(db, account, sourceOf(fake), now);
    expect(await fillsOf(account.id)).toHaveLength(4_000);
    const trades = fake.requests.filter((u) => u.pathname === '/fapi/v1/userTrades');
    // Per symbol: the 7-day windows up to its first trade, its 2 full pages and one short (plus one
    // short read per later income page). Re-reading from each page's first trade took ~40.
    expect(trades.length).toBeLessThanOrEqual(2 * (4 + 3) + 2 * 6);
  });

  it('a fee paid in BNB is priced in USD', async () => {
    const account = await addAccount(db, { exchange: 'binance', email: `bnb@${TAG}.test` });
    const now = Date.now();
    const fake = new FakeBinanceHistory(key).generate(2, ['BTCUSDT'], now, 3_600_000);
    for (const t of fake.trades) Object.assign(t, { commission: '-0.00100000', commissionAsset: 'BNB' });
    await importAccountFills(db, account, sourceOf(fake), now);
    const fills = await fillsOf(account.id);
    expect(fills.map((f) => [f.feeAsset, f.fee, f.feeUsd])).toEqual([
      ['BNB', 0.001, 0.6],
      ['BNB', 0.001, 0.6],
    ]);
  });
});
