import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userPreferences } from '../../db/schema/accounts';

/** docs/PRODUCT-RULES.md §6: which panes are on by default, and positions-upnl shown as an absolute amount. */
export const DEFAULT_DASHBOARD_PREFS = {
  panes: {
    'total-balance': true,
    'futures-upnl': true,
    leverage: true,
    'positions-upnl': true,
    'futures-balance': false,
    'total-upnl': false,
    notional: false,
    'spot-balance': false,
    'btc-price': false,
  },
  positionsUpnlMode: 'absolute' as 'absolute' | 'percent',
};

export type DashboardPrefs = {
  panes: Partial<Record<keyof typeof DEFAULT_DASHBOARD_PREFS.panes, boolean>>;
  positionsUpnlMode: 'absolute' | 'percent';
};

export async function readDashboardPrefs(db: Db, userId: string): Promise<DashboardPrefs> {
  const row = await db.query.userPreferences.findFirst({ where: eq(userPreferences.userId, userId) });
  const stored = (row?.prefs ?? {}) as Partial<DashboardPrefs>;
  return {
    panes: { ...DEFAULT_DASHBOARD_PREFS.panes, ...stored.panes },
    positionsUpnlMode: stored.positionsUpnlMode ?? DEFAULT_DASHBOARD_PREFS.positionsUpnlMode,
  };
}

export async function saveDashboardPrefs(db: Db, userId: string, prefs: DashboardPrefs): Promise<DashboardPrefs> {
  const merged = { panes: { ...DEFAULT_DASHBOARD_PREFS.panes, ...prefs.panes }, positionsUpnlMode: prefs.positionsUpnlMode };
  await db
    .insert(userPreferences)
    .values({ userId, prefs: merged, updatedAt: Date.now() })
    .onConflictDoUpdate({ target: userPreferences.userId, set: { prefs: merged, updatedAt: Date.now() } });
  return merged;
}
