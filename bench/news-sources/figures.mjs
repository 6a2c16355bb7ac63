// The figures of bench/news-sources.mjs: per source kind (polled / streamed) what was lost and
// duplicated and the delays from publication, the pollers' cost per source per day, and the
// section it writes into docs/PERFORMANCE.md.
import { latencySummary as summary } from '../lib.mjs';

const sorted = (list) => list.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);

/**
 * One source kind. `published`: { title, publishedAt, phase } with phase 'steady' or the outage it
 * fell in ('drop', 'restart'); `rows`: stored rows ({ title, copies, storedAt }; rows of one title merge); `paintedAt`:
 * title → the first paint on the terminal; `started`: the run's start (ms).
 */
export function kindFigures({ published, rows, paintedAt, started }) {
  const stored = new Map();
  for (const r of rows) {
    const seen = stored.get(r.title);
    stored.set(r.title, seen ? { ...r, copies: seen.copies + r.copies, storedAt: Math.min(seen.storedAt, r.storedAt) } : r);
  }
  const toStored = (list) => summary(sorted(list.map((p) => stored.get(p.title)?.storedAt - p.publishedAt)));
  const toPainted = (list) => summary(sorted(list.map((p) => paintedAt.get(p.title) - p.publishedAt)));
  const steady = published.filter((p) => p.phase === 'steady');
  const outage = (phase) => {
    const list = published.filter((p) => p.phase === phase);
    return { published: list.length, toStored: toStored(list), toPainted: toPainted(list) };
  };
  return {
    published: published.length,
    stored: stored.size,
    lost: published.filter((p) => !stored.has(p.title)).length,
    duplicated: [...stored.values()].filter((r) => r.copies > 1).length,
    notPainted: published.filter((p) => stored.has(p.title) && !paintedAt.has(p.title)).length,
    toStored: toStored(steady),
    toPainted: toPainted(steady),
    // Where the steady tail sits in the run (seconds from its start): clustered after an outage, or spread.
    slowest: steady
      .map((p) => ({
        atS: Math.round((p.publishedAt - started) / 100) / 10,
        ms: Math.round(paintedAt.get(p.title) - p.publishedAt),
      }))
      .filter((p) => Number.isFinite(p.ms))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3),
    drop: outage('drop'),
    restart: outage('restart'),
  };
}

/**
 * Workers Paid, Durable Objects (developers.cloudflare.com/durable-objects/platform/pricing):
 * requests (alarm invocations included) $0.15 per million after 1 million a month; duration $12.50
 * per million GB-s after 400,000 GB-s, at 128 MB per object, billed while it runs or cannot
 * hibernate (an object hibernates after 10 s idle, so an alarm every 1 s keeps it billed all day).
 * D1 rows written: $1.00 per million after 50 million a month. Outbound fetches are not billed.
 */
const PRICE = { doRequestPerM: 0.15, gbSecondPerM: 12.5, d1RowWrittenPerM: 1.0, objectGb: 128 / 1024 };

/** Cost per polled source per day, from what the pollers counted (news_pollers). */
export function pollerCost(poll = {}) {
  const span = Math.max(1, ((poll.until ?? 0) - (poll.since ?? 0)) / 1000);
  const perSourceDay = (count) => ((count ?? 0) / Math.max(1, poll.pollers ?? 1) / span) * 86_400;
  const alarms = perSourceDay(poll.polls);
  const requests = perSourceDay(poll.requests);
  const healthRowsPerDay = (86_400 / 15) * 2; // news_pollers + news_sources, every 15 s heartbeat (poller-health.ts)
  const cost = {
    alarmsPerDay: Math.round(alarms),
    feedRequestsPerDay: Math.round(requests),
    doRequests: (alarms / 1e6) * PRICE.doRequestPerM,
    duration: ((86_400 * PRICE.objectGb) / 1e6) * PRICE.gbSecondPerM,
    d1Writes: (healthRowsPerDay / 1e6) * PRICE.d1RowWrittenPerM,
  };
  cost.total = cost.doRequests + cost.duration + cost.d1Writes;
  return cost;
}

const usd = (x) => `$${x.toFixed(4)}`;
const ms = (x) => (x === null || x === undefined ? '—' : `${Math.round(x)} ms`);
const lostLine = (k) => `**${k.lost} lost, ${k.duplicated} duplicated** of ${k.published}`;

/** The docs/PERFORMANCE.md section, from the results the bench printed. */
export function performanceSection(r) {
  const { polled, streamed, cost } = r;
  const row = (name, k, target) =>
    `| ${name} | ${k.toPainted.count} | ${ms(k.toStored.p50)} / ${ms(k.toStored.p99)} | ${ms(k.toPainted.p50)} / ${ms(k.toPainted.p99)} (${ms(k.toPainted.max)}) | ${target} |`;
  const restart = r.restart
    ? `the Worker (and every Durable Object) restarted halfway, ${r.restart.downMs} ms down: ${polled.restart.published} headlines and ${streamed.restart.published} posts published in the 2 s before, meanwhile or within 5 s of its return, painted p99 ${ms(polled.restart.toPainted.p99)} (polled) / ${ms(streamed.restart.toPainted.p99)} (streamed)`
    : 'no restart';
  const drop = r.drop
    ? `the fake X dropped the stream's connection at a quarter of the run (back after ${ms(r.drop.reconnectedAfterMs)}; ${streamed.drop.published} posts published meanwhile came by the backfill, painted p99 ${ms(streamed.drop.toPainted.p99)})`
    : 'no forced disconnect';
  return `<!-- bench:news-sources -->
## News at the speed of the source (bench/news-sources.mjs)

${r.feeds} local Atom feeds polled every 1 s by their NewsPoller objects (${polled.published} headlines) and one X filtered stream held by the NewsStream object (${streamed.published} posts of ${r.handles} handles, mean gap ${r.streamGapMs} ms), published at random moments over ${r.seconds} s by local fakes; one /terminal open in Chromium. Steady-state figures leave out the outages, which follow the table.

| Kind | Items | publication → stored p50 / p99 | publication → painted p50 / p99 (max) | target (painted p99) |
|---|---|---|---|---|
${row('polled (Atom, 1 s)', polled, '≤ 1.5 s')}
${row('streamed (X filtered stream)', streamed, '≤ 300 ms')}

Outages: ${drop}; ${restart}. Polled: ${lostLine(polled)}; streamed: ${lostLine(streamed)}.

Cost per polled source per day at 1 s (Workers Paid list prices, before the included amounts): ${cost.alarmsPerDay.toLocaleString('en-US')} alarms and ${cost.feedRequestsPerDay.toLocaleString('en-US')} feed requests (measured rate) → requests ${usd(cost.doRequests)}, duration ${usd(cost.duration)} (an object woken every second never hibernates: 86,400 s × 128 MB), D1 health writes ${usd(cost.d1Writes)}; **${usd(cost.total)} a day, ${usd(cost.total * 30)} a month per source** (× ${r.feeds} sources: ${usd(cost.total * 30 * r.feeds)} a month). Duration dominates: a 1 s poller costs ~10× a 10 s one that can hibernate between reads.
<!-- /bench:news-sources -->`;
}
