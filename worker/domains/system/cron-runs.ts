import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cronRuns, queueDeadLetters, snapshotBatches } from '../../db/schema/reliability';

const DAY = 86_400_000;

export interface CronRun {
  scheduledAt: number;
  startedAt: number;
  finishedAt: number;
  failedJobs: string[];
}

/** One row per minute cron invocation, for the status page's "last run" and stall warning. */
export async function recordCronRun(db: Db, run: CronRun) {
  await db.insert(cronRuns).values({ ...run, durationMs: run.finishedAt - run.startedAt });
}

/** Cron runs and batch records are kept a day, dead letters 30 days. */
export async function pruneSystemRecords(db: Db, now: number) {
  await db.batch([
    db.delete(cronRuns).where(lt(cronRuns.startedAt, now - DAY)),
    db.delete(snapshotBatches).where(lt(snapshotBatches.enqueuedAt, now - DAY)),
    db.delete(queueDeadLetters).where(lt(queueDeadLetters.recordedAt, now - 30 * DAY)),
  ]);
}
