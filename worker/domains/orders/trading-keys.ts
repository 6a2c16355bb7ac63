import { eq, type SQL } from 'drizzle-orm';
import type { TradingKeyStatus } from '../../contract/orders';
import { batchRead } from '../../db/batch-reads';
import type { Db } from '../../db/client';
import { exchangeAccounts } from '../../db/schema/accounts';
import { accountTradingKeys } from '../../db/schema/trading-keys';
import { domainError } from '../../lib/domain-error';
import { cachedKeyRing, openSecret, sealSecret, type KeyRing } from './key-vault';

/**
 * Each Binance sub-account trades with its own API key and secret, entered by an admin, sealed at
 * rest (key-vault.ts) and opened only to sign that account's orders. No function here returns the
 * key or the secret to a caller outside the order path, and nothing logs them.
 */

/** The TRADING_KEYRING secret, imported once per isolate. */
export const keyRingFrom = (spec: string | null): Promise<KeyRing> => cachedKeyRing('TRADING_KEYRING', spec, 'Trading keys');

// Key and secret sealed under different additional data: swapping the two columns does not open.
const aad = (accountId: string, part: 'key' | 'secret') => `${accountId}:${part}`;

const status = (accountId: string, row: { keyId: string; setAt: number } | undefined): TradingKeyStatus => ({
  accountId,
  tradingKey: row ? { keyId: row.keyId, setAt: row.setAt } : null,
});

/** The account, read as a batch of one: the caller's fresh check rides in it (one D1 call for both). */
async function accountById(db: Db, accountId: string) {
  const [account] = await batchRead(db, db.select().from(exchangeAccounts).where(eq(exchangeAccounts.id, accountId)).limit(1));
  return account;
}

async function binanceAccount(db: Db, accountId: string) {
  const account = await accountById(db, accountId);
  if (!account) throw domainError('NOT_FOUND', 'No such exchange account');
  if (account.exchange !== 'binance')
    throw domainError('BAD_REQUEST', 'Simulated accounts trade without a key: only Binance accounts take one');
  return account;
}

export async function setTradingKey(
  db: Db,
  ring: KeyRing,
  actorId: string,
  input: { accountId: string; apiKey: string; apiSecret: string },
): Promise<TradingKeyStatus> {
  await binanceAccount(db, input.accountId);
  const [sealedApiKey, sealedApiSecret] = await Promise.all([
    sealSecret(ring, aad(input.accountId, 'key'), input.apiKey),
    sealSecret(ring, aad(input.accountId, 'secret'), input.apiSecret),
  ]);
  const row = { keyId: ring.currentId, sealedApiKey, sealedApiSecret, setBy: actorId, setAt: Date.now() };
  await db
    .insert(accountTradingKeys)
    .values({ accountId: input.accountId, ...row })
    .onConflictDoUpdate({ target: accountTradingKeys.accountId, set: row });
  opened.delete(input.accountId);
  return status(input.accountId, row);
}

export async function clearTradingKey(db: Db, accountId: string): Promise<TradingKeyStatus> {
  const account = await accountById(db, accountId);
  if (!account) throw domainError('NOT_FOUND', 'No such exchange account');
  await db.delete(accountTradingKeys).where(eq(accountTradingKeys.accountId, accountId));
  opened.delete(accountId);
  return status(accountId, undefined);
}

export type SealedTradingKey = typeof accountTradingKeys.$inferSelect;
export interface OpenedTradingKey {
  apiKey: string;
  apiSecret: string;
}

/**
 * Opened keys, per isolate, for a minute: opening is two AES-GCM decryptions on every order
 * otherwise. An entry serves only the exact sealed row it was opened from (the row is still read
 * with each order, in its one batch), under the same keyring: a key set again, cleared or
 * re-sealed under a rotated keyring in any isolate no longer matches, so it is opened afresh or
 * refused. set/clear in this isolate also drop the entry at once.
 */
export const OPENED_KEY_TTL_MS = 60_000;
const opened = new Map<string, { ring: KeyRing; sealed: string; at: number; key: OpenedTradingKey }>();
const sealedOf = (row: SealedTradingKey) => `${row.keyId}.${row.sealedApiKey}.${row.sealedApiSecret}`;

/** The sealed key of the account behind an email, unawaited (for the order's db.batch); `email` may be a subquery. */
export const sealedKeyByEmailQuery = (db: Db, email: string | SQL) =>
  db
    .select({ key: accountTradingKeys })
    .from(accountTradingKeys)
    .innerJoin(exchangeAccounts, eq(exchangeAccounts.id, accountTradingKeys.accountId))
    .where(eq(exchangeAccounts.email, typeof email === 'string' ? email.toLowerCase() : email));

/** The account's key and secret, opened to sign its orders; null when none is set. */
export async function openTradingKey(db: Db, ring: KeyRing, accountId: string): Promise<OpenedTradingKey | null> {
  const row = await db.query.accountTradingKeys.findFirst({ where: eq(accountTradingKeys.accountId, accountId) });
  return row ? openSealedTradingKey(ring, row) : null;
}

/** Opens a sealed row read by the caller (cached, see `opened`). */
export async function openSealedTradingKey(ring: KeyRing, row: SealedTradingKey, now = Date.now()): Promise<OpenedTradingKey> {
  const { accountId } = row;
  const sealed = sealedOf(row);
  const hit = opened.get(accountId);
  if (hit && hit.ring === ring && hit.sealed === sealed && now - hit.at < OPENED_KEY_TTL_MS) return hit.key;
  try {
    const [apiKey, apiSecret] = await Promise.all([
      openSecret(ring, aad(accountId, 'key'), row.sealedApiKey),
      openSecret(ring, aad(accountId, 'secret'), row.sealedApiSecret),
    ]);
    const key = { apiKey, apiSecret };
    opened.set(accountId, { ring, sealed, at: now, key });
    return key;
  } catch {
    opened.delete(accountId);
    throw domainError(
      'SERVICE_UNAVAILABLE',
      `This account's trading key cannot be opened (sealed with key ${row.keyId}, not in TRADING_KEYRING): an admin must enter it again`,
    );
  }
}
