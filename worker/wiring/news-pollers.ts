import { createDb, type Db } from '../db/client';
import { getProviderConfig, type Bindings } from '../env';
import type { FetchFn } from '../providers/http';
import { XClient, type XConfig } from '../providers/twitter/client';
import { XStreamClient } from '../providers/twitter/stream-client';
import { markXStreamOff, xFilteredStream } from '../domains/news/sources/x-filtered-stream';
import { rssSourcePoller } from '../domains/news/sources/rss-poller';
import { markTwitterSessionsOff, twitterSessionPoller } from '../domains/news/sources/twitter-poller';
import { stoppedOutcome, type SourcePoller } from '../domains/news/pollers/poll-schedule';
import { isStreamed, listPollerTargets, pollerKey, type PollerTarget } from '../domains/news/pollers/targets';
import { newsIngestDeps } from './news-ingest';
import { BybitAnnouncements } from '../providers/announcements/bybit';
import { OkxAnnouncements } from '../providers/announcements/okx';
import type { AnnouncementReader } from '../providers/announcements/types';
import type { AnnouncementExchange } from '../contract/news-pollers';
import { exchangeAnnouncementPoller } from '../domains/news/sources/exchange-poller';
import { binanceAnnouncementStream } from '../domains/news/sources/binance-announcement-stream';
import type { HeldStream, StreamHost } from '../domains/news/sources/held-stream';
import { logError, logWarn } from '../lib/log';

/** What tests put in place of the network and the clock inside a poller object. */
export interface PollerOverrides {
  fetch?: FetchFn;
  clock?: () => number;
  /** Worker tests run without provider secrets: a token for the fake X. */
  xBearerToken?: string;
  /** …and keys for the fake Binance announcements socket. */
  binanceKeys?: { apiKey: string; apiSecret: string };
  /** The X filtered stream's silence limit (default 30 s), short in tests. */
  xStreamSilenceMs?: number;
}

/** The X client of the pollers and the stream, or null without a bearer token. */
function xClientFor<T>(env: Bindings, overrides: PollerOverrides, make: (config: XConfig) => T): T | null {
  const { baseUrl } = getProviderConfig(env).x;
  const bearerToken = overrides.xBearerToken ?? getProviderConfig(env).x.bearerToken;
  return bearerToken ? make({ baseUrl, bearerToken, fetch: overrides.fetch, now: overrides.clock }) : null;
}

/** The polled announcement endpoints (Binance pushes over a WebSocket instead). */
function announcementReaderFor(
  env: Bindings,
  exchange: AnnouncementExchange,
  overrides: PollerOverrides,
): AnnouncementReader | null {
  const config = getProviderConfig(env).announcements;
  const common = { fetch: overrides.fetch, now: overrides.clock };
  if (exchange === 'bybit') return new BybitAnnouncements({ ...common, baseUrl: config.bybitBaseUrl });
  if (exchange === 'okx') return new OkxAnnouncements({ ...common, baseUrl: config.okxBaseUrl });
  return null;
}

/** The held connection of a pushed target, built from the Worker's env. */
export function heldStreamFor(env: Bindings, target: PollerTarget, overrides: PollerOverrides, host: StreamHost): HeldStream {
  const db = createDb(env.DB);
  const ingest = newsIngestDeps(env, db, overrides.clock);
  const config = getProviderConfig(env).announcements;
  const keys =
    overrides.binanceKeys ??
    (config.binanceApiKey && config.binanceApiSecret
      ? { apiKey: config.binanceApiKey, apiSecret: config.binanceApiSecret }
      : null);
  switch (target.kind) {
    case 'exchange-stream':
      return binanceAnnouncementStream(
        {
          db,
          ingest,
          host,
          clock: overrides.clock,
          socket: keys ? { ...keys, url: config.binanceWsUrl, fetch: overrides.fetch } : null,
        },
        target.id,
      );
    case 'x-stream':
      return xFilteredStream(
        {
          db,
          ingest,
          host,
          clock: overrides.clock,
          silenceMs: overrides.xStreamSilenceMs,
          x: xClientFor(env, overrides, (config) => new XStreamClient(config)),
        },
        target.id,
      );
    default:
      return {
        snapshot: () => ({
          state: 'off',
          connectedSince: null,
          lastItemAt: null,
          lastOkAt: null,
          lastError: `No holder for ${target.kind} sources`,
          consecutiveFailures: 0,
          rateLimitedUntil: null,
          connections: 0,
          lastMessageAt: null,
        }),
        invalidate() {},
        close() {},
        tick: async (now) => ({ stop: { reason: `No holder for ${target.kind} sources` }, nextAt: now }),
      };
  }
}

