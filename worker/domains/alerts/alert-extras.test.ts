import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateAlertRuleInput as AlertRuleInput } from '../../contract/alerts';
import { SimulatedExchange } from '../../exchanges/simulated/adapter';
import { FUNDING_INTERVAL_MS, simFundingRate } from '../../exchanges/simulated/sim-history';
import { balanceMetrics, position } from '../../test/snapshot-builders';
import { db, insertUser, rpcClient, signedInJar } from '../../test/harness';
import { addAccount, setAssignment } from '../accounts/manage-accounts';
import { largestFunding, liquidationDistances } from './alert-extras';
import { evaluateAlerts } from './run-alerts';

/**
 * The issue-31 alert kinds through evaluateAlerts (real D1): distance to liquidation per position,
 * funding rate of a held symbol, the day's realized loss; each with the existing cooldown.
 */
const DAY = 86_400_000;
const EMAIL = 'extras@sim.meridian';
let accountId: string;
let client: ReturnType<typeof rpcClient>;

const rule = (r: Pick<AlertRuleInput, 'metric' | 'threshold' | 'operator'>): AlertRuleInput => ({
  accountEmail: EMAIL,
  cooldownSeconds: 60,
  channels: ['toast', 'telegram'],
  enabled: true,
  ...r,
});
const near = (symbol: string, liq: number) => ({ ...position(symbol, 'LONG', 1_000), liquidationPrice: liq });

beforeAll(async () => {
  const trader = await insertUser({ email: 'extras@trader.test' });
  accountId = (await addAccount(db, { exchange: 'simulated', email: EMAIL })).id;
  await setAssignment(db, { userId: trader.id, accountId, assigned: true });
  client = rpcClient(await signedInJar(trader));
});

