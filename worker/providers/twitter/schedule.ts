import { domainError } from '../../lib/domain-error';

/** The parts of a twitter polling session that decide when it reads X. */
export interface PollingSession {
  intervalSeconds: number;
  /** 'HH:MM' UTC, inclusive */
  activeFromUtc: string;
  /** 'HH:MM' UTC, exclusive ('24:00' allowed); before activeFromUtc wraps midnight; equal = all day */
  activeToUtc: string;
  enabled: boolean;
  /** ms, null before the first poll */
  lastPolledAt: number | null;
  /** ms, from a 429's x-rate-limit-reset */
  rateLimitedUntil?: number | null;
}

export type PollReason = 'due' | 'disabled' | 'interval' | 'outside-window' | 'rate-limited';

export interface PollPlan {
  /** read X now */
  poll: boolean;
  /** if poll: when the one after comes (polling now); else: when this session becomes due. null when disabled */
  nextAt: number | null;
  reason: PollReason;
}

export interface PollOptions {
  /**
   * Polls this much early still count as due, so a cron tick a few ms before lastPolledAt +
   * interval does not skip a whole tick. Never applied to the window or to rateLimitedUntil.
   */
  slackMs?: number;
}

const DAY_MS = 86_400_000;
const TIME = /^(?:([01]\d|2[0-3]):([0-5]\d)|(24):(00))$/;

/** 'HH:MM' → ms after midnight UTC. */
export function parseUtcTime(value: string): number {
  const m = TIME.exec(value.trim());
  if (!m) throw domainError('BAD_REQUEST', `Invalid active window time "${value}": use HH:MM (UTC), e.g. 08:30.`);
  const hours = Number(m[1] ?? m[3]);
  const minutes = Number(m[2] ?? m[4]);
  return (hours * 60 + minutes) * 60_000;
}

export interface ActiveWindow {
  from: number;
  to: number;
}

export function parseWindow(fromUtc: string, toUtc: string): ActiveWindow {
  return { from: parseUtcTime(fromUtc) % DAY_MS, to: parseUtcTime(toUtc) % DAY_MS };
}

export function inWindow(window: ActiveWindow, t: number): boolean {
  const { from, to } = window;
  if (from === to) return true;
  const ms = ((t % DAY_MS) + DAY_MS) % DAY_MS;
  return from < to ? ms >= from && ms < to : ms >= from || ms < to;
}

/** The first instant ≥ t inside the window. */
export function nextInWindow(window: ActiveWindow, t: number): number {
  if (inWindow(window, t)) return t;
  const ms = ((t % DAY_MS) + DAY_MS) % DAY_MS;
  const dayStart = t - ms;
  // Outside the window means before today's start (non-wrapping: early) or after its end.
  return ms < window.from ? dayStart + window.from : dayStart + DAY_MS + window.from;
}

/**
 * Pure: should this session read X at `now`, and when next? Never inside a rate-limit wait, never
 * outside the active UTC window, never sooner than the interval after the last poll.
 */
export function planPoll(session: PollingSession, now: number, options: PollOptions = {}): PollPlan {
  if (!session.enabled) return { poll: false, nextAt: null, reason: 'disabled' };
  const { intervalSeconds } = session;
  if (!Number.isFinite(intervalSeconds) || intervalSeconds <= 0) {
    throw domainError('BAD_REQUEST', 'A polling interval must be a positive number of seconds.');
  }
  const intervalMs = intervalSeconds * 1000;
  const window = parseWindow(session.activeFromUtc, session.activeToUtc);
  const slack = Math.max(0, options.slackMs ?? 0);
  const limitedUntil = session.rateLimitedUntil ?? -Infinity;
  const dueByInterval = session.lastPolledAt === null ? -Infinity : session.lastPolledAt + intervalMs;

  if (now >= limitedUntil && now >= dueByInterval - slack && inWindow(window, now)) {
    return { poll: true, nextAt: nextInWindow(window, Math.max(now + intervalMs, limitedUntil)), reason: 'due' };
  }
  const nextAt = nextInWindow(window, Math.max(now, dueByInterval, limitedUntil));
  const reason: PollReason = limitedUntil > now ? 'rate-limited' : dueByInterval - slack > now ? 'interval' : 'outside-window';
  return { poll: false, nextAt, reason };
}
