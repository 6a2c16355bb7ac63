import type { Bindings } from '../env';
import { createDb } from '../db/client';
import { pruneAuthRecords } from './prune-auth-records';

/** The minute cron: each job is independent, so one failing does not stop the others. */
export async function runScheduled(_controller: ScheduledController, env: Bindings) {
  const db = createDb(env.DB);
  const jobs = [pruneAuthRecords(db)];
  const results = await Promise.allSettled(jobs);
  for (const r of results) if (r.status === 'rejected') console.error(JSON.stringify({ level: 'error', message: 'cron job failed', error: String(r.reason) }));
}
