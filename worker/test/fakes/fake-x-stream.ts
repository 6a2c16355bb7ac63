import { escapeX, json, PROBLEM, queryMatcher, type FakeTweet, type FakeX } from './fake-x';

/**
 * X's filtered stream on top of a FakeX (same token, users and posts): the rules endpoints
 * (`GET`/`POST /2/tweets/search/stream/rules`, rule length capped like the plan's, DuplicateRule for
 * a value already present) and `GET /2/tweets/search/stream`, one chunked connection per app (a
 * second answers 429 TooManyConnections), delivering each post published on the FakeX to open
 * connections whose rules match, as one `\r\n`-terminated JSON line with its matching_rules. The
 * test sends keep-alives and cuts connections. Posts published while no connection is open are not
 * delivered later (as on X): only a backfill finds them.
 */
export class FakeXStream {
  readonly rules = new Map<string, { id: string; value: string; tag?: string }>();
  /** The longest rule the plan accepts (self-serve: 512). */
  maxRuleLength = 512;
  /** Connections opened since the start. */
  connectionsOpened = 0;
  /** Lines delivered (posts, not keep-alives). */
  delivered = 0;
  private nextRuleId = 1_000_000_000_000_000_000n;
  private readonly open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  private readonly encoder = new TextEncoder();

  constructor(readonly x: FakeX) {
    x.extraRoute = (request, url) => this.route(request, url);
    x.onPost = (tweet) => this.deliver(tweet);
  }

  get openConnections(): number {
    return this.open.size;
  }

  /** A bare `\r\n`, as X sends every 20 s. */
  keepAlive() {
    this.send('\r\n');
  }

  /** X ends every open connection (a deploy, an operational disconnect). */
  dropAll() {
    for (const controller of this.open) {
      try {
        controller.close();
      } catch {
        // already closed
      }
    }
    this.open.clear();
  }

  private send(text: string) {
    const bytes = this.encoder.encode(text);
    for (const controller of this.open) controller.enqueue(bytes);
  }

  private deliver(tweet: FakeTweet) {
    const matching = [...this.rules.values()].filter((rule) => queryMatcher(rule.value, this.x.users)(tweet));
    if (!matching.length || !this.open.size) return;
    const author = this.x.users.find((u) => u.id === tweet.author_id)!;
    const line = {
      data: {
        id: tweet.id,
        text: escapeX(tweet.text),
        created_at: tweet.created_at,
        author_id: tweet.author_id,
        edit_history_tweet_ids: [tweet.id],
        ...(tweet.entities && { entities: tweet.entities }),
        ...(tweet.referenced_tweets && { referenced_tweets: tweet.referenced_tweets }),
      },
      includes: { users: [{ id: author.id, name: author.name, username: author.username }] },
      matching_rules: matching.map((r) => ({ id: r.id, ...(r.tag !== undefined && { tag: r.tag }) })),
    };
    this.delivered++;
    this.send(`${JSON.stringify(line)}\r\n`);
  }

  private async route(request: Request, url: URL): Promise<Response | null> {
    if (url.pathname === '/2/tweets/search/stream/rules') {
      if (request.method === 'GET') return this.listRules();
      if (request.method === 'POST') return this.changeRules(await request.json());
      return null;
    }
    if (url.pathname === '/2/tweets/search/stream' && request.method === 'GET') return this.connect(request);
    return null;
  }

  private listRules(): Response {
    const data = [...this.rules.values()];
    const meta = { sent: new Date(this.x.now()).toISOString(), result_count: data.length };
    return json(data.length ? { data, meta } : { meta });
  }

  private changeRules(body: unknown): Response {
    const sent = new Date(this.x.now()).toISOString();
    const { add, delete: remove } = body as { add?: { value: string; tag?: string }[]; delete?: { ids: string[] } };
    if (remove) {
      let deleted = 0;
      for (const id of remove.ids) if (this.rules.delete(id)) deleted++;
      return json({ meta: { sent, summary: { deleted, not_deleted: remove.ids.length - deleted } } });
    }
    const tooLong = (add ?? []).find((r) => r.value.length > this.maxRuleLength);
    if (tooLong) {
      const detail = `Rule length exceeds the maximum of ${this.maxRuleLength} characters.`;
      return json({ errors: [{ message: detail }], title: 'Invalid Request', detail, type: `${PROBLEM}invalid-request` }, 400);
    }
    const data: { id: string; value: string; tag?: string }[] = [];
    const errors: unknown[] = [];
    for (const rule of add ?? []) {
      const existing = [...this.rules.values()].find((r) => r.value === rule.value);
      if (existing) {
        errors.push({ value: rule.value, id: existing.id, title: 'DuplicateRule', type: `${PROBLEM}duplicate-rules` });
        continue;
      }
      const created = { id: String(this.nextRuleId++), value: rule.value, ...(rule.tag !== undefined && { tag: rule.tag }) };
      this.rules.set(created.id, created);
      data.push(created);
    }
    const summary = { created: data.length, not_created: errors.length, valid: data.length, invalid: 0 };
    return json({ ...(data.length && { data }), meta: { sent, summary }, ...(errors.length && { errors }) });
  }

  private connect(request: Request): Response {
    if (this.open.size) {
      return json(
        {
          title: 'ConnectionException',
          detail: 'This stream is currently at the maximum allowed connection limit.',
          connection_issue: 'TooManyConnections',
          type: `${PROBLEM}streaming-connection`,
        },
        429,
      );
    }
    this.connectionsOpened++;
    let own: ReadableStreamDefaultController<Uint8Array> | null = null;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        own = controller;
        this.open.add(controller);
      },
      cancel: () => {
        if (own) this.open.delete(own);
      },
    });
    request.signal.addEventListener('abort', () => {
      if (!own || !this.open.delete(own)) return;
      try {
        own.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // already closed
      }
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }
}
