import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exchangeAccounts } from '../../db/schema/accounts';
import { DEFAULT_FUTURES_BASE_URL } from '../../exchanges/binance/client';
import { BinanceTradeHistory } from '../../exchanges/binance/trade-history';
import { binanceMarkPrice } from '../../exchanges/binance/venue-for-key';
import { logError } from '../../lib/log';
import type { ExchangeAccountRow } from '../orders/order-types';
import type { TradingSettings } from '../orders/orders';
import { keyRingFrom, openTradingKey } from '../orders/trading-keys';
import { importAccountFills, type FillSource, type ImportCount } from './fills-import';

/**
 * Where an account's fills come from: the simulated venue's own record, or Binance read with the
 * sub-account's own key (its trade history needs it, as its orders do). null: a Binance account
 * without a trading key (or no keyring): nothing can be imported for it yet.
 */
export async function fillSourceFor(db: Db, account: ExchangeAccountRow, trading: TradingSettings): Promise<FillSource | null> {
  if (account.exchange === 'simulated') return { kind: 'simulated' };
  if (!trading.keyring) return null;
  const key = await openTradingKey(db, await keyRingFrom(trading.keyring), account.id);
  if (!key) return null;
  const history = new BinanceTradeHistory({
    futuresBaseUrl: trading.futuresBaseUrl ?? DEFAULT_FUTURES_BASE_URL,
    apiKey: key.apiKey,
    apiSecret: key.apiSecret,
    fetch: trading.fetch,
  });
  return { kind: 'binance', history, usdPrice: (asset) => binanceMarkPrice(trading, `${asset}USDT`) };
}

/** Imports these accounts' fills, a few at a time; an account that fails is logged and left for the next run. */
export async function importFillsOf(
  db: Db,
  accounts: ExchangeAccountRow[],
  trading: TradingSettings,
  now = Date.now(),
  parallel = 4,
): Promise<ImportCount> {
  const total: ImportCount = { fills: 0, income: 0 };
  const queue = accounts.filter((a) => a.status === 'active');
  const worker = async () => {
    for (let account = queue.shift(); account; account = queue.shift()) {
      try {
        const source = await fillSourceFor(db, account, trading);
        if (!source) continue;
        const n = await importAccountFills(db, account, source, now);
        total.fills += n.fills;
        total.income += n.income;
      } catch (err) {
        logError(`fills import of ${account.email} failed`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return total;
}

/** The minute cron's import: every active account. */
export async function importAllFills(db: Db, trading: TradingSettings, now = Date.now()): Promise<ImportCount> {
  return importFillsOf(db, await db.select().from(exchangeAccounts).where(eq(exchangeAccounts.status, 'active')), trading, now);
}
