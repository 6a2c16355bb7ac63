import type { Db } from '../../../db/client';
import { domainError } from '../../../lib/domain-error';
import {
  describeBudget,
  minIntervalSeconds,
  requestsPerWindow,
  X_RECENT_SEARCH_BUDGET,
  xSearchRequestsPerPoll,
  type RateBudget,
} from '../../../contract/news-pollers';

export interface SessionCost {
  id: string;
  name: string;
  enabled: boolean;
  intervalSeconds: number;
  /** Recent-search requests per poll (1 unless its handles exceed one query). */
  requestsPerPoll: number;
  /** Requests per budget window at its interval (0 when disabled). */
  requestsPerWindow: number;
}

export interface XPollingBudget {
  budget: RateBudget;
  /** Requests per window of all enabled sessions together. */
  used: number;
  sessions: SessionCost[];
}

/** The X plan's recent-search budget: X's published 450 / 15 min per app unless the plan says otherwise. */
export function xSearchBudget(requestsPer15Min: number | null): RateBudget {
  return requestsPer15Min ? { ...X_RECENT_SEARCH_BUDGET, requests: requestsPer15Min } : X_RECENT_SEARCH_BUDGET;
}

interface SessionShape {
  id: string;
  name: string;
  enabled: boolean;
  intervalSeconds: number;
  handleIds: string[];
}

/**
 * What the polling sessions spend of the X plan's recent-search budget (a session polls one request
 * per query group of its enabled handles every interval). Counted as if every session were always
 * inside its active window: the budget holds at the busiest hour.
 */
export async function readXPollingBudget(db: Db, budget: RateBudget): Promise<XPollingBudget> {
  const [sessions, handles] = await Promise.all([db.query.twitterPollingSessions.findMany(), db.query.twitterHandles.findMany()]);
  return costOf(sessions, handles, budget);
}

function costOf(
  sessions: SessionShape[],
  handles: { id: string; handle: string; enabled: boolean }[],
  budget: RateBudget,
): XPollingBudget {
  const byId = new Map(handles.map((h) => [h.id, h]));
  const costs = sessions.map((s): SessionCost => {
    const names = s.handleIds
      .map((id) => byId.get(id))
      .filter((h) => h?.enabled)
      .map((h) => h!.handle);
    const requestsPerPoll = xSearchRequestsPerPoll(names);
    return {
      id: s.id,
      name: s.name,
      enabled: s.enabled,
      intervalSeconds: s.intervalSeconds,
      requestsPerPoll,
      requestsPerWindow: s.enabled && requestsPerPoll ? requestsPerWindow(s.intervalSeconds, requestsPerPoll, budget) : 0,
    };
  });
  return { budget, used: costs.reduce((sum, c) => sum + c.requestsPerWindow, 0), sessions: costs };
}

/**
 * Refuses a session (new or edited) whose interval would take the sessions together past the
 * plan's budget: UNPROCESSABLE_CONTENT, on the interval field, saying what it would cost, what
 * the others use, and the shortest interval that fits.
 */
export async function assertWithinXBudget(db: Db, budget: RateBudget, session: SessionShape) {
  const [sessions, handles] = await Promise.all([db.query.twitterPollingSessions.findMany(), db.query.twitterHandles.findMany()]);
  const others = sessions.filter((s) => s.id !== session.id);
  const all = costOf([...others, session], handles, budget);
  if (all.used <= budget.requests) return;
  const mine = all.sessions.at(-1)!;
  const othersUse = all.used - mine.requestsPerWindow;
  const fits = minIntervalSeconds(mine.requestsPerPoll, budget, othersUse);
  const message =
    `Every ${session.intervalSeconds} s this session sends ${describeBudget(mine.requestsPerWindow, budget)}` +
    (othersUse ? ` (the other sessions use ${othersUse})` : '') +
    `: more than the X plan allows. ` +
    (fits ? `Poll every ${fits} s or slower.` : 'The other sessions use the whole budget: slow one of them down first.');
  throw domainError('UNPROCESSABLE_CONTENT', message, {
    issues: [{ path: ['intervalSeconds'], message }],
    budget: { ...budget, used: all.used, minIntervalSeconds: fits },
  });
}
