import type { Db } from '../../../db/client';

/**
 * What a news poller Durable Object reads (one object per target, named by pollerKey):
 * - rss: an RSS/Atom source, polled;
 * - exchange: an exchange's announcements, polled (Bybit, OKX);
 * - exchange-stream: an exchange's announcements pushed over a WebSocket it holds (Binance);
 * - x-session: a twitter polling session, polled by recent search;
 * - x-stream: X's filtered stream for the enabled handles, held open.
 */
export const POLLED_KINDS = ['rss', 'exchange', 'x-session'] as const;
export const STREAMED_KINDS = ['exchange-stream', 'x-stream'] as const;
export type PollerKind = (typeof POLLED_KINDS)[number] | (typeof STREAMED_KINDS)[number];

export interface PollerTarget {
  kind: PollerKind;
  /** news_sources.id, or twitter_polling_sessions.id for x-session */
  id: string;
}

export const pollerKey = (target: PollerTarget) => `${target.kind}:${target.id}`;

export function parsePollerKey(key: string): PollerTarget | null {
  const at = key.indexOf(':');
  if (at < 0) return null;
  const kind = key.slice(0, at) as PollerKind;
  if (![...POLLED_KINDS, ...STREAMED_KINDS].includes(kind)) return null;
  return { kind, id: key.slice(at + 1) };
}

export const isStreamed = (target: PollerTarget) => (STREAMED_KINDS as readonly string[]).includes(target.kind);

/** The kind of poller a news source needs, or null for sources nothing polls (Telegram, manual…). */
export function targetForSource(source: { id: string; kind: string; config: Record<string, unknown> }): PollerTarget | null {
  if (source.kind === 'rss' || source.kind === 'atom') return { kind: 'rss', id: source.id };
  if (source.kind === 'exchange') {
    return { kind: source.config.exchange === 'binance' ? 'exchange-stream' : 'exchange', id: source.id };
  }
  if (source.kind === 'twitter' && source.config.stream === true) return { kind: 'x-stream', id: source.id };
  return null;
}

/**
 * Every poller that should be running: enabled sources that are read (RSS/Atom, exchanges, the X
 * filtered stream) and enabled twitter polling sessions (only while X is configured).
 */
export async function listPollerTargets(db: Db, options: { xConfigured: boolean }): Promise<PollerTarget[]> {
  const [sources, sessions] = await Promise.all([
    db.query.newsSources.findMany({ where: (s, { eq }) => eq(s.enabled, true) }),
    options.xConfigured ? db.query.twitterPollingSessions.findMany({ where: (s, { eq }) => eq(s.enabled, true) }) : [],
  ]);
  const targets: PollerTarget[] = [];
  for (const source of sources) {
    const target = targetForSource(source);
    if (target && (target.kind !== 'x-stream' || options.xConfigured)) targets.push(target);
  }
  for (const session of sessions) targets.push({ kind: 'x-session', id: session.id });
  return targets;
}
