import { oc, type } from '@orpc/contract';

/** Warnings of the admins' "System status" section, worst first. */
export const SYSTEM_WARNING_CODES = [
  'CRON_STALLED',
  'SNAPSHOT_BACKLOG',
  'DEAD_LETTERS',
  'OUTBOX_BACKLOG',
  'NEWS_SOURCE_FAILING',
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

export interface SystemStatus {
  /** Server time the figures were read at (ms). */
  now: number;
  cron: {
    lastRunAt: number | null;
    lastDurationMs: number | null;
    lastFailedJobs: string[];
    /** Cron runs in the last hour, for a glance at regularity (expected 60). */
    runsLastHour: number;
  };
  snapshotQueue: {
    /** Batches enqueued and not yet stored nor dead-lettered (from D1 records, last 24 h). */
    pendingBatches: number;
    oldestPendingAt: number | null;
    /** Pending batches that have failed at least once (waiting for a retry). */
    retryingBatches: number;
    deadLetters24h: number;
    lastDeadLetterAt: number | null;
  };
  newsSources: {
    id: string;
    name: string;
    kind: string;
    enabled: boolean;
    lastSuccessAt: number | null;
    lastErrorAt: number | null;
    lastError: string | null;
    consecutiveFailures: number;
  }[];
  telegramOutbox: { backlog: number; oldestQueuedAt: number | null; failed: number };
  /** Live subscribers of the shared hubs; null when the hub could not be asked. */
  hubs: { name: string; subscribers: number | null }[];
  warnings: { code: SystemWarningCode; message: string }[];
}

export const systemContract = {
  getSystemStatus: oc
    .route({
      method: 'GET',
      summary: 'Cron, snapshot queue, news sources, Telegram outbox and live hubs, with warnings (admin)',
    })
    .output(type<SystemStatus>()),
};
