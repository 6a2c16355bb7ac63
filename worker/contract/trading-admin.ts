import { z } from 'zod';
import { epochMs } from './fields';

/** Trading switches and trading keys: the risk team's and admins' side of orders. */

export const tradingHaltSchema = z.object({
  traderId: z.string().nullable(),
  name: z.string().nullable(),
  reason: z.string().nullable(),
  haltedBy: z.string(),
  haltedAt: epochMs,
});

/** One switch of trading on or off: who, when, why. */
export const tradingSwitchChangeSchema = z.object({
  traderId: z.string().nullable(),
  name: z.string().nullable(),
  enabled: z.boolean(),
  reason: z.string().nullable(),
  changedBy: z.string(),
  changedAt: epochMs,
});

/** The switches now, and the newest 100 changes of any of them. */
export const tradingSwitchesSchema = z.object({
  firm: tradingHaltSchema.nullable(),
  traders: z.array(tradingHaltSchema),
  changes: z.array(tradingSwitchChangeSchema),
});

/** Whether a Binance sub-account has its own trading key: ids and dates only, never the key. */
export const tradingKeyInfoSchema = z.object({ keyId: z.string(), setAt: epochMs });
export const tradingKeyStatusSchema = z.object({ accountId: z.string(), tradingKey: tradingKeyInfoSchema.nullable() });
export type TradingKeyStatus = z.infer<typeof tradingKeyStatusSchema>;

/** Printable ASCII without spaces: Binance keys and secrets are 64 letters and digits; room for other formats. */
const credential = (name: string) =>
  z
    .string()
    .trim()
    .min(8, `${name} is too short`)
    .max(256, `${name} is too long`)
    .regex(/^[\x21-\x7e]+$/, `${name}: letters, digits and symbols without spaces`);

export const setTradingKeyInput = z.object({
  accountId: z.string().min(1).max(64),
  apiKey: credential('API key'),
  apiSecret: credential('API secret'),
});
