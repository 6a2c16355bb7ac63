import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import type { ExchangeKind } from '../contract/enums';
import { notifyFiredAlerts } from '../domains/alerts/notify';
import { evaluateAlerts } from '../domains/alerts/run-alerts';
import { accountSnapshot } from '../exchanges/simulated/fill-store';
import { getProviderConfig, type Bindings } from '../env';
import { adapterFor } from '../wiring/exchanges';
import { computeMetrics, type AccountMetrics } from '../exchanges/metrics';
import type { Position } from '../exchanges/types';
import { logError } from '../lib/log';
import { alertNotifier } from '../wiring/hubs';
import { EventStreamFanout, KEEP_ALIVE_MS } from './event-stream-fanout';
import { ReplayLog } from './replay-log';
import { streamRevocations } from '../wiring/second-factor';

/** Updates kept for resuming viewers: 10 minutes at the 3 s poll. */
const ACCOUNT_REPLAY_LIMIT = 200;

export interface LiveEvent {
  type: 'snapshot' | 'error';
  ts: number;
  metrics?: AccountMetrics;
  positions?: Position[];
  message?: string;
}

/**
 * One per exchange account. Polls the exchange only while at least one viewer is subscribed and
 * fans each update out to all of them: 50 viewers of one account cost one poll per interval.
 * Each update is also checked against the account's alert rules. Updates are numbered and kept in
 * the object's storage, so a viewer that reconnects resumes from its last id.
 */
export class AccountLiveHub extends DurableObject<Bindings> {
  private readonly fanout = new EventStreamFanout<LiveEvent>(() => this.stop(), KEEP_ALIVE_MS, streamRevocations(this.env), {
    log: new ReplayLog(this.ctx.storage.sql, ACCOUNT_REPLAY_LIMIT),
  });
  private timer: ReturnType<typeof setInterval> | undefined;
  private last: LiveEvent | undefined;
  private account: { id: string; email: string; exchange: ExchangeKind } | undefined;
  pollCount = 0;

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.account = {
      id: url.searchParams.get('id') ?? '',
      email: url.searchParams.get('email') ?? '',
      exchange: (url.searchParams.get('exchange') ?? 'simulated') as ExchangeKind,
    };
    const response = this.fanout.subscribe(request, this.last);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), getProviderConfig(this.env).livePollMs);
      void this.poll();
    }
    return response;
  }

  get subscriberCount() {
    return this.fanout.size;
  }

  private async poll() {
    if (!this.account) return;
    if (this.fanout.size === 0) return this.stop();
    this.pollCount++;
    let event: LiveEvent;
    try {
      const snapshot = await accountSnapshot(
        createDb(this.env.DB),
        adapterFor(this.env, this.account.exchange),
        this.account.email,
      );
      event = { type: 'snapshot', ts: snapshot.takenAt, metrics: computeMetrics(snapshot), positions: snapshot.positions };
    } catch (err) {
      event = { type: 'error', ts: Date.now(), message: err instanceof Error ? err.message : 'Exchange unavailable' };
    }
    this.last = event;
    await this.fanout.broadcast(event);
    if (event.metrics && this.account.id) await this.checkAlerts(this.account.id, event.metrics, event.positions);
  }

  private async checkAlerts(accountId: string, metrics: AccountMetrics, positions: Position[] | undefined) {
    try {
      const fired = await evaluateAlerts(
        createDb(this.env.DB),
        [{ accountId, metrics, positions }],
        Date.now(),
        (kind, symbols) => adapterFor(this.env, kind).getFundingRates(symbols),
      );
      await notifyFiredAlerts(alertNotifier(this.env), fired);
    } catch (err) {
      logError('live alert evaluation failed', err);
    }
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
