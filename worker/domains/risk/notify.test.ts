import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Breach } from '../../contract/risk';
import { telegramChats } from '../../db/schema/news';
import { db } from '../../test/harness';
import { queueRiskTelegram } from './notify';

it('an opened breach is queued once for each enabled risk chat, never for other chats', async () => {
  const chat = (id: string, chatId: string, purpose: 'risk' | 'alerts', enabled = true) => ({
    id,
    chatId,
    title: id,
    purpose,
    enabled,
    minImportance: 'low' as const,
    symbols: [],
    createdAt: Date.now(),
  });
  await db
    .insert(telegramChats)
    .values([chat('risk-a', '-3001', 'risk'), chat('risk-off', '-3002', 'risk', false), chat('alerts', '-3003', 'alerts')]);
  const breach: Breach = {
    id: 'b-1',
    traderId: null,
    traderName: null,
    kind: 'maxSymbolNetExposure',
    symbol: 'BTCUSDT',
    limitValue: 1_000_000,
    openedValue: 1_200_000,
    lastValue: 1_200_000,
    worstValue: 1_200_000,
    openedAt: 1,
    updatedAt: 1,
    closedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    ackNote: null,
  };
  await queueRiskTelegram(db, [breach], 5);
  await queueRiskTelegram(db, [breach], 6); // the cron re-running: deduplicated
  const rows = await db.all<{ target: string; dedup_key: string; payload: string }>(
    sql`SELECT target, dedup_key, payload FROM outbox ORDER BY target`,
  );
  expect(rows.map((r) => [r.target, r.dedup_key])).toEqual([['-3001', 'risk:b-1:-3001']]);
  expect(JSON.parse(rows[0]!.payload)).toMatchObject({ importance: 'critical', source: 'risk', symbols: ['BTCUSDT'], url: null });
});
