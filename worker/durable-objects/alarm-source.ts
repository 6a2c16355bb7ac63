import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { getProviderConfig, type Bindings } from '../env';
import { logError } from '../lib/log';
import { stallAfterMs } from '../domains/news/pollers/poll-schedule';
import {
  HEALTH_HEARTBEAT_MS,
  healthChanged,
  recordRearm,
  writePollerHealth,
  type PollerHealth,
} from '../domains/news/pollers/poller-health';
import { pollerKey, type PollerTarget } from '../domains/news/pollers/targets';

/** What the watchdog learns from one poller. */
export interface WatchdogReport {
  key: string;
  /** The alarm was missing or overdue although the poller should run: it was re-armed now. */
  stalled: boolean;
  /** It had never been armed, or had stopped on purpose (disabled) and is enabled again. */
  started: boolean;
  state: PollerHealth['state'] | null;
  lastPollAt: number | null;
}

/**
 * A news source driven by its Durable Object alarm (NewsPoller, NewsStream): the target it serves
 * (kept in storage), arming and re-arming the alarm, the minute watchdog's visit and the health
 * rows. Storage keys: 'target', 'stopped' (stopped on purpose), 'armed' (has run an alarm).
 */
export abstract class AlarmSource extends DurableObject<Bindings> {
  private target: PollerTarget | null | undefined;
  private written: { health: PollerHealth; at: number } | null = null;
  /** The slot the pending alarm was set for (the grid's anchor). */
  protected plannedAt: number | null = null;

  /** Names the object in logs ('news poller'). */
  protected abstract readonly label: string;
  /** Drops what was built for the previous target. */
  protected abstract forgetSource(): void;
  /** Makes the source re-read its settings on its next use. */
  protected abstract invalidate(): void;
  /** The interval an alarm is judged overdue by. */
  protected abstract stallIntervalMs(): number;
  /** The source's state as the watchdog reports it. */
  protected abstract watchdogView(): Pick<WatchdogReport, 'state' | 'lastPollAt'>;
  /** Runs when the watchdog re-arms the alarm, before it is set. */
  protected onRearm(): void {}

  protected async loadTarget(): Promise<PollerTarget | null> {
    if (this.target === undefined) this.target = (await this.ctx.storage.get<PollerTarget>('target')) ?? null;
    return this.target;
  }

  private async remember(target: PollerTarget) {
    const current = await this.loadTarget();
    if (current && pollerKey(current) === pollerKey(target)) return;
    this.forgetSource();
    this.target = target;
    await this.ctx.storage.put('target', target);
  }

  protected async setAlarm(at: number) {
    this.plannedAt = at;
    // Worker tests run alarms themselves: the real one is set a day late so the clock never fires it.
    const manual = getProviderConfig(this.env).manualPollerAlarms;
    await this.ctx.storage.setAlarm(manual ? at + 86_400_000 : at);
  }

  /** Starts the source; `restart`: run now with fresh settings (an edit), else keep a pending alarm. */
  async arm(target: PollerTarget, restart = false): Promise<{ nextAt: number }> {
    await this.remember(target);
    this.invalidate();
    await this.ctx.storage.delete('stopped');
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm !== null && !restart) return { nextAt: alarm };
    const now = Date.now();
    await this.setAlarm(now);
    return { nextAt: now };
  }

  /** After a settings change of a source that should not run: a running source reads it now (and stops). */
  async refresh(): Promise<void> {
    this.invalidate();
    if ((await this.ctx.storage.getAlarm()) !== null) await this.setAlarm(Date.now());
  }

  /** The minute watchdog's visit: re-arms a source that should run but has no (or an overdue) alarm. */
  async watchdog(target: PollerTarget, now = Date.now()): Promise<WatchdogReport> {
    await this.remember(target);
    const key = pollerKey(target);
    const alarm = await this.ctx.storage.getAlarm();
    const stopped = (await this.ctx.storage.get<boolean>('stopped')) === true;
    const armedBefore = (await this.ctx.storage.get<boolean>('armed')) === true;
    const overdue = alarm !== null && now - alarm > stallAfterMs(this.stallIntervalMs());
    const report: WatchdogReport = { key, stalled: false, started: false, ...this.watchdogView() };
    if (alarm !== null && !overdue) return report;
    // A source that stopped on purpose (disabled, removed) and is wanted again just starts.
    if (overdue || (armedBefore && !stopped)) {
      report.stalled = true;
      await recordRearm(createDb(this.env.DB), key, target, now).catch((e: unknown) => logError('recording a re-arm failed', e));
    } else report.started = true;
    await this.ctx.storage.delete('stopped');
    this.onRearm();
    await this.setAlarm(now);
    return report;
  }

  /** Writes the health row on a change, when `force`d, and at most every HEALTH_HEARTBEAT_MS otherwise. */
  protected async recordHealth(target: PollerTarget, health: PollerHealth, now: number, force: boolean) {
    const due = !this.written || now - this.written.at >= HEALTH_HEARTBEAT_MS;
    if (!force && !due && !healthChanged(this.written?.health ?? null, health)) return;
    try {
      await writePollerHealth(createDb(this.env.DB), pollerKey(target), target, health, now);
      this.written = { health: { ...health }, at: now };
    } catch (err) {
      logError(`${this.label} ${pollerKey(target)}: health not recorded`, err);
    }
  }
}