/** The reader of one polled target, built from the Worker's env. */
export function sourcePollerFor(env: Bindings, target: PollerTarget, overrides: PollerOverrides = {}): SourcePoller {
  const db = createDb(env.DB);
  const ingest = newsIngestDeps(env, db, overrides.clock);
  const clock = overrides.clock;
  switch (target.kind) {
    case 'rss':
      return rssSourcePoller({ db, ingest, fetch: overrides.fetch, clock }, target.id);
    case 'x-session':
      return twitterSessionPoller(
        { db, ingest, x: xClientFor(env, overrides, (config) => new XClient(config)), clock },
        target.id,
      );
    case 'exchange':
      return exchangeAnnouncementPoller(
        { db, ingest, clock, readerFor: (exchange) => announcementReaderFor(env, exchange, overrides) },
        target.id,
      );
    default:
      return {
        invalidate() {},
        poll: async () => stoppedOutcome(`No poller reads ${target.kind} sources`, 60_000),
      };
  }
}

/** The Durable Object that reads a target: a poller on alarms, or a holder of a pushed connection. */
export function pollerStub(env: Bindings, target: PollerTarget) {
  const key = pollerKey(target);
  return isStreamed(target) ? env.NEWS_STREAM.getByName(key) : env.NEWS_POLLER.getByName(key);
}

/**
 * Starts the poller of one target. `restart`: read it now with its current settings (after an
 * edit: a new interval applies at once, a disabled source stops at once).
 */
export async function armNewsPoller(env: Bindings, target: PollerTarget, restart = false) {
  return pollerStub(env, target).arm(target, restart);
}

/**
 * After a settings change: the changed targets are read at once with their new settings (a disabled
 * one stops), and every other poller that should run is armed if it is not (it keeps its pace).
 */
export async function syncNewsPollers(env: Bindings, changed: PollerTarget[] = [], db: Db = createDb(env.DB)) {
  const xConfigured = Boolean(getProviderConfig(env).x.bearerToken);
  if (!xConfigured && changed.some((t) => t.kind === 'x-stream')) await markXStreamOff(db, Date.now());
  const targets = await listPollerTargets(db, { xConfigured });
  const wanted = new Set(targets.map(pollerKey));
  const restart = new Set(changed.map(pollerKey));
  await Promise.all([
    ...targets.map((t) => armNewsPoller(env, t, restart.has(pollerKey(t)))),
    // Disabled or removed: a running poller reads its settings now and stops; an idle one stays idle.
    ...changed.filter((t) => !wanted.has(pollerKey(t))).map((t) => pollerStub(env, t).refresh()),
  ]);
  return targets.length;
}

export interface WatchdogRun {
  checked: number;
  /** Pollers armed for the first time (a new source) or again after being disabled. */
  started: string[];
  /** Pollers that should have been running but had no (or an overdue) alarm: re-armed and reported. */
  stalled: string[];
  /** Pollers that did not answer the watchdog. */
  unreachable: string[];
}

/**
 * The minute cron's news job: the pollers do the reading on their own alarms; this visits each one
 * that should run and re-arms any whose alarm is missing or overdue (a failed deploy, an alarm that
 * gave up its retries, an eviction), reporting it in the log and in its health (rearmed_at). Without
 * the X token, polling sessions say that X is off instead.
 */
export async function watchNewsPollers(env: Bindings, db: Db, now: number): Promise<WatchdogRun> {
  const xConfigured = Boolean(getProviderConfig(env).x.bearerToken);
  if (!xConfigured) await Promise.all([markTwitterSessionsOff(db), markXStreamOff(db, now)]);
  const targets = await listPollerTargets(db, { xConfigured });
  const run: WatchdogRun = { checked: targets.length, started: [], stalled: [], unreachable: [] };
  await Promise.all(
    targets.map(async (target) => {
      try {
        const report = await pollerStub(env, target).watchdog(target, now);
        if (report.stalled) {
          run.stalled.push(report.key);
          logWarn(
            `news poller ${report.key} had stalled (last poll ${report.lastPollAt ? new Date(report.lastPollAt).toISOString() : 'never'}): re-armed`,
          );
        } else if (report.started) run.started.push(report.key);
      } catch (err) {
        run.unreachable.push(pollerKey(target));
        logError(`news poller ${pollerKey(target)} did not answer the watchdog`, err);
      }
    }),
  );
  return run;
}
