import { DurableObject } from 'cloudflare:workers';
import type { ExchangeKind } from '../db/schema/accounts';
import type { Bindings } from '../env';
import { adapterFor } from '../exchanges/for-env';
import { computeMetrics, type AccountMetrics } from '../exchanges/metrics';
import type { Position } from '../exchanges/types';

export interface LiveEvent {
  type: 'snapshot' | 'error';
  ts: number;
  metrics?: AccountMetrics;
  positions?: Position[];
  message?: string;
}

const DEFAULT_POLL_MS = 3000;
const encoder = new TextEncoder();

/**
 * One per exchange account. Polls the exchange only while at least one viewer is subscribed and
 * fans each update out to all of them: 50 viewers of one account cost one poll per interval.
 * Subscribers receive newline-delimited JSON; the Worker turns it into an oRPC event iterator.
 */
export class AccountLiveHub extends DurableObject<Bindings> {
  private readonly subscribers = new Set<WritableStreamDefaultWriter<Uint8Array>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private last: LiveEvent | undefined;
  private account: { email: string; exchange: ExchangeKind } | undefined;
  pollCount = 0;

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.account = { email: url.searchParams.get('email') ?? '', exchange: (url.searchParams.get('exchange') ?? 'simulated') as ExchangeKind };
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    this.subscribers.add(writer);
    request.signal.addEventListener('abort', () => this.drop(writer));
    if (this.last) void this.send(writer, this.last);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), Number(this.env.LIVE_POLL_MS ?? DEFAULT_POLL_MS));
      void this.poll();
    }
    return new Response(readable, { headers: { 'content-type': 'application/x-ndjson' } });
  }

  get subscriberCount() {
    return this.subscribers.size;
  }

  private async poll() {
    if (!this.account) return;
    if (this.subscribers.size === 0) return this.stop();
    this.pollCount++;
    let event: LiveEvent;
    try {
      const snapshot = await adapterFor(this.env, this.account.exchange).getAccountSnapshot(this.account.email);
      event = { type: 'snapshot', ts: snapshot.takenAt, metrics: computeMetrics(snapshot), positions: snapshot.positions };
    } catch (err) {
      event = { type: 'error', ts: Date.now(), message: err instanceof Error ? err.message : 'Exchange unavailable' };
    }
    this.last = event;
    await Promise.all([...this.subscribers].map((w) => this.send(w, event)));
    if (this.subscribers.size === 0) this.stop();
  }

  private async send(writer: WritableStreamDefaultWriter<Uint8Array>, event: LiveEvent) {
    try {
      await writer.write(encoder.encode(`${JSON.stringify(event)}\n`));
    } catch {
      this.drop(writer);
    }
  }

  private drop(writer: WritableStreamDefaultWriter<Uint8Array>) {
    if (!this.subscribers.delete(writer)) return;
    writer.close().catch(() => {});
    if (this.subscribers.size === 0) this.stop();
  }

  private stop() {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
