import { queryOptions } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';

/**
 * The news settings reads (SPEC.md §7 server functions), typed by the contract
 * (worker/contract/server-fns/news-*.ts); writes call `serverFn(name, input)` where they happen.
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
export const customRulesQuery = queryOptions({
  queryKey: newsSettingsKeys.customRules,
  queryFn: () => serverFn('getCustomRules'),
});
export const mappingsQuery = queryOptions({ queryKey: newsSettingsKeys.mappings, queryFn: () => serverFn('getMappings') });
export const sourcesQuery = queryOptions({ queryKey: newsSettingsKeys.sources, queryFn: () => serverFn('getSources') });
export const telegramChatsQuery = queryOptions({
  queryKey: newsSettingsKeys.telegramChats,
  queryFn: () => serverFn('getTelegramChats'),
});
/** The outbox sender runs every minute: look again as often while the page is open. */
export const telegramStatusQuery = queryOptions({
  queryKey: newsSettingsKeys.telegramStatus,
  queryFn: () => serverFn('getTelegramStatus'),
  refetchInterval: 60_000,
});
export const thresholdsQuery = queryOptions({
  queryKey: newsSettingsKeys.thresholds,
  queryFn: () => serverFn('getPerformanceThresholds'),
});
export const twitterHandlesQuery = queryOptions({
  queryKey: newsSettingsKeys.twitterHandles,
  queryFn: () => serverFn('getTwitterHandles'),
});
export const pollingSessionsQuery = queryOptions({
  queryKey: newsSettingsKeys.pollingSessions,
  queryFn: () => serverFn('getTwitterPollingSessions'),
});
/** What the polling sessions spend of the X plan's recent-search budget (the session form's hint). */
export const xPollingBudgetQuery = queryOptions({
  queryKey: newsSettingsKeys.xPollingBudget,
  queryFn: () => serverFn('getXPollingBudget'),
});
