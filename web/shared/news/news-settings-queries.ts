import { queryOptions } from '@tanstack/react-query';
import type { ServerFnInput, ServerFnName, ServerFnOutput } from '@contract/server-fns';
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

/** The server functions that take no input: the settings reads. */
type InputlessServerFn = { [N in ServerFnName]: undefined extends ServerFnInput<N> ? N : never }[ServerFnName];

/** A settings read: its key in newsSettingsKeys and the input-less server function that answers it. */
export function settingsRead<K extends keyof typeof newsSettingsKeys, N extends InputlessServerFn>(key: K, name: N) {
  // serverFn's optional input is a conditional rest parameter, which TypeScript cannot resolve for a generic N.
  const read = serverFn as (name: N) => Promise<ServerFnOutput<N>>;
  return queryOptions({ queryKey: newsSettingsKeys[key], queryFn: () => read(name) });
}

export const newsSettingsQuery = settingsRead('general', 'getNewsSettings');
export const sourcesQuery = settingsRead('sources', 'getSources');
