import type { Breach, RiskEvent } from '../../contract/risk';
import type { Db } from '../../db/client';
import type { RiskEvaluation } from './evaluate';
import { describeBreach } from './describe';
import { queueToTelegramChats } from '../telegram-outbox/telegram-outbox';
import { queueRiskPushes } from '../push/risk-pushes';

/** The one hub every risk viewer subscribes to. */
export const RISK_HUB_NAME = 'firm';

/**
 * Tells the risk team: every viewer's live risk view (the RiskHub, a tick after each evaluation so
 * the overview refreshes even without breaches) and, for opened breaches, the "risk" Telegram chats
 * through the outbox (delivered at least once, deduplicated by breach and chat).
 */
export async function notifyRiskTeam(
  {
    db,
    hub,
    deliverPushes,
  }: { db: Db; hub: { publish(event: RiskEvent): Promise<unknown> }; deliverPushes?: () => Promise<unknown> },
  evaluation: RiskEvaluation,
  now = Date.now(),
) {
  // ts is when the evaluation of the new snapshots ended (not the cron's scheduled time): live
  // delivery is measured from it (bench/risk-live.mjs).
  const ts = Date.now();
  const events: RiskEvent[] = [
    ...evaluation.opened.map((breach) => ({ type: 'breach-opened' as const, ts, breach })),
    ...evaluation.closed.map((breach) => ({ type: 'breach-closed' as const, ts, breach })),
    { type: 'snapshot', ts, ...(evaluation.desk ? { desk: evaluation.desk } : {}) },
  ];
  await Promise.allSettled(events.map((e) => hub.publish(e)));
  await queueRiskTelegram(db, evaluation.opened, now);
  // And to the risk team's devices (Web Push, their choices and quiet hours).
  if ((await queueRiskPushes(db, evaluation.opened, now)) > 0) await deliverPushes?.();
}

export async function queueRiskTelegram(db: Db, opened: Breach[], now = Date.now()) {
  await queueToTelegramChats(
    db,
    'risk',
    opened.map((b) => ({
      key: `risk:${b.id}`,
      title: `Risk breach: ${describeBreach(b)}`,
      symbols: b.symbol ? [b.symbol] : [],
      importance: 'critical',
      source: 'risk',
    })),
    now,
  );
}
