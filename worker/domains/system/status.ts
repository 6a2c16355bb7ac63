import { eq, sql } from 'drizzle-orm';
import {
  CRON_STALL_MS,
  OUTBOX_BACKLOG_MS,
  SNAPSHOT_BACKLOG_MS,
  SOURCE_FAILURES_WARNING,
  type QueueBacklog,
  type SystemStatus,
} from '../../contract/system';
import { batchReads } from '../../db/batch-reads';
import type { Db, NewsDb } from '../../db/client';
import { newsPollers } from '../../db/schema/news';
import { latencyBySource } from '../news/pollers/latency';
import { pollerDto, sourcesFrom, sourcesQueries } from '../news/settings/sources';
import { X_TOKEN_MISSING } from '../news/sources/twitter-poller';

const HOUR = 3_600_000;
const DAY = 86_400_000;

interface Row {
  last_run_at: number | null;
  last_duration_ms: number | null;
  last_failed_jobs: string | null;
  runs_last_hour: number;
  pending_batches: number;
  oldest_pending_at: number | null;
  retrying_batches: number;
  dead_letters: number;
  last_dead_letter_at: number | null;
  outbox_backlog: number;
  outbox_oldest_at: number | null;
  outbox_failed: number;
  outbox_retrying: number;
  outbox_last_error: string | null;
  accounts_active: number;
  accounts_failing: number;
}

/**
 * The figures of the status section, read from D1 in one statement: the cron's own records, the
 * snapshot batches (a batch is pending until stored or dead-lettered), the dead letters, the news
 * sources' and X pollers' health, the exchange accounts whose last snapshot failed and the Telegram
 * outbox. `live` is what the runtime itself tells: the hubs' subscribers (hub-counts.ts) and the
 * snapshot queue's backlog (queue-backlog.ts).
 */
type Live = { hubs: SystemStatus['hubs']; queue: QueueBacklog | null };

