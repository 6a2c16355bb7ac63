import { DurableObject } from 'cloudflare:workers';
import { createDb } from '../db/client';
import { getProviderConfig, type Bindings } from '../env';
import { logError } from '../lib/log';
import {
  errorText,
  failureBackoffMs,
  nextPollAt,
  stallAfterMs,
  type PollOutcome,
  type SourcePoller,
} from '../domains/news/pollers/poll-schedule';
import {
  HEALTH_HEARTBEAT_MS,
  healthChanged,
  initialHealth,
  recordRearm,
  writePollerHealth,
  type PollerHealth,
} from '../domains/news/pollers/poller-health';
import { pollerKey, type PollerTarget } from '../domains/news/pollers/targets';
import { sourcePollerFor, type PollerOverrides } from '../wiring/news-pollers';

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

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * One polled news source (or twitter polling session), named '<kind>:<id>': reads it on a Durable
 * Object alarm at its own interval, to the second, and keeps to a fixed grid (nextPollAt). The
 * source's settings are re-read every few seconds (or at once on `arm(…, true)` after an edit); a
 * removed or disabled source stops its own alarms. Health goes to D1 on every change and at most
 * every HEALTH_HEARTBEAT_MS otherwise. The minute cron is only the watchdog: `watchdog()` re-arms
 * a poller whose alarm is missing or overdue and reports it.
 */
export class NewsPoller extends DurableObject<Bindings> {
  private testOverrides: PollerOverrides = {};
  private poller: SourcePoller | undefined;
  private target: PollerTarget | null | undefined;
  private health: PollerHealth | undefined;
  private written: { health: PollerHealth; at: number } | null = null;
  /** The slot the pending alarm was set for (the grid's anchor). */
  private plannedAt: number | null = null;
  private armedRecorded = false;

  /** Set by tests: the fetch the source adapters use, the clock of receipt times, provider secrets. */
  get overrides(): PollerOverrides {
    return this.testOverrides;
  }
  set overrides(value: PollerOverrides) {
    this.testOverrides = value;
    this.poller = undefined;
  }

  private async loadTarget(): Promise<PollerTarget | null> {
    if (this.target === undefined) this.target = (await this.ctx.storage.get<PollerTarget>('target')) ?? null;
    return this.target;
  }

  private async remember(target: PollerTarget) {
    const current = await this.loadTarget();
    if (current && pollerKey(current) === pollerKey(target)) return;
    this.target = target;
    this.poller = undefined;
    await this.ctx.storage.put('target', target);
  }

  private pollerFor(target: PollerTarget): SourcePoller {
    return (this.poller ??= sourcePollerFor(this.env, target, this.testOverrides));
  }

  private async setAlarm(at: number) {
    this.plannedAt = at;
    // Worker tests run alarms themselves: the real one is set a day late so the clock never fires it.
    const manual = getProviderConfig(this.env).manualPollerAlarms;
    await this.ctx.storage.setAlarm(manual ? at + 86_400_000 : at);
  }

