import { queryOptions } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';

/**
 * The news settings' query keys, and the two reads every news reader needs (the user's settings and
 * the sources); the settings pages' own reads are in features/news/settings/settings-queries.ts.
 */

/** Query keys: one prefix, so a change can refresh one list or everything. */
export const NEWS_SETTINGS_KEY = ['news-settings'] as const;
export const newsSettingsKeys = {
  general: [...NEWS_SETTINGS_KEY, 'general'] as const,
  customRules: [...NEWS_SETTINGS_KEY, 'custom-rules'] as const,
  mappings: [...NEWS_SETTINGS_KEY, 'mappings'] as const,
  sources: [...NEWS_SETTINGS_KEY, 'sources'] as const,
  telegramChats: [...NEWS_SETTINGS_KEY, 'telegram-chats'] as const,
  telegramStatus: [...NEWS_SETTINGS_KEY, 'telegram-status'] as const,
  thresholds: [...NEWS_SETTINGS_KEY, 'thresholds'] as const,
  twitterHandles: [...NEWS_SETTINGS_KEY, 'twitter-handles'] as const,
  pollingSessions: [...NEWS_SETTINGS_KEY, 'polling-sessions'] as const,
  xPollingBudget: [...NEWS_SETTINGS_KEY, 'x-polling-budget'] as const,
};

export const newsSettingsQuery = queryOptions({ queryKey: newsSettingsKeys.general, queryFn: () => serverFn('getNewsSettings') });
export const sourcesQuery = queryOptions({ queryKey: newsSettingsKeys.sources, queryFn: () => serverFn('getSources') });
