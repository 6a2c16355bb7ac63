import type { Breach } from '../../contract/risk';
import type { Db } from '../../db/client';
import { describeBreach } from '../risk/describe';
import { queuePushes } from './queue-pushes';

/** Each opened breach to every active risk-team member's devices (kind 'risk'). Answers the rows queued. */
export async function queueRiskPushes(db: Db, opened: Breach[], now = Date.now()): Promise<number> {
  if (opened.length === 0) return 0;
  const { results: team } = await db.$client
    .prepare(`SELECT id FROM users WHERE is_risk_team = 1 AND approved = 1 AND disabled = 0`)
    .all<{ id: string }>();
  return queuePushes(
    db,
    opened.flatMap((b) =>
      team.map(({ id }) => ({
        userId: id,
        kind: 'risk' as const,
        key: `risk:${b.id}`,
        title: `Risk breach${b.traderName ? ` · ${b.traderName}` : ''}`,
        body: describeBreach(b),
        url: b.traderId ? `/risk-team/risk-trader?trader=${encodeURIComponent(b.traderId)}` : '/risk-team',
        tag: `risk:${b.id}`,
      })),
    ),
    now,
  );
}
