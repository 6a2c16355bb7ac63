/**
 * The closed value sets, defined once: the D1 schema's enum columns, the contract's zod schemas,
 * the domains and the web all read them from here. Plain constants (no zod), so the browser can
 * import them without pulling schema code into its first load.
 */

export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const EXCHANGES = ['binance', 'simulated'] as const;
export type ExchangeKind = (typeof EXCHANGES)[number];
export const ACCOUNT_STATUSES = ['active', 'frozen', 'archived'] as const;

export const ALERT_METRICS = [
  'totalBalance',
  'futuresBalance',
  'spotBalance',
  'futuresUpnl',
  'totalUpnl',
  'notional',
  'leverage',
  'btcPrice',
  // Per position / per day (issue 31): the nearest position's distance to liquidation (% of mark), the
  // largest |funding rate| of a held symbol (% per interval), today's (UTC) realized loss net of fees and funding (USD).
  'liquidationDistance',
  'fundingRate',
  'dailyRealizedLoss',
] as const;
export const ALERT_OPERATORS = ['>', '<', 'crosses_above', 'crosses_below'] as const;
export const ALERT_CHANNELS = ['toast', 'telegram'] as const;

/** News importance, most important first. */
export const IMPORTANCE = ['critical', 'high', 'medium', 'low'] as const;
export type Importance = (typeof IMPORTANCE)[number];
/** Higher is more important; used for `importanceAtLeast`, sorting and Telegram minimums. */
export const IMPORTANCE_RANK: Record<Importance, number> = { low: 0, medium: 1, high: 2, critical: 3 };
export function isImportance(value: unknown): value is Importance {
  return typeof value === 'string' && Object.hasOwn(IMPORTANCE_RANK, value);
}

/** Every kind of news source the pipeline knows. */
export const SOURCE_KINDS = ['twitter', 'telegram', 'rss', 'atom', 'manual', 'simulated', 'exchange'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
/**
 * Kinds an admin can add; 'simulated' is the demo feed, seeded, never configured by hand; 'exchange'
 * (an exchange's announcements) has one source per exchange, switched on in its own panel.
 */
export const CONFIGURABLE_SOURCE_KINDS = ['rss', 'atom', 'telegram', 'twitter', 'manual'] as const;
export type ConfigurableSourceKind = (typeof CONFIGURABLE_SOURCE_KINDS)[number];

/** Special mappings tag symbols; banned mappings remove them (or, without symbols, mark garbage). */
export const MAPPING_KINDS = ['special', 'banned'] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];

