// The X filtered stream as a bench source, shared by bench/x-stream.mjs and bench/news-sources.mjs:
// the local fake X (bench/fake-x-stream.mjs), the rows that enable the stream source for its
// handles (what the sources page's setXStream writes), the Worker vars that point it at the fake,
// and a publisher that posts at random moments and drops the connection once on the way.
import { startFakeXStream } from '../fake-x-stream.mjs';
import { sqlString } from '../../scripts/lib.mjs';

const TOKEN = 'bench-x-token';
export const X_HANDLES = ['bench_alpha', 'bench_beta', 'bench_gamma'];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the fake X on `port`. Returns the fake, the SQL statements that enable the stream source
 * (run them with executeLocalD1 before the Worker starts) and the Worker vars (X base URL, token).
 */
export function startXStreamSource({ port, now = Date.now() }) {
  const fake = startFakeXStream({ port, token: TOKEN, handles: X_HANDLES });
  const ids = X_HANDLES.map((h) => `bench-handle-${h}`);
  const statements = [
    ...X_HANDLES.map(
      (h, i) =>
        `INSERT INTO twitter_handles (id, handle, user_id, enabled, created_at) VALUES (${sqlString(ids[i])}, ${sqlString(h)}, NULL, 1, ${now});`,
    ),
    `INSERT INTO news_sources (id, kind, name, config, enabled, created_at) VALUES ('x-stream', 'twitter', 'X filtered stream', ${sqlString(JSON.stringify({ stream: true, handleIds: ids }))}, 1, ${now});`,
  ];
  return { fake, statements, vars: { X_BASE_URL: fake.url, X_BEARER_TOKEN: TOKEN } };
}

/** Waits for the NewsStream object to open the stream (armed by the minute cron's watchdog). */
export async function waitForStream(fake, timeoutMs = 30_000) {
  for (let waited = 0; waited < timeoutMs && fake.stats().open === 0; waited += 200) await sleep(200);
  if (!fake.stats().open) throw new Error(`the stream did not connect: ${JSON.stringify(fake.stats())}`);
}

/** The bench's title of a post, wherever it appears (a stored row, a frame, a painted headline). */
export const postTitleIn = (prefix, text) => new RegExp(`${prefix} \\d+ [0-9a-f]{8}`).exec(text ?? '')?.[0];

/**
 * Publishes posts round-robin over the handles at random moments (exponential gaps, mean gapMs)
 * until `until` (ms); at `dropAt` (ms, or null) the fake ends the connection once, as X's
 * operational disconnects do. Each post: { n, title, publishedAt, streamed } (streamed: written to an
 * open connection; the others can only come by the backfill). Returns { published, drop } with the
 * drop's moment and when the stream was open again (null when it was not).
 */
export async function publishPosts({ fake, prefix, gapMs, until, dropAt = null }) {
  const published = [];
  let drop = null;
  for (let n = 0; Date.now() < until; n++) {
    await sleep(-Math.log(1 - Math.random()) * gapMs);
    if (dropAt !== null && !drop && Date.now() >= dropAt) {
      drop = { at: Date.now() };
      fake.dropAll();
    }
    const title = `${prefix} ${n} ${crypto.randomUUID().slice(0, 8)}`;
    const post = fake.publish(X_HANDLES[n % X_HANDLES.length], title);
    published.push({ n, title, publishedAt: post.publishedAt, streamed: post.streamed });
  }
  if (drop) {
    const backAt = fake.connectedSince(drop.at);
    drop.reconnectedAfterMs = backAt === null ? null : backAt - drop.at;
  }
  return { published, drop };
}
