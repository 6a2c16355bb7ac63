import { and, eq } from 'drizzle-orm';
import type { Breach, RiskEvent } from '../../contract/risk';
import { createDb } from '../../db/client';
import { outbox, telegramChats } from '../../db/schema/news';
import type { Bindings } from '../../env';
import type { RiskEvaluation } from './evaluate';
import { describeBreach } from './describe';

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
    { type: 'snapshot', ts },
  ];
  await Promise.allSettled(events.map((e) => hub.publish(e)));
  await queueRiskTelegram(env, evaluation.opened, now);
}

export async function queueRiskTelegram(env: Bindings, opened: Breach[], now = Date.now()) {
  if (opened.length === 0) return;
  const db = createDb(env.DB);
  const chats = await db
    .select({ chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(and(eq(telegramChats.enabled, true), eq(telegramChats.purpose, 'risk')));
  const rows = opened.flatMap((b) =>
    chats.map((chat) => ({
      id: crypto.randomUUID(),
      channel: 'telegram' as const,
      target: chat.chatId,
      payload: {
        title: `Risk breach: ${describeBreach(b)}`,
        url: null,
        symbols: b.symbol ? [b.symbol] : [],
        importance: 'critical',
        source: 'risk',
      },
      dedupKey: `risk:${b.id}:${chat.chatId}`,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  // 9 columns per row: 10 rows per statement stays under D1's 100 bound parameters.
  for (let i = 0; i < rows.length; i += 10)
    await db
      .insert(outbox)
      .values(rows.slice(i, i + 10))
      .onConflictDoNothing();
}