export async function readSystemStatus(
  db: Db,
  liveNow: Live | Promise<Live>,
  now = Date.now(),
  newsDb?: NewsDb,
): Promise<SystemStatus> {
  // One round: the counters, the sources as the sources page reads them (health, poller report,
  // 24 h latency), the lists and what the hubs and the queue say, all asked at once. DB's reads are
  // one D1 call (batchReads; the caller's fresh check rides along), the latency one of the news database.
  const hourAgo = now - HOUR;
  const dayAgo = now - DAY;
  const counters = db.get<Row>(
    sql`SELECT
         (SELECT started_at FROM cron_runs ORDER BY started_at DESC LIMIT 1) AS last_run_at,
         (SELECT duration_ms FROM cron_runs ORDER BY started_at DESC LIMIT 1) AS last_duration_ms,
         (SELECT failed_jobs FROM cron_runs ORDER BY started_at DESC LIMIT 1) AS last_failed_jobs,
         (SELECT count(*) FROM cron_runs WHERE started_at > ${hourAgo}) AS runs_last_hour,
         (SELECT count(*) FROM snapshot_batches b WHERE b.done_at IS NULL AND b.enqueued_at > ${dayAgo}
            AND NOT EXISTS (SELECT 1 FROM queue_dead_letters d WHERE d.batch_id = b.id)) AS pending_batches,
         (SELECT min(enqueued_at) FROM snapshot_batches b WHERE b.done_at IS NULL AND b.enqueued_at > ${dayAgo}
            AND NOT EXISTS (SELECT 1 FROM queue_dead_letters d WHERE d.batch_id = b.id)) AS oldest_pending_at,
         (SELECT count(*) FROM snapshot_batches b WHERE b.done_at IS NULL AND b.attempts > 0 AND b.enqueued_at > ${dayAgo}
            AND NOT EXISTS (SELECT 1 FROM queue_dead_letters d WHERE d.batch_id = b.id)) AS retrying_batches,
         (SELECT count(*) FROM queue_dead_letters WHERE recorded_at > ${dayAgo}) AS dead_letters,
         (SELECT max(recorded_at) FROM queue_dead_letters) AS last_dead_letter_at,
         (SELECT count(*) FROM outbox WHERE status IN ('pending', 'sending')) AS outbox_backlog,
         (SELECT min(created_at) FROM outbox WHERE status IN ('pending', 'sending')) AS outbox_oldest_at,
         (SELECT count(*) FROM outbox WHERE status = 'failed') AS outbox_failed,
         (SELECT count(*) FROM outbox WHERE status IN ('pending', 'sending') AND last_error IS NOT NULL) AS outbox_retrying,
         (SELECT last_error FROM outbox WHERE status IN ('pending', 'sending') AND last_error IS NOT NULL
            ORDER BY next_attempt_at DESC LIMIT 1) AS outbox_last_error,
         (SELECT count(*) FROM exchange_accounts WHERE status = 'active') AS accounts_active,
         (SELECT count(*) FROM exchange_accounts WHERE status = 'active' AND last_error IS NOT NULL) AS accounts_failing`,
  );
  const latencyRead = newsDb ? latencyBySource(newsDb, now) : Promise.resolve(null);
  // Not awaited when the batch fails: never an unhandled rejection.
  latencyRead.catch(() => undefined);
  const [[row, sourceRows, pollers, sessions, sessionPollers, failing], latency, live] = await Promise.all([
    batchReads(db, [
      counters,
      ...sourcesQueries(db),
      db.query.twitterPollingSessions.findMany({ orderBy: (s, { asc }) => [asc(s.name)] }),
      db.select().from(newsPollers).where(eq(newsPollers.kind, 'x-session')),
      db.query.exchangeAccounts.findMany({
        where: (a, { and, eq, isNotNull }) => and(eq(a.status, 'active'), isNotNull(a.lastError)),
        orderBy: (a, { desc }) => [desc(a.lastErrorAt)],
        limit: 5,
      }),
    ]),
    latencyRead,
    liveNow,
  ]);
  const sources = sourcesFrom(sourceRows, pollers, latency);
  const r = row!;
  const pollerOfSession = new Map(sessionPollers.map((p) => [p.targetId, p]));
  const status: SystemStatus = {
    now,
    cron: {
      lastRunAt: r.last_run_at,
      lastDurationMs: r.last_duration_ms,
      lastFailedJobs: r.last_failed_jobs ? (JSON.parse(r.last_failed_jobs) as string[]) : [],
      runsLastHour: r.runs_last_hour,
    },
    snapshotQueue: {
      pendingBatches: r.pending_batches,
      oldestPendingAt: r.oldest_pending_at,
      retryingBatches: r.retrying_batches,
      deadLetters24h: r.dead_letters,
      lastDeadLetterAt: r.last_dead_letter_at,
      queue: live.queue,
    },
    newsSources: sources
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        enabled: s.enabled,
        lastSuccessAt: s.health.lastSuccessAt,
        lastErrorAt: s.health.lastErrorAt,
        lastError: s.health.lastError,
        consecutiveFailures: s.health.consecutiveFailures,
        poller: s.poller ?? null,
        latency: s.latency ?? null,
      })),
    xPolling: sessions.map((s) => ({
      id: s.id,
      name: s.name,
      enabled: s.enabled,
      lastPolledAt: s.lastPolledAt,
      rateLimitedUntil: s.rateLimitedUntil,
      lastError: s.lastError,
      off: s.lastError === X_TOKEN_MISSING,
      poller: pollerOfSession.has(s.id) ? pollerDto(pollerOfSession.get(s.id)!) : null,
    })),
    exchangeAccounts: {
      active: r.accounts_active,
      failing: r.accounts_failing,
      recentFailures: failing.map((a) => ({ email: a.email, exchange: a.exchange, error: a.lastError ?? '', at: a.lastErrorAt })),
    },
    telegramOutbox: {
      backlog: r.outbox_backlog,
      oldestQueuedAt: r.outbox_oldest_at,
      failed: r.outbox_failed,
      retrying: r.outbox_retrying,
      lastError: r.outbox_last_error,
    },
    hubs: live.hubs,
    warnings: [],
  };
  status.warnings = warningsFor(status);
  return status;
}

