import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SystemStatus } from '@contract/system';
import { Badge } from '~/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { QueryError } from '~/components/ui/error-state';
import { Skeleton } from '~/components/ui/skeleton';
import { formatAge, formatAgo, formatDateTime } from '~/lib/format';
import { orpc } from '~/lib/rpc';
import { SourceHealthSection, XPollingSection } from './source-health';

/** How often the section re-reads the status while it is on screen. */
const REFRESH_MS = 30_000;

/** /admin "System status": the cron, the snapshot queue, news sources, Telegram, live hubs. */
export function SystemStatusSection() {
  const query = useQuery({ ...orpc.getSystemStatus.queryOptions(), refetchInterval: REFRESH_MS });
  return (
    <Card className="mt-6" data-testid="system-status" aria-labelledby="system-status-title">
      <CardHeader>
        <CardTitle id="system-status-title">System status</CardTitle>
        <CardDescription>
          Minute cron, snapshot queue, news sources and X pollers, exchange accounts, the outbox (Telegram and Web Push) and live
          streams.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="grid gap-2" data-testid="system-status-loading" aria-busy="true">
            <span className="sr-only">Loading the system status…</span>
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-24" />
          </div>
        ) : query.isError ? (
          <QueryError query={query} what="the system status" testId="system-status-error" />
        ) : (
          <SystemStatusView status={query.data} />
        )}
      </CardContent>
    </Card>
  );
}

function WarningIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="mt-0.5 size-4 shrink-0 text-warning"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 3 2 21h20L12 3Z" strokeLinejoin="round" />
      <path d="M12 10v5M12 18h.01" strokeLinecap="round" />
    </svg>
  );
}

const ago = (now: number, ts: number | null) => (ts === null ? '—' : formatAgo(now - ts));
const num = (n: number) => n.toLocaleString('en-US');

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="tabular text-right">{children}</dd>
    </div>
  );
}

export function SystemStatusView({ status }: { status: SystemStatus }) {
  const { now, cron, snapshotQueue: q, telegramOutbox: o } = status;
  return (
    <div className="grid gap-4 text-sm">
      {status.warnings.length === 0 ? (
        <p className="text-success" data-testid="system-status-ok">
          All clear: nothing needs attention.
        </p>
      ) : (
        <ul className="grid gap-1.5" aria-label="Warnings" data-testid="system-warnings">
          {status.warnings.map((w, i) => (
            <li
              key={`${w.code}-${i}`}
              className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2"
              data-code={w.code}
            >
              <WarningIcon />
              <span>
                <span className="sr-only">Warning: </span>
                {w.message}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-label="Minute cron">
          <h3 className="mb-1 font-medium">Minute cron</h3>
          <dl>
            <Figure label="Last run">
              <span title={cron.lastRunAt === null ? undefined : formatDateTime(cron.lastRunAt, { seconds: true })}>
                {ago(now, cron.lastRunAt)}
              </span>
            </Figure>
            <Figure label="Duration">{cron.lastDurationMs === null ? '—' : `${num(cron.lastDurationMs)} ms`}</Figure>
            <Figure label="Runs, last hour">{num(cron.runsLastHour)}</Figure>
            <Figure label="Failed jobs">{cron.lastFailedJobs.length ? cron.lastFailedJobs.join(', ') : 'none'}</Figure>
          </dl>
        </section>
        <section aria-label="Snapshot queue">
          <h3 className="mb-1 font-medium">Snapshot queue</h3>
          <dl>
            <Figure label="Waiting batches">{num(q.pendingBatches)}</Figure>
            <Figure label="Oldest waiting">{q.oldestPendingAt === null ? '—' : formatAge(now - q.oldestPendingAt)}</Figure>
            <Figure label="Retrying">{num(q.retryingBatches)}</Figure>
            <Figure label="Dead letters, 24 h">{num(q.deadLetters24h)}</Figure>
            <Figure label="Messages on the queue">
              <span data-testid="system-queue-messages">
                {q.queue === null
                  ? 'not reported'
                  : `${num(q.queue.messages)}${q.queue.oldestMessageAt === null ? '' : `, oldest ${formatAge(now - q.queue.oldestMessageAt)}`}`}
              </span>
            </Figure>
          </dl>
        </section>
        <section aria-label="Outbox">
          <h3 className="mb-1 font-medium">Outbox (Telegram and Web Push)</h3>
          <dl>
            <Figure label="Queued">{num(o.backlog)}</Figure>
            <Figure label="Oldest queued">{o.oldestQueuedAt === null ? '—' : formatAge(now - o.oldestQueuedAt)}</Figure>
            <Figure label="Retrying">
              <span className={o.retrying > 0 ? 'text-warning' : undefined} data-testid="system-outbox-retrying">
                {num(o.retrying)}
              </span>
            </Figure>
            <Figure label="Failed">{num(o.failed)}</Figure>
          </dl>
          {o.retrying > 0 && o.lastError ? (
            <p className="mt-1 text-muted-foreground" data-testid="system-outbox-error">
              Last error: {o.lastError}
            </p>
          ) : null}
        </section>
        <section aria-label="Live streams">
          <h3 className="mb-1 font-medium">Live subscribers</h3>
          <dl>
            {status.hubs.map((h) => (
              <Figure key={h.name} label={h.name}>
                {h.subscribers === null ? 'unreachable' : num(h.subscribers)}
              </Figure>
            ))}
          </dl>
        </section>
      </div>
      <SourceHealthSection now={now} sources={status.newsSources} />
      <XPollingSection now={now} sessions={status.xPolling} />
      <ExchangeAccountsStatus now={now} accounts={status.exchangeAccounts} />
    </div>
  );
}

function ExchangeAccountsStatus({ now, accounts: a }: { now: number; accounts: SystemStatus['exchangeAccounts'] }) {
  return (
    <section aria-label="Exchange accounts">
      <h3 className="mb-1 font-medium">Exchange accounts</h3>
      <p className={a.failing > 0 ? 'text-warning' : 'text-muted-foreground'} data-testid="system-accounts-failing">
        {a.failing === 0
          ? `All ${num(a.active)} active accounts stored their last snapshot.`
          : `${num(a.failing)} of ${num(a.active)} active accounts failed their last snapshot.`}
      </p>
      {a.recentFailures.length > 0 ? (
        <ul className="mt-1 grid gap-1">
          {a.recentFailures.map((f) => (
            <li key={f.email} className="flex flex-wrap gap-x-3 text-muted-foreground">
              <span className="font-medium text-foreground">{f.email}</span>
              <Badge>{f.exchange}</Badge>
              <span>{ago(now, f.at)}</span>
              <span>· {f.error}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
