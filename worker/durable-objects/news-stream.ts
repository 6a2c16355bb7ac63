import { logError } from '../lib/log';
import type { PollerHealth } from '../domains/news/pollers/poller-health';
import { pollerKey, type PollerTarget } from '../domains/news/pollers/targets';
import { STREAM_HEARTBEAT_MS, type HeldStream } from '../domains/news/sources/held-stream';
import { heldStreamFor, type PollerOverrides } from '../wiring/news-pollers';
import { AlarmSource } from './alarm-source';

/**
 * One pushed news source, named '<kind>:<id>': holds its connection (Binance's announcement
 * WebSocket, X's filtered stream) and runs a heartbeat alarm every STREAM_HEARTBEAT_MS that
 * reconnects a dropped connection, renews an old one and reloads the settings; a close wakes it at
 * once. The alarm also keeps the object, and so the connection, in memory. Health goes to D1 like
 * the pollers'; the minute watchdog re-arms a holder whose heartbeat stopped.
 */
export class NewsStream extends AlarmSource {
  protected readonly label = 'news stream';
  private testOverrides: PollerOverrides = {};
  private held: HeldStream | undefined;
  private countedSince = Date.now();
  private ticks = 0;

  /** Set by tests: the fetch the adapters use, the clock, provider secrets (the connection is rebuilt). */
  get overrides(): PollerOverrides {
    return this.testOverrides;
  }
  set overrides(value: PollerOverrides) {
    this.testOverrides = value;
    this.held?.close();
    this.held = undefined;
  }

  protected forgetSource() {
    this.held?.close();
    this.held = undefined;
  }

  private heldFor(target: PollerTarget): HeldStream {
    return (this.held ??= heldStreamFor(this.env, target, this.testOverrides, {
      wake: (at) => {
        if (this.plannedAt === null || at < this.plannedAt) void this.setAlarm(at);
      },
      changed: () => void this.writeHealth(target, Date.now(), true),
      store: {
        get: (key) => this.ctx.storage.get(`held:${key}`),
        put: (key, value) => this.ctx.storage.put(`held:${key}`, value),
      },
    }));
  }

  protected invalidate() {
    this.held?.invalidate();
  }

  protected stallIntervalMs() {
    return STREAM_HEARTBEAT_MS;
  }

  protected watchdogView() {
    const snap = this.held?.snapshot();
    return { state: snap?.state ?? null, lastPollAt: snap?.lastOkAt ?? null };
  }

  async status() {
    return {
      target: await this.loadTarget(),
      snapshot: this.held?.snapshot() ?? null,
      alarm: await this.ctx.storage.getAlarm(),
      plannedAt: this.plannedAt,
    };
  }

  async alarm(): Promise<void> {
    const target = await this.loadTarget();
    if (!target) return;
    this.plannedAt = null;
    if (this.ticks++ === 0) await this.ctx.storage.put('armed', true);
    const now = Date.now();
    const held = this.heldFor(target);
    let nextAt = now + STREAM_HEARTBEAT_MS;
    try {
      const tick = await held.tick(now);
      if (tick.stop) {
        held.close();
        await this.ctx.storage.put('stopped', true);
        await this.writeHealth(target, Date.now(), true);
        return;
      }
      nextAt = tick.nextAt;
    } catch (err) {
      logError(`news stream ${pollerKey(target)} failed its heartbeat`, err);
    }
    // A close may already have asked for an earlier tick.
    if (this.plannedAt === null || nextAt < this.plannedAt) await this.setAlarm(nextAt);
    await this.writeHealth(target, Date.now(), false);
  }

  private health(): PollerHealth {
    const snap = this.held!.snapshot();
    return {
      state: snap.state,
      intervalMs: null,
      nextAt: this.plannedAt,
      lastPollAt: snap.lastMessageAt ?? snap.connectedSince,
      lastOkAt: snap.lastOkAt,
      lastItemAt: snap.lastItemAt,
      rateLimitedUntil: snap.rateLimitedUntil,
      lastError: snap.lastError,
      consecutiveFailures: snap.consecutiveFailures,
      connectedSince: snap.connectedSince,
      polls: this.ticks,
      requests: snap.connections,
      countedSince: this.countedSince,
    };
  }

  private async writeHealth(target: PollerTarget, now: number, force: boolean) {
    if (this.held) await this.recordHealth(target, this.health(), now, force);
  }
}
