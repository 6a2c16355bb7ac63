import { z } from 'zod';
import { chunkHandles, xSearchQuery } from '../../contract/news-pollers';
import { parseJson } from '../http';
import { toTweet, tweetSchema, type XTweet } from './client';

/**
 * The pure parts of the X filtered stream source (issue 29; the endpoints are XStreamClient's, the
 * connection is held by domains/news/sources/x-filtered-stream.ts): the rules that follow the
 * configured handles, the reading of the newline-delimited stream, and the reconnect delays X
 * documents (docs.x.com "Handling disconnections"; ../shared/PROVIDERS.md). A gap is backfilled by
 * recent search (XClient.searchRecent with the newest id seen as since_id).
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

const streamMessageSchema = z.object({
  data: tweetSchema,
  includes: z.object({ users: z.array(z.object({ id: z.string(), username: z.string() })).optional() }).optional(),
  matching_rules: z.array(z.object({ id: z.string(), tag: z.string().optional() })).optional(),
});

/**
 * Reads the stream's bytes: one JSON object per `\r\n`-terminated line, bare `\r\n` keep-alives in
 * between (every ~20 s). A line may arrive in pieces; unparsable lines and error objects (X sends
 * `{errors: […]}` before an operational disconnect) are counted, never thrown (one bad line must
 * not drop the connection).
 */
export class StreamLineReader {
  private buffer = '';
  private readonly decoder = new TextDecoder();
  lastDataAt: number | null = null;
  errors = 0;

  push(chunk: Uint8Array | string, now: number): XTweet[] {
    this.lastDataAt = now;
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const lines = this.buffer.split('\r\n');
    this.buffer = lines.pop() ?? '';
    const posts: XTweet[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      const parsed = streamMessageSchema.safeParse(parseJson(line));
      if (!parsed.success) {
        this.errors++;
        continue;
      }
      const { data, includes } = parsed.data;
      const usernames = new Map((includes?.users ?? []).map((u) => [u.id, u.username]));
      posts.push(toTweet(data, data.author_id ?? '', usernames));
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
