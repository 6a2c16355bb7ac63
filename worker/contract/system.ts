import { oc } from '@orpc/contract';
import { z } from 'zod';
import { sourceLatencySchema, sourcePollerSchema } from './server-fns/news-sources';
import { unchecked } from './unchecked';

/** Warnings of the admins' "System status" section, worst first. */
export const SYSTEM_WARNING_CODES = [
  'CRON_STALLED',
  'SNAPSHOT_BACKLOG',
  'DEAD_LETTERS',
  'OUTBOX_BACKLOG',
  'TELEGRAM_SENDS_FAILING',
  'NEWS_SOURCE_FAILING',
  'X_POLLING_FAILING',
  'EXCHANGE_ACCOUNTS_FAILING',
  'HUB_UNREACHABLE',
] as const;
export type SystemWarningCode = (typeof SYSTEM_WARNING_CODES)[number];

/** The minute cron counts as stalled when its last run started longer ago than this. */
export const CRON_STALL_MS = 3 * 60_000;
/** A snapshot batch waiting longer than this means the queue is falling behind. */
export const SNAPSHOT_BACKLOG_MS = 2 * 60_000;
/** A Telegram message queued longer than this means the outbox is not draining. */
export const OUTBOX_BACKLOG_MS = 5 * 60_000;
/** A news source failing this many times in a row is reported. */
export const SOURCE_FAILURES_WARNING = 3;

const at = z.number().nullable();

/** The queue's own count (Queue.metrics()), as opposed to the D1 batch records. */
export const queueBacklogSchema = z.object({
  /** Messages not yet acknowledged: waiting, in delivery, or delayed for a retry. */
  messages: z.number(),
  bytes: z.number(),
  oldestMessageAt: at,
});
export type QueueBacklog = z.infer<typeof queueBacklogSchema>;

export const systemStatusSchema = z.object({
  /** Server time the figures were read at (ms). */
  now: z.number(),
  cron: z.object({
    lastRunAt: at,
    lastDurationMs: z.number().nullable(),
    lastFailedJobs: z.array(z.string()),
    /** Cron runs in the last hour, for a glance at regularity (expected 60). */
    runsLastHour: z.number(),
  }),
  snapshotQueue: z.object({
    /** Batches enqueued and not yet stored nor dead-lettered (from D1 records, last 24 h). */
    pendingBatches: z.number(),
    oldestPendingAt: at,
    /** Pending batches that have failed at least once (waiting for a retry). */
    retryingBatches: z.number(),
    deadLetters24h: z.number(),
    lastDeadLetterAt: at,
    /** The queue's own backlog; null when the runtime did not answer in time. */
    queue: queueBacklogSchema.nullable(),
  }),
  newsSources: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      kind: z.string(),
      enabled: z.boolean(),
      lastSuccessAt: at,
      lastErrorAt: at,
      lastError: z.string().nullable(),
      consecutiveFailures: z.number(),
      /**
       * What the sources page reads: its poller's report (connected / polling at N s / rate-limited
       * until / failing, the last item's time), null for sources without one (webhooks, manual).
       */
      poller: sourcePollerSchema.nullable(),
      /** Publication → stored over 24 h; null when no headline had a known publication time. */
      latency: sourceLatencySchema.nullable(),
    }),
  ),
  /** X polling sessions (the twitter sources' pollers) with their last error. */
  xPolling: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      enabled: z.boolean(),
      lastPolledAt: at,
      rateLimitedUntil: at,
      lastError: z.string().nullable(),
      /** X polling is off because the X_BEARER_TOKEN secret is not set: a setting, not a failure. */
      off: z.boolean(),
      /** The session's poller report (as the sources page shows it); null before its first. */
      poller: sourcePollerSchema.nullable(),
    }),
  ),
  /** Active exchange accounts whose last snapshot attempt failed (cleared by the next success). */
  exchangeAccounts: z.object({
    active: z.number(),
    failing: z.number(),
    /** The most recent failures, newest first (at most 5). */
    recentFailures: z.array(z.object({ email: z.string(), exchange: z.string(), error: z.string(), at: at })),
  }),
  telegramOutbox: z.object({
    backlog: z.number(),
    oldestQueuedAt: at,
    /** Messages that gave up for good (kept 30 days). */
    failed: z.number(),
    /** Queued messages whose last send failed (5xx, timeout, 429…) and that wait for their retry. */
    retrying: z.number(),
    /** The newest of their errors. */
    lastError: z.string().nullable(),
  }),
  /** Live subscribers of the shared hubs; null when the hub could not be asked. */
  hubs: z.array(z.object({ name: z.string(), subscribers: z.number().nullable() })),
  warnings: z.array(z.object({ code: z.enum(SYSTEM_WARNING_CODES), message: z.string() })),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const systemContract = {
  getSystemStatus: oc
    .route({
      method: 'GET',
      summary: 'Cron, snapshot queue, news sources, Telegram outbox and live hubs, with warnings (admin)',
    })
    .output(unchecked(systemStatusSchema)),
};
