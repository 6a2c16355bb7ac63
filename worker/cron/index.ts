import type { Bindings } from '../env';
import { createDb } from '../db/client';
import { pruneHourlySnapshots, rollupMinuteSnapshots } from '../domains/accounts/rollup';
import { logError } from '../lib/log';
import { newsJobs } from './news-jobs';
import { pruneAuthRecords } from './prune-auth-records';
import { evaluateRiskLimits } from '../domains/risk/evaluate';
import { notifyRiskTeam } from '../domains/risk/notify';
import { enqueueSnapshotBatches } from '../domains/accounts/snapshot-plan';
import { pruneSystemRecords, recordCronRun } from '../domains/system/cron-runs';
import { storeDefaultStats } from '../domains/risk/stats';
import { importAllFills } from '../domains/fills/fill-source';
import { getProviderConfig } from '../env';
import { sendDuePushes } from '../wiring/web-push';
import { sweepStaleOrders } from '../domains/orders/order-sweep';
import { syncOpenOrders } from '../domains/orders/open-orders-sync';
import { reconcileClosers } from '../domains/orders/closers-on-assign';
import { defaultVenueFor, type OrderContext } from '../domains/orders/orders';
import { riskGates } from '../durable-objects/risk-gate';
import { ordersHub, riskNotifier } from '../wiring/hubs';
import type { Db } from '../db/client';

/** The order path's dependencies outside a request: each account's own venue, the gates, the traders' live views. */
const sweepContext = (env: Bindings, db: Db): OrderContext => ({
  db,
  gates: riskGates(env.RISK_GATE),
  venueFor: defaultVenueFor(db, getProviderConfig(env).trading),
  publish: ordersHub(env),
});

/** The minute cron: each job is independent, so one failing does not stop the others. */
export async function runScheduled(controller: ScheduledController, env: Bindings) {
  const db = createDb(env.DB);
  const now = controller.scheduledTime;
  const startedAt = Date.now();
  const jobs: Record<string, () => Promise<unknown>> = {
    // The cron only enqueues batches; the queue consumer (snapshot-queue.ts) reads the
    // exchange, stores the snapshots and runs the alerts on them.
    snapshots: () => enqueueSnapshotBatches(db, env.SNAPSHOT_QUEUE, now),
    // Risk limits are judged on the newest stored snapshots: that is the
    // previous tick's for accounts whose batch is still in the queue.
    riskLimits: async () => notifyRiskTeam(riskNotifier(env), await evaluateRiskLimits(db, now), now),
    rollup: () => rollupMinuteSnapshots(db, now),
    pruneHourly: () => pruneHourlySnapshots(db, now),
    pruneAuth: () => pruneAuthRecords(db),
    ...newsJobs(env, db, now),
    pruneSystem: () => pruneSystemRecords(db, now),
    // The default range's risk stats, computed once a minute so every reader gets them at once.
    riskStats: () => storeDefaultStats(db, now),
    // Fills, funding and fees of every active account, from each cursor on (fills-import.ts).
    fills: () => importAllFills(db, getProviderConfig(env).trading, now),
    // Web Push: what producers queued and could not deliver at once, retries whose time came.
    webPush: () => sendDuePushes(env, db, { prune: true }),
    // Orders whose outcome was never recorded (pending whose sender is gone, unknown): asked for at
    // the exchange by client id, never sent again (order-sweep.ts).
    staleOrders: () => sweepStaleOrders(sweepContext(env, db)),
    // Open orders asked for at the exchange with no trader reading them: fills recorded, an entry's
    // TP/SL attached, a triggered stop's take-profit canceled (open-orders-sync.ts).
    openOrders: () => syncOpenOrders(sweepContext(env, db)),
    // Take-profits and stop-losses a trader gate of their account lacks (placed before closers
    // existed, or an assignment that left one out): held there (closers-on-assign.ts).
    closers: () => reconcileClosers(db, riskGates(env.RISK_GATE)),
  };
  const names = Object.keys(jobs);
  const results = await Promise.allSettled(names.map((n) => jobs[n]!()));
  results.forEach((r, i) => {
    if (r.status === 'rejected') logError(`cron job ${names[i]} failed`, r.reason);
  });
  const failedJobs = names.filter((_, i) => results[i]!.status === 'rejected');
  await recordCronRun(db, { scheduledAt: now, startedAt, finishedAt: Date.now(), failedJobs }).catch((e: unknown) =>
    logError('recording the cron run failed', e),
  );
}
