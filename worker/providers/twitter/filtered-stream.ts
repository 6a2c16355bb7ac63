import { chunkHandles, xSearchQuery } from '../../contract/news-pollers';

/**
 * The pure parts of the X filtered stream source (issue 29, provider side only; the Durable Object
 * that holds the connection is not built yet): the rules that follow the configured handles, the
 * reading of the newline-delimited stream, and the reconnect delays X documents
 * (docs.x.com "Handling disconnections"; ../shared/PROVIDERS.md).
 */

/** A rule as `GET /2/tweets/search/stream/rules` lists it. */
export interface StreamRule {
  id: string;
  value: string;
  tag?: string;
}

/** Our rules carry this tag prefix, so rules someone else added to the app are never deleted. */
export const RULE_TAG = 'meridian-handles';

/** A rule's value is capped by the plan (512 characters on self-serve plans, 1,024 on Pro). */
export const STREAM_RULE_MAX = 512;

/** One rule per group of handles: `from:a OR from:b …` (no retweets or replies, as the polled search). */
export function ruleValuesFor(handles: readonly string[], maxLength = STREAM_RULE_MAX): string[] {
  const unique = [...new Set(handles.map((h) => h.replace(/^@/, '').toLowerCase()))].sort();
  return chunkHandles(unique, maxLength).map(xSearchQuery);
}

/**
 * What to send to `POST /2/tweets/search/stream/rules` so the app's rules match the handles: our
 * rules whose value is no longer wanted are deleted, wanted values not yet present are added.
 * Unchanged rules stay (re-adding one would drop posts while it is replaced).
 */
export function planRuleSync(current: readonly StreamRule[], wanted: readonly string[]) {
  const ours = current.filter((r) => r.tag?.startsWith(RULE_TAG));
  const present = new Set(ours.map((r) => r.value));
  const wantedSet = new Set(wanted);
  return {
    delete: ours.filter((r) => !wantedSet.has(r.value)).map((r) => r.id),
    add: wanted.filter((v) => !present.has(v)).map((value, i) => ({ value, tag: `${RULE_TAG}:${i}` })),
  };
}

/** A post as the stream delivers it (`tweet.fields=created_at,author_id&expansions=author_id`). */
export interface StreamedPost {
  id: string;
  text: string;
  created_at?: string;
  author_id?: string;
  username?: string;
}

/**
 * Reads the stream's bytes: one JSON object per `\r\n`-terminated line, bare `\r\n` keep-alives in
 * between (every ~20 s). A line may arrive in pieces; unparsable lines and error objects are counted,
 * never thrown (one bad line must not drop the connection).
 */
export class StreamLineReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  lastDataAt: number | null = null;
  errors = 0;

  push(chunk: Uint8Array | string, now: number): StreamedPost[] {
    this.lastDataAt = now;
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const lines = this.buffer.split('\r\n');
    this.buffer = lines.pop() ?? '';
    const posts: StreamedPost[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        const message = JSON.parse(line) as {
          data?: { id?: string; text?: string; created_at?: string; author_id?: string };
          includes?: { users?: { id: string; username: string }[] };
        };
        const data = message.data;
        if (!data?.id || typeof data.text !== 'string') {
          this.errors++;
          continue;
        }
        const author = message.includes?.users?.find((u) => u.id === data.author_id);
        posts.push({
          id: data.id,
          text: data.text,
          created_at: data.created_at,
          author_id: data.author_id,
          username: author?.username,
        });
      } catch {
        this.errors++;
      }
    }
    return posts;
  }
}

/**
 * X sends a keep-alive every 20 s; nothing at all for this long means the connection is gone
 * (the docs: reconnect when no data arrives for the heartbeat's interval; 10 s of margin here).
 */
export const STREAM_SILENCE_MS = 30_000;

export type DisconnectCause = 'network' | 'http' | 'rate-limited';

/**
 * How long to wait before reconnect attempt `attempt` (1 = the first after a failed one; a clean
 * drop of an established connection reconnects at once). Network errors: linear from 250 ms, up to
 * 16 s. HTTP errors: exponential from 5 s, up to 320 s. 429: exponential from 1 min.
 */
export function reconnectDelayMs(cause: DisconnectCause, attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  if (cause === 'network') return Math.min(250 * n, 16_000);
  if (cause === 'http') return Math.min(5_000 * 2 ** (n - 1), 320_000);
  return 60_000 * 2 ** Math.min(n - 1, 10);
}

/**
 * The recent search that fills a gap: posts of the same handles newer than the newest one seen
 * (`since_id`), so nothing published while disconnected is lost; the pipeline's (source, external id)
 * key keeps a post that both paths deliver from being stored twice.
 */
export function backfillQuery(ruleValue: string, newestSeenId: string | null): URLSearchParams {
  const params = new URLSearchParams({
    query: ruleValue,
    max_results: '100',
    'tweet.fields': 'created_at,author_id',
    expansions: 'author_id',
  });
  if (newestSeenId) params.set('since_id', newestSeenId);
  return params;
}
