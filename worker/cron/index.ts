import type { Bindings } from '../env';
import { createDb } from '../db/client';
import { rollupMinuteSnapshots } from '../domains/accounts/rollup';
import { snapshotAllAccounts } from '../domains/accounts/snapshot-job';
import { notifyFiredAlerts } from '../domains/alerts/notify';
import { evaluateAlerts } from '../domains/alerts/run-alerts';
import { adapterFor } from '../exchanges/for-env';
import { logError } from '../lib/log';
import { newsJobs } from './news-jobs';
import { pruneAuthRecords } from './prune-auth-records';
import { evaluateRiskLimits } from '../domains/risk/evaluate';
import { notifyRiskTeam } from '../domains/risk/notify';

/** The minute cron: each job is independent, so one failing does not stop the others. */
export async function runScheduled(controller: ScheduledController, env: Bindings) {
  const db = createDb(env.DB);
  const now = controller.scheduledTime;
  const jobs: Record<string, () => Promise<unknown>> = {
    snapshots: async () => {
      const run = await snapshotAllAccounts(db, (kind) => adapterFor(env, kind), now);
      await notifyFiredAlerts(env, await evaluateAlerts(db, run.records, now));
      // Risk limits are judged on the snapshots just written (issue 12).
      await notifyRiskTeam(env, await evaluateRiskLimits(db, now), now);
    },
    rollup: () => rollupMinuteSnapshots(db, now),
    pruneAuth: () => pruneAuthRecords(db),
    ...newsJobs(env, db, now),
  };
  const names = Object.keys(jobs);
  const results = await Promise.allSettled(names.map((n) => jobs[n]!()));
  results.forEach((r, i) => {
    if (r.status === 'rejected') logError(`cron job ${names[i]} failed`, r.reason);
  });
}
