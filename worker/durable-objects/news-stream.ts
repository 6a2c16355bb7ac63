import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { getProviderConfig, type Bindings } from '../env';
import { logError } from '../lib/log';
import { stallAfterMs } from '../domains/news/pollers/poll-schedule';
import {
  healthChanged,
  HEALTH_HEARTBEAT_MS,
  recordRearm,
  writePollerHealth,
  type PollerHealth,
} from '../domains/news/pollers/poller-health';
import { pollerKey, type PollerTarget } from '../domains/news/pollers/targets';
import { STREAM_HEARTBEAT_MS, type HeldStream } from '../domains/news/sources/held-stream';
import { heldStreamFor, type PollerOverrides } from '../wiring/news-pollers';
import type { WatchdogReport } from './news-poller';

/**
 * One pushed news source, named '<kind>:<id>': holds its connection (Binance's announcement
 * WebSocket, X's filtered stream) and runs a heartbeat alarm every STREAM_HEARTBEAT_MS that
 * reconnects a dropped connection, renews an old one and reloads the settings; a close wakes it at
 * once. The alarm also keeps the object, and so the connection, in memory. Health goes to D1 like
 * the pollers'; the minute watchdog re-arms a holder whose heartbeat stopped.
 */
export class NewsStream extends DurableObject<Bindings> {
  private testOverrides: PollerOverrides = {};
  private held: HeldStream | undefined;
  private target: PollerTarget | null | undefined;
  private written: { health: PollerHealth; at: number } | null = null;
  private plannedAt: number | null = null;
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

  private async loadTarget(): Promise<PollerTarget | null> {
    if (this.target === undefined) this.target = (await this.ctx.storage.get<PollerTarget>('target')) ?? null;
    return this.target;
  }

  private async remember(target: PollerTarget) {
    const current = await this.loadTarget();
    if (current && pollerKey(current) === pollerKey(target)) return;
    this.held?.close();
    this.held = undefined;
    this.target = target;
    await this.ctx.storage.put('target', target);
  }

  private heldFor(target: PollerTarget): HeldStream {
    return (this.held ??= heldStreamFor(this.env, target, this.testOverrides, {
      wake: (at) => {
        if (this.plannedAt === null || at < this.plannedAt) void this.setAlarm(at);
      },
      changed: () => void this.writeHealth(target, Date.now(), true),
    }));
  }

  private async setAlarm(at: number) {
    this.plannedAt = at;
    const manual = getProviderConfig(this.env).manualPollerAlarms;
    await this.ctx.storage.setAlarm(manual ? at + 86_400_000 : at);
  }

  async arm(target: PollerTarget, restart = false): Promise<{ nextAt: number }> {
    await this.remember(target);
    this.held?.invalidate();
    await this.ctx.storage.delete('stopped');
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm !== null && !restart) return { nextAt: alarm };
    const now = Date.now();
    await this.setAlarm(now);
    return { nextAt: now };
  }

  async refresh(): Promise<void> {
    this.held?.invalidate();
    if ((await this.ctx.storage.getAlarm()) !== null) await this.setAlarm(Date.now());
  }

  async watchdog(target: PollerTarget, now = Date.now()): Promise<WatchdogReport> {
    await this.remember(target);
    const key = pollerKey(target);
    const alarm = await this.ctx.storage.getAlarm();
    const stopped = (await this.ctx.storage.get<boolean>('stopped')) === true;
    const armedBefore = (await this.ctx.storage.get<boolean>('armed')) === true;
    const snap = this.held?.snapshot();
    const report: WatchdogReport = {
      key,
      stalled: false,
      started: false,
      state: snap?.state ?? null,
      lastPollAt: snap?.lastOkAt ?? null,
    };
    const overdue = alarm !== null && now - alarm > stallAfterMs(STREAM_HEARTBEAT_MS);
    if (alarm !== null && !overdue) return report;
    if (overdue || (armedBefore && !stopped)) {
      report.stalled = true;
      await recordRearm(createDb(this.env.DB), key, target, now).catch((e: unknown) => logError('recording a re-arm failed', e));
    } else report.started = true;
    await this.ctx.storage.delete('stopped');
    await this.setAlarm(now);
    return report;
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
    if (!this.held) return;
    const health = this.health();
    const due = !this.written || now - this.written.at >= HEALTH_HEARTBEAT_MS;
    if (!force && !due && !healthChanged(this.written?.health ?? null, health)) return;
    try {
      await writePollerHealth(createDb(this.env.DB), pollerKey(target), target, health, now);
      this.written = { health, at: now };
    } catch (err) {
      logError(`news stream ${pollerKey(target)}: health not recorded`, err);
    }
  }
}
