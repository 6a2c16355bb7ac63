import type { Db } from '../../../db/client';
import { hashString, mulberry32 } from '../../../exchanges/simulated/prng';
import { ingestNews, type IngestDeps } from '../ingest/ingest';
import type { RawNewsItem } from '../types';
import { ONCHAIN_ACCOUNTS, REPORTERS, SIM_SOURCES, type SimSource } from './simulated-outlets';
import { COINS, TEMPLATES, type Story } from './simulated-stories';
import { pick, titleCase, weighted } from './simulated-words';

/**
 * A local stand-in for the real sources: crypto headlines in the style of X wire accounts, RSS
 * publishers and Telegram channels, from fictional outlets and authors (none is a real account or
 * site, and the items carry no link: there is no article to open). Every price a headline states
 * is the simulated market's own at that instant ("falls below $X" is a level just crossed), so the
 * headlines and the terminal's chips agree. Pure: the items of a minute are a function of that
 * minute only (same tick → same items, same external ids), so a repeated tick stores nothing new.
 * The Worker cron runs it only when LOCAL_NEWS_SIMULATOR is "1"; scripts/seed-news.mjs uses it
 * for the 30 days of demo history.
 */

const MINUTE = 60_000;

/** How a source words a story: wire accounts shout, publishers write title case, channels add emoji. */
function decorate(source: SimSource, story: Story, rng: () => number): string {
  const { title } = story;
  if (story.isTest) return title;
  if (source.kind === 'twitter') {
    if (story.urgent && rng() < 0.7) return `${pick(rng, ['BREAKING', 'JUST IN'])}: ${title}`;
    return title;
  }
  if (source.kind === 'telegram') return story.urgent ? `🚨 ${title}` : title;
  return titleCase(title);
}

/**
 * The headlines of the minute ending at `tickMs` (floored to the minute): 3–6 items with
 * timestamps spread over that minute, oldest first. Now and then a story is repeated by another
 * source a few seconds later (the dedupe drops it), as wire headlines are.
 */
export function generateSimulatedNews(tickMs: number): RawNewsItem[] {
  const minuteEnd = Math.floor(tickMs / MINUTE) * MINUTE;
  const rng = mulberry32(hashString(`meridian-news:${minuteEnd}`));
  const count = 3 + Math.floor(rng() * 4);
  const offsets = Array.from({ length: count }, () => Math.floor(rng() * MINUTE)).sort((a, b) => a - b);
  const items: RawNewsItem[] = [];
  let previous: { story: Story; source: SimSource } | null = null;
  for (let i = 0; i < count; i++) {
    const publishedAt = minuteEnd - MINUTE + offsets[i]!;
    let story: Story;
    let source: SimSource;
    if (previous && !previous.story.isTest && rng() < 0.12) {
      story = { ...previous.story, urgent: true };
      const others = SIM_SOURCES.filter((s) => s.kind !== previous!.source.kind && !ONCHAIN_ACCOUNTS.has(s.handle));
      source = pick(rng, others);
    } else {
      const coin = weighted(rng, COINS);
      story = weighted(rng, TEMPLATES).make({ rng, coin, ts: publishedAt });
      const kinds = story.kinds ?? ['twitter', 'twitter', 'rss', 'telegram'];
      const kind = pick(rng, kinds);
      source = pick(
        rng,
        SIM_SOURCES.filter(
          (s) => s.kind === kind && (kind !== 'twitter' || ONCHAIN_ACCOUNTS.has(s.handle) === Boolean(story.onchain)),
        ),
      );
    }
    const title = decorate(source, story, rng);
    const author = source.kind === 'rss' ? pick(rng, REPORTERS) : source.kind === 'twitter' ? `@${source.handle}` : source.name;
    items.push({
      source: { id: source.id, kind: source.kind, name: source.name },
      externalId: `${minuteEnd / MINUTE}-${i}`,
      publishedAt,
      receivedAt: Math.min(minuteEnd, publishedAt + 300 + Math.floor(rng() * 2_500)),
      author,
      title,
      ...(source.kind === 'rss' && story.summary && { body: story.summary }),
      ...(story.isTest && { isTest: true }),
    });
    previous = { story, source };
  }
  return items;
}

export interface SimulatorResult {
  generated: number;
  stored: number;
  duplicates: number;
  skipped: number;
}

/**
 * One cron tick of the simulator: ingests the minute's generated headlines through the normal
 * pipeline. A simulated source an admin disabled (news_sources, kind 'simulated') is skipped;
 * the others get last_success_at.
 */
export async function runNewsSimulator(deps: { db: Db; ingest: IngestDeps; now: number }): Promise<SimulatorResult> {
  const d1 = deps.db.$client;
  const { results: rows } = await d1
    .prepare(`SELECT id, enabled FROM news_sources WHERE kind = 'simulated'`)
    .all<{ id: string; enabled: number }>();
  const disabled = new Set(rows.filter((r) => !r.enabled).map((r) => r.id));
  const result: SimulatorResult = { generated: 0, stored: 0, duplicates: 0, skipped: 0 };
  const used = new Set<string>();
  for (const raw of generateSimulatedNews(deps.now)) {
    result.generated++;
    if (disabled.has(raw.source.id)) {
      result.skipped++;
      continue;
    }
    used.add(raw.source.id);
    const outcome = await ingestNews(deps.ingest, raw);
    if (outcome.status === 'stored') result.stored++;
    else result.duplicates++;
  }
  const ids = [...used];
  if (ids.length) {
    await d1
      .prepare(
        `UPDATE news_sources SET last_success_at = ?1, consecutive_failures = 0 WHERE kind = 'simulated' AND id IN (${ids.map((_, i) => `?${i + 2}`).join(', ')})`,
      )
      .bind(deps.now, ...ids)
      .run();
  }
  return result;
}
