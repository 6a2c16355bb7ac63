import { z } from 'zod';
import { IMPORTANCE, TIME_FORMATS } from '../enums';
import { symbolSchema } from '../news-mappings';
import { mutation, query } from './define';
import { NEWS_SETTINGS_DEFAULTS } from './news-settings-defaults';
import { sourceRefsSchema } from './news-fields';

const unique = <T>(values: T[]) => [...new Set(values)];

const soundsSchema = z.strictObject({ critical: z.boolean(), high: z.boolean(), medium: z.boolean(), low: z.boolean() });

/** The feed filters a user starts with; every key optional. */
export const newsDefaultFiltersSchema = z.strictObject({
  importance: z.array(z.enum(IMPORTANCE)).max(4).transform(unique).optional(),
  symbols: z.array(symbolSchema).max(50).transform(unique).optional(),
  sources: sourceRefsSchema.transform(unique).optional(),
  onePctMovement: z.boolean().optional(),
});

/** A user's general news settings (docs/PRODUCT-RULES.md §7), defaults filled in. */
export const newsSettingsSchema = z.strictObject({
  /** Per importance: play a sound for new items. */
  sounds: soundsSchema,
  desktopNotifications: z.boolean(),
  defaultFilters: newsDefaultFiltersSchema,
  timeFormat: z.enum(TIME_FORMATS),
  highlightNew: z.boolean(),
});

export type NewsSettings = z.output<typeof newsSettingsSchema>;
export type NewsDefaultFilters = z.output<typeof newsDefaultFiltersSchema>;

/** What a user who never saved settings gets (plain data in news-settings-defaults.ts, for the web). */
export const DEFAULT_NEWS_SETTINGS: NewsSettings = NEWS_SETTINGS_DEFAULTS;

/** Given fields only: `sounds` per level (the levels left out keep their value); `defaultFilters` replaced as a whole. */
export const newsSettingsPatchSchema = newsSettingsSchema.extend({ sounds: soundsSchema.partial() }).partial();

export type NewsSettingsPatch = z.output<typeof newsSettingsPatchSchema>;

export const newsSettingsServerFns = {
  /** The caller's general news settings, defaults filled in. */
  getNewsSettings: query(newsSettingsSchema),
  /** Changes the caller's own settings only: the user is the session's, never an input. */
  updateNewsSettings: mutation(newsSettingsPatchSchema, newsSettingsSchema),
};