  /** Starts polling; `restart`: poll now with fresh settings (an edit), else keep a pending alarm. */
  async arm(target: PollerTarget, restart = false): Promise<{ nextAt: number }> {
    await this.remember(target);
    this.poller?.invalidate();
    await this.ctx.storage.delete('stopped');
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm !== null && !restart) return { nextAt: alarm };
    const now = Date.now();
    await this.setAlarm(now);
    return { nextAt: now };
  }

  /** After a settings change of a source that should not run: a running poller reads it now (and stops). */
  async refresh(): Promise<void> {
    this.poller?.invalidate();
    if ((await this.ctx.storage.getAlarm()) !== null) await this.setAlarm(Date.now());
  }

  /** The minute watchdog's visit: re-arms a poller that should run but has no (or an overdue) alarm. */
  async watchdog(target: PollerTarget, now = Date.now()): Promise<WatchdogReport> {
    await this.remember(target);
    const key = pollerKey(target);
    const alarm = await this.ctx.storage.getAlarm();
    const stopped = (await this.ctx.storage.get<boolean>('stopped')) === true;
    const armedBefore = (await this.ctx.storage.get<boolean>('armed')) === true;
    const intervalMs = this.health?.intervalMs ?? DEFAULT_INTERVAL_MS;
    const overdue = alarm !== null && now - alarm > stallAfterMs(intervalMs);
    const report: WatchdogReport = {
      key,
      stalled: false,
      started: false,
      state: this.health?.state ?? null,
      lastPollAt: this.health?.lastPollAt ?? null,
    };
    if (alarm !== null && !overdue) return report;
    // A poller that stopped on purpose (disabled, removed) and is wanted again just starts.
    if (overdue || (armedBefore && !stopped)) {
      report.stalled = true;
      await recordRearm(createDb(this.env.DB), key, target, now).catch((e: unknown) => logError('recording a re-arm failed', e));
    } else report.started = true;
    await this.ctx.storage.delete('stopped');
    this.poller?.invalidate();
    await this.setAlarm(now);
    return report;
  }

  /** The poller's health as it stands (tests, System status). */
  async status(): Promise<{
    target: PollerTarget | null;
    health: PollerHealth | null;
    alarm: number | null;
    plannedAt: number | null;
  }> {
    return {
      target: await this.loadTarget(),
      health: this.health ?? null,
      alarm: await this.ctx.storage.getAlarm(),
      plannedAt: this.plannedAt,
    };
  }

  async alarm(): Promise<void> {
    const target = await this.loadTarget();
    if (!target) return;
    const now = Date.now();
    const planned = this.plannedAt ?? now;
    this.plannedAt = null;
    const health = (this.health ??= initialHealth(now));
    if (!this.armedRecorded) {
      // Once per instance, not per poll: storage writes are billed.
      await this.ctx.storage.put('armed', true);
      this.armedRecorded = true;
    }
    let outcome: PollOutcome;
    try {
      outcome = await this.pollerFor(target).poll(now);
    } catch (err) {
      // Pollers report failures as outcomes; anything else (D1 down) still keeps the schedule.
      logError(`news poller ${pollerKey(target)} failed`, err);
      outcome = {
        intervalMs: health.intervalMs ?? DEFAULT_INTERVAL_MS,
        state: 'failing',
        ok: false,
        error: errorText(err),
        stored: 0,
        requests: 0,
      };
    }
    const finished = Date.now();
    health.polls++;
    health.requests += outcome.requests;
    health.intervalMs = outcome.intervalMs;
    if (outcome.requests > 0 || outcome.state === 'polling') health.lastPollAt = now;
    if (outcome.newestItemAt && (!health.lastItemAt || outcome.newestItemAt > health.lastItemAt))
      health.lastItemAt = outcome.newestItemAt;

    if (outcome.stop) {
      health.state = 'off';
      health.lastError = outcome.stop.reason;
      health.nextAt = null;
      health.rateLimitedUntil = null;
      await this.ctx.storage.put('stopped', true);
      await this.writeHealth(target, finished, true);
      return;
    }
    if (outcome.ok) {
      health.consecutiveFailures = 0;
      if (outcome.requests > 0) health.lastOkAt = now;
      health.lastError = outcome.error ?? null;
    } else {
      health.consecutiveFailures++;
      health.lastError = outcome.error ?? 'The read failed';
    }
    health.state = outcome.state;
    health.rateLimitedUntil = outcome.rateLimitedUntil ?? null;
    const notBefore =
      outcome.notBefore ?? (outcome.ok ? null : now + failureBackoffMs(health.consecutiveFailures, outcome.intervalMs));
    const next = nextPollAt(planned, outcome.intervalMs, finished, notBefore);
    health.nextAt = next;
    await this.setAlarm(next);
    await this.writeHealth(target, finished, outcome.stored > 0);
  }

  private async writeHealth(target: PollerTarget, now: number, force: boolean) {
    const health = this.health!;
    const due = !this.written || now - this.written.at >= HEALTH_HEARTBEAT_MS;
    if (!force && !due && !healthChanged(this.written?.health ?? null, health)) return;
    try {
      await writePollerHealth(createDb(this.env.DB), pollerKey(target), target, health, now);
      this.written = { health: { ...health }, at: now };
    } catch (err) {
      logError(`news poller ${pollerKey(target)}: health not recorded`, err);
    }
  }
}
