import type { Importance, TimeFormat } from '../enums';

/**
 * What a user who never saved news settings gets. Plain data without zod, so the web (the feed shows
 * it until the settings load) imports it without schema code; news-settings.ts types it against the
 * schema.
 */
export const NEWS_SETTINGS_DEFAULTS = {
  sounds: { critical: true, high: true, medium: false, low: false } satisfies Record<Importance, boolean>,
  desktopNotifications: false,
  defaultFilters: {},
  timeFormat: '24h' satisfies TimeFormat,
  highlightNew: true,
} as const;
