import { z } from 'zod';
import { isTimeout, parseJson, readText } from '../http';
import { XClient } from './client';
import { mapXNetworkError, mapXPartialError, mapXResponseError, parseProblem, unreadableX } from './errors';
import type { StreamRule } from './filtered-stream';

const RULES_PATH = '/2/tweets/search/stream/rules';
const STREAM_PATH = '/2/tweets/search/stream';

const ruleSchema = z.object({ id: z.string(), value: z.string(), tag: z.string().optional() });
const rulesListSchema = z.object({ data: z.array(ruleSchema).optional(), errors: z.array(z.unknown()).optional() });
const problemSchema = z.object({ title: z.string().optional(), type: z.string().optional() }).loose();
const rulesUpdateSchema = z.object({
  data: z.array(ruleSchema).optional(),
  meta: z
    .object({
      summary: z
        .object({ created: z.number().optional(), deleted: z.number().optional(), invalid: z.number().optional() })
        .loose()
        .optional(),
    })
    .loose()
    .optional(),
  errors: z.array(problemSchema).optional(),
});

/** An open filtered stream: its body (newline-delimited JSON) and a way to hang up. */
export interface XStreamConnection {
  body: ReadableStream<Uint8Array>;
  close(): void;
}

/**
 * The filtered stream's endpoints (X API v2, app-only Bearer): listing and changing the app's
 * rules, and opening the one long-lived connection the app may hold. Errors are the client's
 * catalogue errors (a 429 TooManyConnections is TOO_MANY_REQUESTS).
 */
export class XStreamClient extends XClient {
  /** GET /2/tweets/search/stream/rules: every rule of the app (ours and anyone else's). */
  async listRules(): Promise<StreamRule[]> {
    const subject = 'the filtered stream rules';
    const { body } = await this.get(RULES_PATH, new URLSearchParams(), subject);
    const parsed = rulesListSchema.safeParse(body);
    if (!parsed.success) throw unreadableX(subject);
    if (!parsed.data.data && parsed.data.errors?.length) throw mapXPartialError(parseProblem(body), subject);
    return parsed.data.data ?? [];
  }

  /**
   * POST /2/tweets/search/stream/rules: deletes, then adds (two requests, each only when needed).
   * A rule X refuses (too long, invalid) is an error; one it already has (DuplicateRule) is not.
   */
  async updateRules(change: { delete: string[]; add: { value: string; tag: string }[] }): Promise<{ requests: number }> {
    const subject = 'the filtered stream rules';
    let requests = 0;
    const send = async (body: unknown) => {
      requests++;
      const answer = await this.get(RULES_PATH, new URLSearchParams(), subject, { body });
      const parsed = rulesUpdateSchema.safeParse(answer.body);
      if (!parsed.success) throw unreadableX(subject);
      const refused = (parsed.data.errors ?? []).filter((e) => e.title !== 'DuplicateRule');
      if (refused.length || (parsed.data.meta?.summary?.invalid ?? 0) > 0) {
        throw mapXPartialError(parseProblem({ errors: refused.length ? refused : parsed.data.errors }), subject);
      }
    };
    if (change.delete.length) await send({ delete: { ids: change.delete } });
    if (change.add.length) await send({ add: change.add });
    return { requests };
  }

  /**
   * GET /2/tweets/search/stream: opens the connection (the answer's headers within the timeout;
   * the body then stays open for as long as X keeps it). Posts come with created_at, entities and
   * the author's username.
   */
  async connect(): Promise<XStreamConnection> {
    const subject = 'the filtered stream';
    const params = new URLSearchParams({
      'tweet.fields': 'created_at,entities,referenced_tweets,author_id',
      expansions: 'author_id',
      'user.fields': 'username',
    });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException('connect timeout', 'TimeoutError')), this.timeoutMs);
    let res: Response;
    try {
      res = await this.fetchFn(`${this.baseUrl}${STREAM_PATH}?${params}`, {
        method: 'GET',
        headers: { Authorization: `Bearer ${this.config.bearerToken}` },
        signal: controller.signal,
      });
    } catch (err) {
      throw mapXNetworkError({ kind: isTimeout(err) || controller.signal.aborted ? 'timeout' : 'network' }, this.timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    if (!res.ok) {
      const read = await readText(res);
      const problem = parseProblem(read.ok ? parseJson(read.text) : undefined);
      throw mapXResponseError(res.status, problem, res.headers, this.now(), subject);
    }
    if (!res.body) throw unreadableX(subject);
    return { body: res.body, close: () => controller.abort() };
  }
}
