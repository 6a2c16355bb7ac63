import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { newsSettings } from '../../../db/schema/news';
import { IMPORTANCE_RANK, TIME_FORMATS, isImportance, type Importance, type TimeFormat } from '../../../contract/enums';
import {
  DEFAULT_NEWS_SETTINGS,
  type NewsDefaultFilters,
  type NewsSettings,
  type NewsSettingsPatch,
} from '../../../contract/server-fns/news-settings';

const isTimeFormat = (value: unknown): value is TimeFormat => (TIME_FORMATS as readonly unknown[]).includes(value);

const strings = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);

/**
 * Stored JSON read defensively: what is missing or malformed falls back to the default field by
 * field, so an older or hand-edited row never breaks the news page.
 */
export function settingsFromStored(stored: Record<string, unknown> | undefined): NewsSettings {
  const s = stored ?? {};
  const bool = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  const sounds = (s.sounds ?? {}) as Record<string, unknown>;
  const filters = (typeof s.defaultFilters === 'object' && s.defaultFilters !== null ? s.defaultFilters : {}) as Record<
    string,
    unknown
  >;
  const defaultFilters: NewsDefaultFilters = {};
  const importance = strings(filters.importance)?.filter(isImportance);
  if (importance) defaultFilters.importance = importance;
  const symbols = strings(filters.symbols);
  if (symbols) defaultFilters.symbols = symbols;
  const sources = strings(filters.sources);
  if (sources) defaultFilters.sources = sources;
  if (typeof filters.onePctMovement === 'boolean') defaultFilters.onePctMovement = filters.onePctMovement;
  return {
    sounds: Object.fromEntries(
      (Object.keys(IMPORTANCE_RANK) as Importance[]).map((level) => [
        level,
        bool(sounds[level], DEFAULT_NEWS_SETTINGS.sounds[level]),
      ]),
    ) as Record<Importance, boolean>,
    desktopNotifications: bool(s.desktopNotifications, DEFAULT_NEWS_SETTINGS.desktopNotifications),
    defaultFilters,
    timeFormat: isTimeFormat(s.timeFormat) ? s.timeFormat : DEFAULT_NEWS_SETTINGS.timeFormat,
    highlightNew: bool(s.highlightNew, DEFAULT_NEWS_SETTINGS.highlightNew),
  };
}

export async function readNewsSettings(db: Db, userId: string): Promise<NewsSettings> {
  const row = await db.select().from(newsSettings).where(eq(newsSettings.userId, userId)).get();
  return settingsFromStored(row?.settings);
}

/**
 * Applies the given fields over the current settings: `sounds` per importance, every other field
 * (including `defaultFilters` as a whole) replaced. Stores and returns the full settings.
 */
export async function updateNewsSettings(db: Db, userId: string, patch: NewsSettingsPatch): Promise<NewsSettings> {
  const current = await readNewsSettings(db, userId);
  const next: NewsSettings = {
    sounds: { ...current.sounds, ...patch.sounds },
    desktopNotifications: patch.desktopNotifications ?? current.desktopNotifications,
    defaultFilters: patch.defaultFilters ?? current.defaultFilters,
    timeFormat: patch.timeFormat ?? current.timeFormat,
    highlightNew: patch.highlightNew ?? current.highlightNew,
  };
  const now = Date.now();
  const settings = { ...next } as Record<string, unknown>;
  await db
    .insert(newsSettings)
    .values({ userId, settings, updatedAt: now })
    .onConflictDoUpdate({ target: newsSettings.userId, set: { settings, updatedAt: now } });
  return next;
}