const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min`;

/** What an admin should look at, from the figures alone (pure, so the thresholds are testable). */
export function warningsFor(s: SystemStatus): SystemStatus['warnings'] {
  const warnings: SystemStatus['warnings'] = [];
  const { now } = s;
  if (s.cron.lastRunAt === null)
    warnings.push({ code: 'CRON_STALLED', message: 'The minute cron has not run yet (or not in the last day).' });
  else if (now - s.cron.lastRunAt > CRON_STALL_MS)
    warnings.push({ code: 'CRON_STALLED', message: `The minute cron last ran ${minutes(now - s.cron.lastRunAt)} ago.` });
  const q = s.snapshotQueue;
  if (q.oldestPendingAt !== null && now - q.oldestPendingAt > SNAPSHOT_BACKLOG_MS)
    warnings.push({
      code: 'SNAPSHOT_BACKLOG',
      message: `${q.pendingBatches} snapshot batch${q.pendingBatches === 1 ? '' : 'es'} waiting, the oldest for ${minutes(now - q.oldestPendingAt)}.`,
    });
  // The queue's own count also sees what the D1 records cannot: messages stuck before their consumer ran.
  else if (q.queue?.oldestMessageAt != null && now - q.queue.oldestMessageAt > SNAPSHOT_BACKLOG_MS)
    warnings.push({
      code: 'SNAPSHOT_BACKLOG',
      message: `${q.queue.messages} message${q.queue.messages === 1 ? '' : 's'} on the snapshot queue, the oldest for ${minutes(now - q.queue.oldestMessageAt)}.`,
    });
  if (q.deadLetters24h > 0)
    warnings.push({
      code: 'DEAD_LETTERS',
      message: `${q.deadLetters24h} snapshot batch${q.deadLetters24h === 1 ? '' : 'es'} failed every retry in the last 24 h.`,
    });
  const o = s.telegramOutbox;
  if (o.oldestQueuedAt !== null && now - o.oldestQueuedAt > OUTBOX_BACKLOG_MS)
    warnings.push({
      code: 'OUTBOX_BACKLOG',
      message: `${o.backlog} Telegram message${o.backlog === 1 ? '' : 's'} queued, the oldest for ${minutes(now - o.oldestQueuedAt)}.`,
    });
  // Any failed send shows at once (the backlog warning only fires after minutes): it clears when
  // the retried messages have gone out.
  if (o.retrying > 0)
    warnings.push({
      code: 'TELEGRAM_SENDS_FAILING',
      message: `${o.retrying} Telegram message${o.retrying === 1 ? '' : 's'} waiting for a retry after a failed send${o.lastError ? `: ${o.lastError.replace(/[.\s]+$/, '')}` : ''}.`,
    });
  for (const source of s.newsSources)
    if (source.enabled && source.consecutiveFailures >= SOURCE_FAILURES_WARNING)
      warnings.push({
        code: 'NEWS_SOURCE_FAILING',
        message: `News source ${source.name} failed ${source.consecutiveFailures} times in a row${source.lastError ? `: ${source.lastError}` : ''}.`,
      });
  for (const session of s.xPolling)
    if (session.enabled && session.lastError && !session.off)
      warnings.push({ code: 'X_POLLING_FAILING', message: `X polling session ${session.name}: ${session.lastError}` });
  const a = s.exchangeAccounts;
  if (a.failing > 0) {
    const newest = a.recentFailures[0];
    warnings.push({
      code: 'EXCHANGE_ACCOUNTS_FAILING',
      message: `${a.failing} of ${a.active} exchange account${a.active === 1 ? '' : 's'} failed their last snapshot${
        newest ? ` (newest: ${newest.email}: ${newest.error})` : ''
      }.`,
    });
  }
  for (const hub of s.hubs)
    if (hub.subscribers === null) warnings.push({ code: 'HUB_UNREACHABLE', message: `The ${hub.name} hub did not answer.` });
  return warnings;
}