describe('liquidation distance, funding rate and daily loss alerts', () => {
  it("measures each position's distance to liquidation and the largest funding rate of the held symbols", () => {
    const distances = liquidationDistances([near('BTCUSDT', 80), near('ETHUSDT', 93), position('SOLUSDT', 'LONG', 500)]);
    expect(distances.map((d) => d.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(distances[0]!.value).toBeCloseTo(20, 9);
    expect(distances[1]!.value).toBeCloseTo(7, 9);
    expect(liquidationDistances([position('SOLUSDT', 'LONG', 500)])).toEqual([]);
    const held = [position('BTCUSDT', 'LONG', 100), position('ETHUSDT', 'SHORT', 100)];
    expect(largestFunding(held, { BTCUSDT: 0.0001, ETHUSDT: -0.0009, XRPUSDT: 0.01 })).toEqual({
      value: -0.09,
      symbol: 'ETHUSDT',
    });
  });

  it('fires when a position comes within N % of liquidation, naming it, then keeps quiet for the cooldown', async () => {
    await client.createAlertRule(rule({ metric: 'liquidationDistance', operator: '<', threshold: 10 }));
    const t = Date.now();
    const safe = await evaluateAlerts(db, [{ accountId, metrics: balanceMetrics(1), positions: [near('BTCUSDT', 50)] }], t);
    expect(safe).toEqual([]);
    const fired = await evaluateAlerts(
      db,
      [{ accountId, metrics: balanceMetrics(1), positions: [near('BTCUSDT', 50), near('ETHUSDT', 95)] }],
      t + 1,
    );
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ metric: 'liquidationDistance', value: 5, channels: ['toast', 'telegram'] });
    expect(fired[0]!.message).toBe(`${EMAIL}: Distance to liquidation (%) on ETHUSDT below 10 (now 5)`);
    // Still near, inside the cooldown: quiet; after it: fires again.
    const again = [{ accountId, metrics: balanceMetrics(1), positions: [near('ETHUSDT', 96)] }];
    expect(await evaluateAlerts(db, again, t + 30_000)).toEqual([]);
    expect(await evaluateAlerts(db, again, t + 61_000)).toHaveLength(1);
    // No positions in the update (a source that has none): nothing to evaluate.
    expect(await evaluateAlerts(db, [{ accountId, metrics: balanceMetrics(1) }], t + 200_000)).toEqual([]);
  });

  it('judges each position on its own: a second position coming near fires while the first is in its cooldown', async () => {
    const { id } = await client.createAlertRule(rule({ metric: 'liquidationDistance', operator: '<', threshold: 10 }));
    const t = Date.now() + 2 * DAY;
    const at = (when: number, positions: ReturnType<typeof near>[]) =>
      evaluateAlerts(db, [{ accountId, metrics: balanceMetrics(1), positions }], when);
    const mine = (fired: Awaited<ReturnType<typeof evaluateAlerts>>) => fired.filter((f) => f.ruleId === id);
    expect(mine(await at(t, [near('BTCUSDT', 95)])).map((f) => f.message)).toEqual([
      `${EMAIL}: Distance to liquidation (%) on BTCUSDT below 10 (now 5)`,
    ]);
    // 20 s later, inside BTC's cooldown: ETH comes near and fires on its own; BTC, still near, keeps quiet.
    expect(mine(await at(t + 20_000, [near('BTCUSDT', 96), near('ETHUSDT', 92)])).map((f) => f.message)).toEqual([
      `${EMAIL}: Distance to liquidation (%) on ETHUSDT below 10 (now 8)`,
    ]);
    // After BTC's cooldown and inside ETH's: only BTC again.
    expect(mine(await at(t + 61_000, [near('BTCUSDT', 96), near('ETHUSDT', 92)])).map((f) => f.value)).toEqual([4]);
    // Two positions coming near at once: two alerts, one each.
    expect(
      mine(await at(t + 200_000, [near('BTCUSDT', 96), near('ETHUSDT', 92)]))
        .map((f) => f.value)
        .sort(),
    ).toEqual([4, 8]);
    // The same position judged twice at once (the cron and a live poll): it fires once.
    const both = await Promise.all([at(t + 300_000, [near('BTCUSDT', 97)]), at(t + 300_001, [near('BTCUSDT', 97)])]);
    expect(both.flatMap(mine)).toHaveLength(1);
    // The rule shows its latest firing; deleting it deletes its positions' states.
    expect((await client.listAlertRules({})).find((r) => r.id === id)).toMatchObject({ lastValue: 3 });
    await client.deleteAlertRule({ id });
    const left = await db.$client.prepare('SELECT count(*) AS n FROM alert_position_states WHERE rule_id = ?1').bind(id).first();
    expect(left).toEqual({ n: 0 });
  });

  it("fires on a held symbol's funding rate beyond the threshold, read from the exchange once per exchange", async () => {
    await client.createAlertRule(rule({ metric: 'fundingRate', operator: '>', threshold: 0.05 }));
    const asked: string[][] = [];
    const rates = async (_: string, symbols: string[]) => {
      asked.push(symbols);
      return { BTCUSDT: 0.0008 };
    };
    const t = Date.now() + 10 * DAY;
    const fired = await evaluateAlerts(
      db,
      [{ accountId, metrics: balanceMetrics(1), positions: [position('BTCUSDT', 'LONG', 100)] }],
      t,
      rates,
    );
    expect(fired.map((f) => [f.metric, f.value])).toEqual([['fundingRate', 0.08]]);
    expect(fired[0]!.message).toContain('Funding rate (%) on BTCUSDT above 0.05');
    expect(asked).toEqual([['BTCUSDT']]);
    // A failing read leaves the rule for the next snapshot; the other rules still run.
    const failing = async () => Promise.reject(new Error('exchange down'));
    expect(
      await evaluateAlerts(
        db,
        [{ accountId, metrics: balanceMetrics(1), positions: [position('BTCUSDT', 'LONG', 100)] }],
        t + DAY,
        failing,
      ),
    ).toEqual([]);
  });

  it("fires on today's realized loss net of fees and funding beyond the limit; yesterday's does not count", async () => {
    await client.createAlertRule(rule({ metric: 'dailyRealizedLoss', operator: '>', threshold: 100 }));
    const now = Date.now() + 20 * DAY;
    const today = Math.floor(now / DAY) * DAY;
    const fill = (id: string, ts: number, realized: number, fee: number) =>
      db.$client
        .prepare(
          `INSERT INTO account_fills (id, account_id, symbol, side, price, quantity, fee, fee_asset, fee_usd, realized_pnl, maker, ts)
           VALUES (?1, ?2, 'BTCUSDT', 'SELL', 100, 1, ?3, 'USDT', ?3, ?4, 0, ?5)`,
        )
        .bind(id, accountId, fee, realized, ts)
        .run();
    await fill('y1', today - 1_000, -500, 1);
    await fill('t1', today + 1_000, -90, 5);
    const quiet = await evaluateAlerts(db, [{ accountId, metrics: balanceMetrics(1) }], now);
    expect(quiet).toEqual([]);
    await db.$client
      .prepare(
        `INSERT INTO account_income (id, account_id, kind, symbol, amount_usd, ts) VALUES ('f1', ?1, 'FUNDING_FEE', 'BTCUSDT', -10, ?2)`,
      )
      .bind(accountId, today + 2_000)
      .run();
    const fired = await evaluateAlerts(db, [{ accountId, metrics: balanceMetrics(1) }], now + 61_000);
    expect(fired.map((f) => [f.metric, f.value])).toEqual([['dailyRealizedLoss', 105]]);
    expect(fired[0]!.message).toBe(`${EMAIL}: Realized loss today (USD) above 100 (now 105)`);
  });

  it("the simulated exchange answers the coming settlement's rate", async () => {
    const at = 5 * FUNDING_INTERVAL_MS + 1_000;
    const sim = new SimulatedExchange({ now: () => at });
    expect(await sim.getFundingRates(['BTCUSDT', 'NOPEUSDT'])).toEqual({
      BTCUSDT: simFundingRate('BTCUSDT', 6 * FUNDING_INTERVAL_MS),
    });
  });
});
