import { useQuery } from '@tanstack/react-query';
import { describeBudget, minIntervalSeconds, requestsPerWindow, xSearchRequestsPerPoll } from '@contract/news-pollers';
import type {
  TwitterHandleDto as TwitterHandle,
  TwitterPollingSessionDto as TwitterPollingSession,
} from '@contract/server-fns/news-twitter';
import { xPollingBudgetQuery } from './settings-queries';

/**
 * What the interval costs of the X plan's recent-search budget, as the admin types: this session's
 * requests per window, the other sessions', and the shortest interval that fits. The server refuses
 * a session over the budget with the same figures.
 */
export function BudgetHint({
  session,
  handles,
  handleIds,
  interval,
  enabled,
}: {
  session: TwitterPollingSession | null;
  handles: TwitterHandle[];
  handleIds: string[];
  interval: number;
  enabled: boolean;
}) {
  const { data } = useQuery(xPollingBudgetQuery);
  if (!data || !Number.isInteger(interval) || interval < 1) return null;
  const names = handleIds
    .map((id) => handles.find((h) => h.id === id))
    .filter((h) => h?.enabled)
    .map((h) => h!.handle);
  const perPoll = xSearchRequestsPerPoll(names);
  const own = session ? (data.sessions.find((s) => s.id === session.id)?.requestsPerWindow ?? 0) : 0;
  const others = data.used - own;
  const mine = enabled && perPoll ? requestsPerWindow(interval, perPoll, data.budget) : 0;
  const over = others + mine > data.budget.requests;
  const fits = perPoll ? minIntervalSeconds(perPoll, data.budget, others) : null;
  return (
    <p className={over ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'} data-testid="session-budget">
      {perPoll === 0
        ? 'Pick handles to see what this session costs.'
        : `${perPoll === 1 ? 'One request' : `${perPoll} requests`} per poll: ${describeBudget(mine, data.budget)} (${data.budget.note})` +
          `${others ? `, ${others} more by the other sessions` : ''}.` +
          (over
            ? fits
              ? ` Over the plan: poll every ${fits} s or slower.`
              : ' Over the plan: the other sessions use it all.'
            : '')}
    </p>
  );
}