export const TIME_FORMATS = ['24h', '12h'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/** What a Telegram chat receives. */
export const CHAT_PURPOSES = ['news', 'risk', 'alerts'] as const;
export type ChatPurpose = (typeof CHAT_PURPOSES)[number];

/** Minutes after publication at which price moves are measured and thresholds apply. */
export const THRESHOLD_WINDOWS = [1, 5, 15] as const;
export type ThresholdWindow = (typeof THRESHOLD_WINDOWS)[number];

/** Admin todo list priorities, least urgent first (sorting by priority uses this order). */
export const TODO_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TodoPriority = (typeof TODO_PRIORITIES)[number];
/**
 * Risk limits (docs/RISK-MODEL.md). Leverage is notional ÷ equity; drawdown and share are fractions
 * (0.2 = 20 %); notional and exposure are USD. Symbol exposure is firm-wide only.
 */
export const RISK_LIMIT_KINDS = [
  'maxLeverage',
  'maxDrawdown',
  'maxPositionNotional',
  'maxPositionShare',
  'maxSymbolNetExposure',
] as const;
export type RiskLimitKind = (typeof RISK_LIMIT_KINDS)[number];
/** Kinds a per-trader override may set; the symbol exposure limit is the firm's alone. */
export const TRADER_LIMIT_KINDS = ['maxLeverage', 'maxDrawdown', 'maxPositionNotional', 'maxPositionShare'] as const;
export const ORDER_SIDES = ['BUY', 'SELL'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
/**
 * MARKET and LIMIT rest on the order book; STOP_MARKET (stop-loss) and TAKE_PROFIT_MARKET
 * (take-profit) are conditional: they close the position at the mark once it crosses the trigger.
 */
export const ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP_MARKET', 'TAKE_PROFIT_MARKET'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const PROTECTIVE_ORDER_TYPES = ['STOP_MARKET', 'TAKE_PROFIT_MARKET'] as const;
/** GTC rests until filled or canceled; IOC fills what it can at once; GTX is post-only (never takes). */
export const TIME_IN_FORCE = ['GTC', 'IOC', 'GTX'] as const;
export type TimeInForce = (typeof TIME_IN_FORCE)[number];
/**
 * pending: recorded, being sent; unknown: sent, outcome not known yet (settled by a query by client
 * id before any retry); refused: stopped by our pre-trade check (never sent); rejected: the exchange
 * said no; open: resting at the exchange (a limit, or a conditional order waiting for its trigger;
 * partly filled shows in its filled quantity); filled; canceled; expired (an IOC's unfilled rest, a
 * protective order whose position closed).
 */
export const ORDER_STATUSES = ['pending', 'unknown', 'refused', 'rejected', 'open', 'filled', 'canceled', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * What a headline is about, from its title (domains/news/trades/headline-kind.ts): the News trades
 * page groups its trades by it.
 */
export const HEADLINE_KINDS = ['listing', 'delisting', 'hack', 'regulation', 'macro', 'partnership', 'other'] as const;
export type HeadlineKind = (typeof HEADLINE_KINDS)[number];
/**
 * Where a news trade's scoring stands: waiting for its entry to fill, measuring 1 / 5 / 15 minutes
 * after entry, following the position until it closes, done (closed, or followed as long as it is
 * followed), void (the order never filled).
 */
export const NEWS_TRADE_STAGES = ['fill', 'm1', 'm5', 'm15', 'close', 'done', 'void'] as const;
export type NewsTradeStage = (typeof NEWS_TRADE_STAGES)[number];
/** The limits order entry checks before sending (drawdown is not changed by an order). */
export const PRE_TRADE_LIMIT_KINDS = ['maxLeverage', 'maxPositionNotional', 'maxPositionShare', 'maxSymbolNetExposure'] as const;

/** Second factors: an authenticator app (TOTP, RFC 6238) or a passkey (WebAuthn). */
export const SECOND_FACTOR_KINDS = ['totp', 'passkey'] as const;
export type SecondFactorKind = (typeof SECOND_FACTOR_KINDS)[number];

/**
 * Why a 403 refused a power (data.reason): no second factor yet (enrol first), or this session has
 * not confirmed one lately enough (step up: enter a code or use a passkey, then try again).
 */
export const SECOND_FACTOR_REASONS = ['secondFactorRequired', 'stepUpRequired'] as const;
export type SecondFactorReason = (typeof SECOND_FACTOR_REASONS)[number];

/** Every action the audit trail records, by area. */
export const AUDIT_ACTIONS = [
  'auth.signIn',
  'auth.secondFactor',
  'auth.stepUp',
  'auth.signOut',
  'secondFactor.add',
  'secondFactor.remove',
  'secondFactor.reset',
  'recoveryCodes.regenerate',
  'session.end',
  'session.endOthers',
  'session.endAll',
  'pushDevice.add',
  'pushDevice.remove',
  'order.place',
  'order.cancel',
  'trading.switch',
  'risk.limit',
  'tradingKey.set',
  'tradingKey.clear',
  'user.update',
  'account.add',
  'account.sync',
  'account.assign',
  'news.settings',
  'telegram.chat',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The trading part of the trail, which the risk team reads on the risk trader page. */
export const TRADING_AUDIT_ACTIONS = [
  'order.place',
  'order.cancel',
  'trading.switch',
  'risk.limit',
  'tradingKey.set',
  'tradingKey.clear',
] as const satisfies readonly AuditAction[];

export const AUDIT_RESULTS = ['done', 'refused', 'failed'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** A personal watchlist's highlight colour (a named palette: the web maps each to light and dark tones). */
export const WATCH_COLORS = ['amber', 'sky', 'violet', 'emerald', 'rose'] as const;
export type WatchColor = (typeof WATCH_COLORS)[number];
/** Its sound on a live hit: none, or one of the news beeps' tones. */
export const WATCH_SOUNDS = ['none', 'soft', 'bright', 'double'] as const;
/** Its notification on a live hit: none, or a toast in every open tab. */
export const WATCH_NOTIFY = ['none', 'toast'] as const;
/** What an entry matches: a tagged symbol, a word or phrase in the headline, or an RE2 pattern. */
export const WATCH_ENTRY_KINDS = ['symbol', 'word', 'pattern'] as const;
export type WatchEntryKind = (typeof WATCH_ENTRY_KINDS)[number];

/** What the durable outbox delivers: Telegram messages and Web Push notifications. */
export const OUTBOX_CHANNELS = ['telegram', 'webpush'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** The kinds of push notification a user chooses from ('risk': the risk team only). */
export const PUSH_KINDS = ['alerts', 'watchlist', 'fills', 'risk'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];
