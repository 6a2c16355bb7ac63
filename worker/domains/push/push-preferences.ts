import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushPreferences } from '../../db/schema/push';
import { PUSH_KINDS, type PushKind } from '../../contract/enums';
import type { PushPreferences } from '../../contract/push';

/** No row yet: every kind, no quiet hours, UTC. */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  kinds: [...PUSH_KINDS],
  quietFrom: null,
  quietTo: null,
  timeZone: 'UTC',
};

/** The kinds a user can receive at all: breaches for the risk team only. */
export const availablePushKinds = (user: { isRiskTeam: boolean }): PushKind[] =>
  PUSH_KINDS.filter((kind) => kind !== 'risk' || user.isRiskTeam);

/** The caller's preferences: the read, unawaited (for a batch: a select, as drizzle 0.45 cannot map a batched findFirst finding nothing). */
export const pushPreferencesQuery = (db: Db, userId: string) =>
  db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId)).limit(1);

export function preferencesFrom([row]: (typeof pushPreferences.$inferSelect)[]): PushPreferences {
  if (!row) return DEFAULT_PUSH_PREFERENCES;
  return { kinds: row.kinds, quietFrom: row.quietFrom, quietTo: row.quietTo, timeZone: row.timeZone };
}

export async function savePushPreferences(db: Db, userId: string, prefs: PushPreferences, now = Date.now()) {
  const values = { ...prefs, kinds: PUSH_KINDS.filter((k) => prefs.kinds.includes(k)), updatedAt: now };
  await db
    .insert(pushPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: values });
  return { kinds: values.kinds, quietFrom: values.quietFrom, quietTo: values.quietTo, timeZone: values.timeZone };
}
