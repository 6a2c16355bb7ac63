import type { Breach, RiskEvent } from '../../contract/risk';
import { createDb } from '../../db/client';
import type { Bindings } from '../../env';
import type { RiskEvaluation } from './evaluate';
import { describeBreach } from './describe';
import { queueToTelegramChats } from '../news/delivery/telegram-outbox';

/** The one hub every risk viewer subscribes to. */
export const RISK_HUB_NAME = 'firm';

/**
 * Tells the risk team: every viewer's live risk view (the RiskHub, a tick after each evaluation so
 * the overview refreshes even without breaches) and, for opened breaches, the "risk" Telegram chats
 * through the outbox (delivered at least once, deduplicated by breach and chat).
 */
export async function notifyRiskTeam(env: Bindings, evaluation: RiskEvaluation, now = Date.now()) {
  const hub = env.RISK_HUB.getByName(RISK_HUB_NAME);
  // ts is when the evaluation of the new snapshots ended (not the cron's scheduled time): live
  // delivery is measured from it (bench/risk-live.mjs).
  const ts = Date.now();
  const events: RiskEvent[] = [
    ...evaluation.opened.map((breach) => ({ type: 'breach-opened' as const, ts, breach })),
    ...evaluation.closed.map((breach) => ({ type: 'breach-closed' as const, ts, breach })),
    { type: 'snapshot', ts, ...(evaluation.desk ? { desk: evaluation.desk } : {}) },
  ];
  await Promise.allSettled(events.map((e) => hub.publish(e)));
  await queueRiskTelegram(env, evaluation.opened, now);
}

export async function queueRiskTelegram(env: Bindings, opened: Breach[], now = Date.now()) {
  await queueToTelegramChats(
    createDb(env.DB),
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
