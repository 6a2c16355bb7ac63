import { queryOptions } from '@tanstack/react-query';
import type { Importance } from './news-feed';
import { serverFn } from './server-fn';

/**
 * Typed wrappers of the news settings server functions (SPEC.md §7, worker/server-fns/news-*.ts)
 * and their queries. The shapes mirror the server's DTOs (the worker's domain types are not part of
 * the web build).
 */

// ── General settings (per user) ─────────────────────────────────────────────

export interface NewsDefaultFilters {
  importance?: Importance[];
  symbols?: string[];
  sources?: string[];
  onePctMovement?: boolean;
}

export interface NewsSettings {
  sounds: Record<Importance, boolean>;
  desktopNotifications: boolean;
  defaultFilters: NewsDefaultFilters;
  timeFormat: '24h' | '12h';
  highlightNew: boolean;
}

export type NewsSettingsPatch = Partial<Omit<NewsSettings, 'sounds'>> & { sounds?: Partial<NewsSettings['sounds']> };

/** The server's defaults (worker/domains/news/settings/general-settings.ts), used until the settings load. */
export const DEFAULT_NEWS_SETTINGS: NewsSettings = {
  sounds: { critical: true, high: true, medium: false, low: false },
  desktopNotifications: false,
  defaultFilters: {},
  timeFormat: '24h',
  highlightNew: true,
};

// ── Shared configuration (admins edit, every approved user reads) ───────────

export interface CustomRuleConditions {
  sources?: string[];
  text?: string;
  isRegex?: boolean;
  caseSensitive?: boolean;
  symbols?: string[];
  importanceAtLeast?: Importance;
}

export interface CustomRuleActions {
  importance?: Importance;
  garbage?: boolean;
  forwardToTelegram?: boolean;
  sound?: boolean;
  addSymbols?: string[];
  removeSymbols?: string[];
}

export interface CustomRuleFields {
  name: string;
  enabled: boolean;
  /** Lower runs first. */
  priority: number;
  conditions: CustomRuleConditions;
  actions: CustomRuleActions;
}

export interface CustomRule extends CustomRuleFields {
  id: string;
  createdAt: number;
  updatedAt: number;
}

export interface RulePreviewItem {
  id: number;
  ts: number;
  title: string;
  sourceId: string;
  sourceKind: string;
  symbols: string[];
  importance: Importance;
  isGarbage: boolean;
  isTest: boolean;
}

export interface RulePreview {
  /** Why the rule cannot run (invalid or unsafe regex); null when it ran. */
  error: string | null;
  /** How many recent items were looked at. */
  tested: number;
  matches: RulePreviewItem[];
}

export type MappingKind = 'special' | 'banned';

export interface Mapping {
  id: string;
  terms: string[];
  symbols: string[];
  createdAt: number;
  updatedAt: number;
}

export type Mappings = Record<MappingKind, Mapping[]>;

export interface SourceHealth {
  lastSuccessAt: number | null;
  lastErrorAt: number | null;
  lastError: string | null;
  consecutiveFailures: number;
  nextAttemptAt: number | null;
}

export const CONFIGURABLE_SOURCE_KINDS = ['rss', 'atom', 'telegram', 'twitter', 'manual'] as const;
export type ConfigurableSourceKind = (typeof CONFIGURABLE_SOURCE_KINDS)[number];

/** A Telegram source's webhook (register it with setWebhook); the secret token comes whole only from createSource. */
export interface SourceWebhook {
  path: string;
  secretTokenSet: boolean;
  secretTokenHint: string | null;
  secretToken?: string;
}

export interface NewsSource {
  id: string;
  kind: string;
  name: string;
  config: Record<string, unknown>;
  enabled: boolean;
  createdAt: number;
  health: SourceHealth;
  webhook?: SourceWebhook;
}

export interface CreateSourceInput {
  kind: ConfigurableSourceKind;
  name: string;
  enabled: boolean;
  config: { url?: string; chatId?: string; secretToken?: string };
}

export type ChatPurpose = 'news' | 'risk' | 'alerts';

export interface TelegramChatFields {
  chatId: string;
  title: string;
  enabled: boolean;
  minImportance: Importance;
  /** Empty: every symbol. */
  symbols: string[];
  purpose: ChatPurpose;
}

export interface TelegramChat extends TelegramChatFields {
  id: string;
  /** Set when Telegram refused the chat (bot removed, chat gone); cleared on re-enable. */
  disabledReason: string | null;
  createdAt: number;
}

/** Outbound forwarding to the chats (getTelegramStatus); Telegram news sources do not depend on it. */
export interface TelegramStatus {
  /** False while TELEGRAM_BOT_TOKEN is not set: nothing is sent, queued messages wait. */
  sending: boolean;
  /** Why sending is off; null while it is on. */
  reason: string | null;
  /** Messages waiting in the outbox. */
  queued: number;
  /** When Telegram last accepted a message (kept a week). */
  lastSentAt: number | null;
  /** The latest failed attempt among the waiting messages. */
  lastError: string | null;
}

export interface PerformanceThreshold {
  id: string;
  /** null: the default for every symbol without its own row. */
  symbol: string | null;
  percent: number;
  windowMinutes: number;
  createdAt: number;
}

export interface PerformanceThresholds {
  default: Omit<PerformanceThreshold, 'id' | 'createdAt'> & { id: string | null; createdAt: number | null; implied: boolean };
  overrides: PerformanceThreshold[];
}

export const THRESHOLD_WINDOWS = [1, 5, 15] as const;
export type ThresholdWindow = (typeof THRESHOLD_WINDOWS)[number];

