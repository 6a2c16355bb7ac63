import { queryOptions } from '@tanstack/react-query';
import { serverFn } from '~/lib/server-fn';
import { newsSettingsKeys } from '~/shared/news/news-settings-queries';

/**
 * The news settings pages' reads (server functions typed by worker/contract/server-fns/news-*.ts);
 * writes call `serverFn(name, input)` where they happen.
 */
export const customRulesQuery = queryOptions({
  queryKey: newsSettingsKeys.customRules,
  queryFn: () => serverFn('getCustomRules'),
});
export const mappingsQuery = queryOptions({ queryKey: newsSettingsKeys.mappings, queryFn: () => serverFn('getMappings') });
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
