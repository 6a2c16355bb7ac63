import type { ChatId } from './client';

export interface PendingSend {
  id: string | number;
  chatId: ChatId;
  /** ms; a message in retry backoff waits until then */
  nextAttemptAt: number;
}

export interface SentRecord {
  chatId: ChatId;
  /** ms */
  sentAt: number;
}

export interface SendLimits {
  perChatPerSecond: number;
  globalPerSecond: number;
  /** for group, supergroup and channel chats (negative ids, @usernames) */
  perGroupPerMinute: number;
}

export const TELEGRAM_LIMITS: SendLimits = { perChatPerSecond: 1, globalPerSecond: 30, perGroupPerMinute: 20 };

export interface SendPlan<P extends PendingSend> {
  /** send these now, in this order */
  send: P[];
  /** earliest time another pending message may go; null when nothing else is pending */
  nextAt: number | null;
}

const SECOND = 1_000;
const MINUTE = 60_000;

/** Groups, supergroups and channels have negative ids; "@name" addresses a public channel or group. */
export function isGroupChat(chatId: ChatId): boolean {
  return typeof chatId === 'number' ? chatId < 0 : chatId.startsWith('-') || chatId.startsWith('@');
}

const chatKey = (chatId: ChatId) => String(chatId);

/**
 * The earliest t ≥ from at which fewer than `limit` of the ascending `times` fall in (t − window, t].
 * Monotone in t as long as no time lies beyond `from`, so constraints combine by taking the max.
 */
function freeAt(times: readonly number[], limit: number, window: number, from: number): number {
  const inWindow = times.filter((s) => s > from - window);
  if (inWindow.length < limit) return from;
  return inWindow[inWindow.length - limit]! + window;
}

/**
 * Pure: which outbox messages may go at `now` without breaking Telegram's limits.
 *
 * `pending` is taken in outbox order (oldest first). Each chat is FIFO: a message waits while an
 * older one in the same chat waits (for its retry time or its chat's limit), so order in a chat is
 * kept. Limits are sliding windows over `history` (only the last minute matters) plus this plan.
 */
export function planSends<P extends PendingSend>(
  pending: readonly P[],
  history: readonly SentRecord[],
  now: number,
  limits: SendLimits = TELEGRAM_LIMITS,
): SendPlan<P> {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`Telegram send limit ${name} must be a positive integer`);
  }
  const recent = history.filter((h) => h.sentAt > now - MINUTE && h.sentAt <= now).sort((a, b) => a.sentAt - b.sentAt);
  const global: number[] = recent.map((h) => h.sentAt);
  const byChat = new Map<string, number[]>();
  for (const h of recent) {
    const key = chatKey(h.chatId);
    byChat.set(key, [...(byChat.get(key) ?? []), h.sentAt]);
  }

  const chatReadyAt = (chatId: ChatId, from: number) => {
    const times = byChat.get(chatKey(chatId)) ?? [];
    let t = freeAt(times, limits.perChatPerSecond, SECOND, from);
    if (isGroupChat(chatId)) t = Math.max(t, freeAt(times, limits.perGroupPerMinute, MINUTE, from));
    return t;
  };

  const send: P[] = [];
  /** chats whose head message cannot go now, with the time it can */
  const blocked = new Map<string, number>();
  for (const message of pending) {
    const key = chatKey(message.chatId);
    if (blocked.has(key)) continue;
    const readyAt = Math.max(message.nextAttemptAt, chatReadyAt(message.chatId, now));
    if (readyAt > now || freeAt(global, limits.globalPerSecond, SECOND, now) > now) {
      blocked.set(key, readyAt);
      continue;
    }
    send.push(message);
    global.push(now);
    byChat.set(key, [...(byChat.get(key) ?? []), now]);
  }

  // Every chat with something left: its head's time, then the global limit as the plan leaves it.
  let nextAt: number | null = null;
  const sentIds = new Set(send);
  const heads = new Map<string, P>();
  for (const message of pending) {
    const key = chatKey(message.chatId);
    if (!sentIds.has(message) && !heads.has(key)) heads.set(key, message);
  }
  for (const [key, head] of heads) {
    // A chat whose head went now has a next message bound by the planned send: recompute.
    const chatTime = Math.max(head.nextAttemptAt, chatReadyAt(head.chatId, now), blocked.get(key) ?? now);
    const t = Math.max(chatTime, freeAt(global, limits.globalPerSecond, SECOND, now));
    nextAt = nextAt === null ? t : Math.min(nextAt, t);
  }
  return { send, nextAt };
}

export interface RetryDelayOptions {
  /** default 1 s */
  baseMs?: number;
  /** default 5 min */
  capMs?: number;
  /** [0, 1); default Math.random. Adds up to 25% so retries of many messages spread out. */
  random?: () => number;
}

/**
 * ms to wait before retry number `attempt` (1 = after the first failure). Telegram's retry_after
 * wins when given; otherwise 1 s, 2 s, 4 s… capped at 5 min, plus jitter.
 */
export function retryDelay(attempt: number, retryAfterSeconds?: number, options: RetryDelayOptions = {}): number {
  if (retryAfterSeconds !== undefined && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0) {
    return Math.ceil(retryAfterSeconds * 1000);
  }
  const base = options.baseMs ?? 1_000;
  const cap = options.capMs ?? 300_000;
  const random = options.random ?? Math.random;
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const delay = Math.min(cap, base * 2 ** Math.min(exponent, 30));
  return Math.min(cap, Math.round(delay * (1 + 0.25 * random())));
}