export interface TwitterHandleFields {
  handle: string;
  userId: string | null;
  enabled: boolean;
}

export interface TwitterHandle extends TwitterHandleFields {
  id: string;
  createdAt: number;
}

export interface TwitterPollingSessionFields {
  name: string;
  handleIds: string[];
  intervalSeconds: number;
  /** 'HH:MM' UTC, inclusive. */
  activeFromUtc: string;
  /** 'HH:MM' UTC, exclusive ('24:00' allowed); earlier than the start wraps midnight; equal: all day. */
  activeToUtc: string;
  enabled: boolean;
}

export interface TwitterPollingSession extends TwitterPollingSessionFields {
  id: string;
  lastPolledAt: number | null;
  rateLimitedUntil: number | null;
  lastError: string | null;
  createdAt: number;
}

type Deleted = { id: string };

const get = <T>(name: string) => serverFn<T>(name, 'GET');
const post = <T>(name: string, data: unknown) => serverFn<T>(name, 'POST', data);

export const newsSettingsApi = {
  getNewsSettings: () => get<NewsSettings>('getNewsSettings'),
  updateNewsSettings: (patch: NewsSettingsPatch) => post<NewsSettings>('updateNewsSettings', patch),

  getCustomRules: () => get<CustomRule[]>('getCustomRules'),
  createCustomRule: (fields: CustomRuleFields) => post<CustomRule>('createCustomRule', fields),
  updateCustomRule: (id: string, updates: Partial<CustomRuleFields>) => post<CustomRule>('updateCustomRule', { id, updates }),
  deleteCustomRule: (id: string) => post<Deleted>('deleteCustomRule', { id }),
  testCustomRule: (rule: { conditions: CustomRuleConditions; actions?: CustomRuleActions }) =>
    post<RulePreview>('testCustomRule', { rule }),

  getMappings: () => get<Mappings>('getMappings'),

  getSources: () => get<NewsSource[]>('getSources'),
  createSource: (input: CreateSourceInput) => post<NewsSource>('createSource', input),

  getTelegramChats: () => get<TelegramChat[]>('getTelegramChats'),
  createTelegramChat: (fields: TelegramChatFields) => post<TelegramChat>('createTelegramChat', fields),
  updateTelegramChat: (id: string, updates: Partial<TelegramChatFields>) =>
    post<TelegramChat>('updateTelegramChat', { id, updates }),
  deleteTelegramChat: (id: string) => post<Deleted>('deleteTelegramChat', { id }),
  getTelegramStatus: () => get<TelegramStatus>('getTelegramStatus'),

  getPerformanceThresholds: () => get<PerformanceThresholds>('getPerformanceThresholds'),
  createPerformanceThreshold: (input: { symbol: string | null; percent: number; windowMinutes: ThresholdWindow }) =>
    post<PerformanceThreshold>('createPerformanceThreshold', input),
  deletePerformanceThreshold: (id: string) => post<Deleted>('deletePerformanceThreshold', { id }),

  getTwitterHandles: () => get<TwitterHandle[]>('getTwitterHandles'),
  createTwitterHandle: (fields: TwitterHandleFields) => post<TwitterHandle>('createTwitterHandle', fields),
  updateTwitterHandle: (id: string, updates: Partial<TwitterHandleFields>) =>
    post<TwitterHandle>('updateTwitterHandle', { id, updates }),
  deleteTwitterHandle: (id: string) => post<Deleted>('deleteTwitterHandle', { id }),

  getTwitterPollingSessions: () => get<TwitterPollingSession[]>('getTwitterPollingSessions'),
  createTwitterPollingSession: (fields: TwitterPollingSessionFields) =>
    post<TwitterPollingSession>('createTwitterPollingSession', fields),
  updateTwitterPollingSession: (id: string, updates: Partial<TwitterPollingSessionFields>) =>
    post<TwitterPollingSession>('updateTwitterPollingSession', { id, updates }),
  deleteTwitterPollingSession: (id: string) => post<Deleted>('deleteTwitterPollingSession', { id }),
};

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
};

export const newsSettingsQuery = queryOptions({ queryKey: newsSettingsKeys.general, queryFn: newsSettingsApi.getNewsSettings });
export const customRulesQuery = queryOptions({ queryKey: newsSettingsKeys.customRules, queryFn: newsSettingsApi.getCustomRules });
export const mappingsQuery = queryOptions({ queryKey: newsSettingsKeys.mappings, queryFn: newsSettingsApi.getMappings });
export const sourcesQuery = queryOptions({ queryKey: newsSettingsKeys.sources, queryFn: newsSettingsApi.getSources });
export const telegramChatsQuery = queryOptions({
  queryKey: newsSettingsKeys.telegramChats,
  queryFn: newsSettingsApi.getTelegramChats,
});
/** The outbox sender runs every minute: look again as often while the page is open. */
export const telegramStatusQuery = queryOptions({
  queryKey: newsSettingsKeys.telegramStatus,
  queryFn: newsSettingsApi.getTelegramStatus,
  refetchInterval: 60_000,
});
export const thresholdsQuery = queryOptions({
  queryKey: newsSettingsKeys.thresholds,
  queryFn: newsSettingsApi.getPerformanceThresholds,
});
export const twitterHandlesQuery = queryOptions({
  queryKey: newsSettingsKeys.twitterHandles,
  queryFn: newsSettingsApi.getTwitterHandles,
});
export const pollingSessionsQuery = queryOptions({
  queryKey: newsSettingsKeys.pollingSessions,
  queryFn: newsSettingsApi.getTwitterPollingSessions,
});
