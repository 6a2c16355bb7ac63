import { logError } from '../lib/log';
import {
  errorText,
  failureBackoffMs,
  nextPollAt,
  type PollOutcome,
  type SourcePoller,
} from '../domains/news/pollers/poll-schedule';
import { initialHealth, type PollerHealth } from '../domains/news/pollers/poller-health';
import { pollerKey, type PollerTarget } from '../domains/news/pollers/targets';
import { sourcePollerFor, type PollerOverrides } from '../wiring/news-pollers';
import { AlarmSource } from './alarm-source';

export type { WatchdogReport } from './alarm-source';

const DEFAULT_INTERVAL_MS = 60_000;

/**
 * One polled news source (or twitter polling session), named '<kind>:<id>': reads it on a Durable
 * Object alarm at its own interval, to the second, and keeps to a fixed grid (nextPollAt). The
 * source's settings are re-read every few seconds (or at once on `arm(…, true)` after an edit); a
 * removed or disabled source stops its own alarms. Health goes to D1 on every change and at most
 * every HEALTH_HEARTBEAT_MS otherwise. The minute cron is only the watchdog: `watchdog()` re-arms
 * a poller whose alarm is missing or overdue and reports it.
 */
export class NewsPoller extends AlarmSource {
  protected readonly label = 'news poller';
  private testOverrides: PollerOverrides = {};
  private poller: SourcePoller | undefined;
  private health: PollerHealth | undefined;
  private armedRecorded = false;

  /** Set by tests: the fetch the source adapters use, the clock of receipt times, provider secrets. */
  get overrides(): PollerOverrides {
    return this.testOverrides;
  }
  set overrides(value: PollerOverrides) {
    this.testOverrides = value;
    this.poller = undefined;
  }

  protected forgetSource() {
    this.poller = undefined;
  }

  protected invalidate() {
    this.poller?.invalidate();
  }

  protected stallIntervalMs() {
    return this.health?.intervalMs ?? DEFAULT_INTERVAL_MS;
  }

  protected watchdogView() {
    return { state: this.health?.state ?? null, lastPollAt: this.health?.lastPollAt ?? null };
  }

  protected onRearm() {
    this.poller?.invalidate();
  }

  private pollerFor(target: PollerTarget): SourcePoller {
    return (this.poller ??= sourcePollerFor(this.env, target, this.testOverrides));
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
    await this.recordHealth(target, this.health!, now, force);
  }
}
