import { settingsRead } from '~/shared/news/news-settings-queries';

/**
 * The news settings pages' reads (server functions typed by worker/contract/server-fns/news-*.ts);
 * writes call `serverFn(name, input)` where they happen.
 */
export const customRulesQuery = settingsRead('customRules', 'getCustomRules');
export const mappingsQuery = settingsRead('mappings', 'getMappings');
export const telegramChatsQuery = settingsRead('telegramChats', 'getTelegramChats');
/** The outbox sender runs every minute: look again as often while the page is open. */
export const telegramStatusQuery = { ...settingsRead('telegramStatus', 'getTelegramStatus'), refetchInterval: 60_000 };
export const thresholdsQuery = settingsRead('thresholds', 'getPerformanceThresholds');
export const twitterHandlesQuery = settingsRead('twitterHandles', 'getTwitterHandles');
export const pollingSessionsQuery = settingsRead('pollingSessions', 'getTwitterPollingSessions');
/** What the polling sessions spend of the X plan's recent-search budget (the session form's hint). */
export const xPollingBudgetQuery = settingsRead('xPollingBudget', 'getXPollingBudget');
