import type { Db } from '../../../db/client';
import { bannedMappings, customRules, specialMappings } from '../../../db/schema/news';
import type { ClassifyConfig, CustomRule } from '../types';

/** Symbols a bare cashtag may tag even without a mapping. */
export const KNOWN_SYMBOLS = [
  'BTC',
  'ETH',
  'SOL',
  'BNB',
  'XRP',
  'DOGE',
  'ADA',
  'AVAX',
  'LINK',
  'DOT',
  'TRX',
  'TON',
  'LTC',
  'ETC',
  'ARB',
  'OP',
  'SUI',
  'APT',
  'PEPE',
  'SHIB',
];

const TTL_MS = 10_000;
let cached: { at: number; config: ClassifyConfig } | undefined;

/**
 * The shared classification config (mappings, rules), read from D1 at most every 10 s per isolate:
 * ingest runs per item and must not read three tables each time. Edits call invalidate().
 */
export async function loadClassifyConfig(db: Db, now = Date.now()): Promise<ClassifyConfig> {
  if (cached && now - cached.at < TTL_MS) return cached.config;
  const [special, banned, rules] = await db.batch([
    db.select().from(specialMappings),
    db.select().from(bannedMappings),
    db.select().from(customRules),
  ]);
  const config: ClassifyConfig = {
    specialMappings: special.map(({ id, terms, symbols }) => ({ id, terms, symbols })),
    bannedMappings: banned.map(({ id, terms, symbols }) => ({ id, terms, symbols })),
    customRules: rules.map(
      (r) =>
        ({
          id: r.id,
          name: r.name,
          enabled: r.enabled,
          priority: r.priority,
          conditions: r.conditions,
          actions: r.actions,
        }) as CustomRule,
    ),
    knownSymbols: KNOWN_SYMBOLS,
  };
  cached = { at: now, config };
  return config;
}

export function invalidateClassifyConfig() {
  cached = undefined;
}
