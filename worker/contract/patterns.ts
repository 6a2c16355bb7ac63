/**
 * Formats and limits the server checks, as plain values (no zod): the web uses them while the user
 * types, without loading the schemas.
 */

/** A UTC start time, 'HH:MM' (inclusive). */
export const UTC_FROM_TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
/** A UTC end time, 'HH:MM' or '24:00' (exclusive). */
export const UTC_TO_TIME = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

/** The longest regular expression a custom rule may use (longer ones are refused as unsafe). */
export const RULE_REGEX_MAX = 200;

/** A new password's length (sign-up); the sign-up form's hint and minLength read it too. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;

/** A ticker symbol once cleaned ("$btc " → "BTC"): 1–20 letters or digits. */
export const SYMBOL_PATTERN = /^[A-Z0-9]{1,20}$/;
export const SYMBOL_MESSAGE = 'A symbol is 1–20 letters or digits, like BTC';

/** At most this many symbols per price stream (a terminal prices the symbols of its newest headlines). */
export const MAX_STREAM_SYMBOLS = 50;
/** At most this many open price streams per user (a terminal opens one; a few tabs fit). */
export const MAX_PRICE_STREAMS_PER_USER = 4;

/**
 * Headlines from the local news simulator have source ids with this prefix (news_sources of kind
 * 'simulated'): the feed and the terminal mark them as simulated.
 */
export const SIMULATED_SOURCE_PREFIX = 'sim:';
export const isSimulatedSource = (sourceId: string) => sourceId.startsWith(SIMULATED_SOURCE_PREFIX);

/** The session cookies (HttpOnly; the API document names the access cookie as its security scheme). */
export const ACCESS_COOKIE = 'meridian_access';
export const REFRESH_COOKIE = 'meridian_refresh';

/** Alert flooding limits: a rule fires at most once a minute, and a user has at most 50. */
export const ALERT_MIN_COOLDOWN_SECONDS = 60;
export const ALERT_MAX_COOLDOWN_SECONDS = 7 * 86_400;
export const MAX_ALERT_RULES_PER_USER = 50;

/** A todo item's title and notes, at most (characters). */
export const TODO_TITLE_MAX = 200;
export const TODO_NOTES_MAX = 10_000;

/** Personal watchlists: lists per user, entries per list, patterns per user (each costs every headline a regex run). */
export const MAX_WATCHLISTS_PER_USER = 10;
export const MAX_WATCH_ENTRIES_PER_LIST = 20;
export const MAX_WATCH_PATTERNS_PER_USER = 5;
export const WATCH_TERM_MAX = 100;
