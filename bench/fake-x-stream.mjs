// A local X for bench/x-stream.mjs and bench/news-sources.mjs: the filtered stream's rules endpoints, its chunked connection
// (`GET /2/tweets/search/stream`, one per app, a `\r\n` keep-alive every 20 s) and the recent search
// the stream's backfill reads, with the shapes of worker/test/fakes/fake-x-stream.ts. `publish`
// writes a post to the open connection at once and returns its publication time (ms) and whether it
// went out on an open connection (`streamed`: false while none is open, it can only come by backfill).
import { createServer } from 'node:http';

export function startFakeXStream({ port, token, handles }) {
  const users = handles.map((username, i) => ({ id: String(1000 + i), username, name: username }));
  const rules = new Map();
  const posts = [];
  const open = new Set();
  let nextId = 1_900_000_000_000_000_000n;
  let nextRule = 1n;
  let connections = 0;
  /** Date.now() of every stream connection opened. */
  const connectedAt = [];
  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const fromOf = (query) => new Set([...query.matchAll(/from:([A-Za-z0-9_]{1,15})/g)].map((m) => m[1].toLowerCase()));
  const toData = (p) => ({ id: p.id, text: p.text, created_at: p.created_at, author_id: p.author_id });
  const includes = (list) => ({ users: users.filter((u) => list.some((p) => p.author_id === u.id)) });

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { title: 'Unauthorized', status: 401 });
    if (url.pathname === '/2/tweets/search/stream/rules' && req.method === 'GET') {
      const data = [...rules.values()];
      return json(res, 200, {
        ...(data.length && { data }),
        meta: { sent: new Date().toISOString(), result_count: data.length },
      });
    }
    if (url.pathname === '/2/tweets/search/stream/rules' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const change = JSON.parse(body);
        for (const id of change.delete?.ids ?? []) rules.delete(id);
        const data = (change.add ?? []).map((r) => ({ id: String(nextRule++), ...r }));
        for (const r of data) rules.set(r.id, r);
        json(res, 200, {
          ...(data.length && { data }),
          meta: { sent: new Date().toISOString(), summary: { created: data.length } },
        });
      });
      return;
    }
    if (url.pathname === '/2/tweets/search/stream') {
      if (open.size) return json(res, 429, { title: 'ConnectionException', connection_issue: 'TooManyConnections' });
      connections++;
      connectedAt.push(Date.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('\r\n');
      const keepAlive = setInterval(() => res.write('\r\n'), 20_000);
      open.add(res);
      req.on('close', () => {
        clearInterval(keepAlive);
        open.delete(res);
      });
      return;
    }
    if (url.pathname === '/2/tweets/search/recent') {
      const from = fromOf(url.searchParams.get('query') ?? '');
      const since = BigInt(url.searchParams.get('since_id') ?? '0');
      const max = Number(url.searchParams.get('max_results') ?? 10);
      const authors = new Set(users.filter((u) => from.has(u.username.toLowerCase())).map((u) => u.id));
      const page = posts
        .filter((p) => authors.has(p.author_id) && BigInt(p.id) > since)
        .reverse()
        .slice(0, max);
      if (!page.length) return json(res, 200, { meta: { result_count: 0 } });
      return json(res, 200, {
        data: page.map(toData),
        includes: includes(page),
        meta: { newest_id: page[0].id, oldest_id: page.at(-1).id, result_count: page.length },
      });
    }
    json(res, 404, { title: 'Not Found', status: 404 });
  });
  server.listen(port, '127.0.0.1');

  return {
    url: `http://127.0.0.1:${port}`,
    /** Publishes a post by `handle`: written to the open connection at once (lost there while none is open). */
    publish(handle, text) {
      const user = users.find((u) => u.username === handle);
      const publishedAt = Date.now();
      const post = { id: String(nextId++), text, created_at: new Date(publishedAt).toISOString(), author_id: user.id };
      posts.push(post);
      const matching = [...rules.values()].filter((r) => fromOf(r.value).has(handle.toLowerCase()));
      const streamed = matching.length > 0 && open.size > 0;
      if (streamed) {
        const line = `${JSON.stringify({ data: toData(post), includes: includes([post]), matching_rules: matching.map((r) => ({ id: r.id, tag: r.tag })) })}\r\n`;
        for (const res of open) res.write(line);
      }
      return { ...post, publishedAt, streamed };
    },
    /** Ends every open connection (X's operational disconnect). */
    dropAll() {
      for (const res of open) res.destroy();
      open.clear();
    },
    /** The first connection opened at or after `at` (ms), or null. */
    connectedSince: (at) => connectedAt.find((t) => t >= at) ?? null,
    stats: () => ({ connections, open: open.size, rules: [...rules.values()].map((r) => r.value), posts: posts.length }),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
