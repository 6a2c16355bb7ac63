// Ingest → delivered to live news subscribers (bench/news.mjs), run in a process of its own: the
// subscribers' arrival times are taken in this Node thread, which must not carry the heap the load
// generator left behind in the parent (its garbage collection showed up as delivery latency).
//   node bench/news-live.mjs <base> <trader cookie> <admin cookie> <raw|orpc>  → one JSON line
import { createORPCClient } from '@orpc/client';
import { RPCLink } from '@orpc/client/fetch';
import { forEachFrame, percentile } from './lib.mjs';

const SUBSCRIBERS = Number(process.env.BENCH_NEWS_SUBSCRIBERS ?? 500);
const POSTS = Number(process.env.BENCH_NEWS_POSTS ?? 30);

/**
 * One subscriber reading the stream's bytes (oRPC's event-stream wire format) and taking each
 * event's arrival time as its last chunk is read, before any parsing: 500 subscribers share this
 * one Node thread, and full oRPC decoding there queues them behind each other (a browser decodes
 * only its own stream).
 */
async function rawSubscriber(base, cookie, signal, onOpen, onEvent) {
  const res = await fetch(`${base}/api/rpc/streamNews`, { headers: { cookie, accept: 'text/event-stream' }, signal });
  if (!res.ok || !res.body) throw new Error(`streamNews answered ${res.status}`);
  onOpen();
  await forEachFrame(res.body, (event, arrived) => {
    const post = /Bench live (\d+)/.exec(event);
    if (post) onEvent(arrived, Number(/"receivedAt":(\d+)/.exec(event)?.[1]), Number(post[1]));
  });
}

/** Each oRPC client decoding its events in full (what a browser does, but 500 of them in one thread). */
async function orpcSubscriber(base, cookie, signal, onOpen, onEvent) {
  const trader = createORPCClient(new RPCLink({ url: `${base}/api/rpc`, headers: { cookie } }));
  const it = await trader.streamNews(undefined, { signal });
  onOpen();
  for await (const item of it) {
    const post = /^Bench live (\d+)/.exec(item.title);
    if (post) onEvent(Date.now(), item.receivedAt, Number(post[1]));
  }
}

/** 500 feed subscribers; an admin posts headlines; latency = arrival at a subscriber − receivedAt. */
export async function liveDelivery(base, traderCookie, adminCookie, subscriber) {
  const admin = createORPCClient(new RPCLink({ url: `${base}/api/rpc`, headers: { cookie: adminCookie } }));
  const controller = new AbortController();
  const latencies = [];
  /** Per headline: every subscriber's latency (a slow headline is slow for everyone: server side). */
  const perPost = [];
  let ready = 0;
  const subs = Array.from({ length: SUBSCRIBERS }, () =>
    subscriber(
      base,
      traderCookie,
      controller.signal,
      () => ready++,
      (arrived, receivedAt, post) => {
        latencies.push(arrived - receivedAt);
        (perPost[post] ??= []).push(arrived - receivedAt);
      },
    ).catch(() => {
      /* aborted */
    }),
  );
  // A stream that never opens must not hang the bench: wait at most 20 s and report how many did.
  const deadline = Date.now() + 20_000;
  while (ready < SUBSCRIBERS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const connected = ready;
  console.error(`  live (${subscriber.name}): ${connected}/${SUBSCRIBERS} subscribers connected`);
  // Not counted: the first item after start meets cold code and caches (≈ 200 ms for every subscriber).
  await admin.postManualNews({ title: `Bench warm-up ${crypto.randomUUID().slice(0, 8)} Bitcoin`, isTest: true });
  await new Promise((r) => setTimeout(r, 500));
  for (let i = 0; i < POSTS; i++) {
    await admin.postManualNews({ title: `Bench live ${i} ${crypto.randomUUID().slice(0, 8)} Bitcoin`, isTest: true });
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => setTimeout(r, 1500));
  controller.abort();
  // oRPC's iterator has been seen not to settle after an abort: the figures do not wait on it.
  await Promise.race([Promise.allSettled(subs), new Promise((r) => setTimeout(r, 5000))]);
  latencies.sort((a, b) => a - b);
  console.error(`  live (${subscriber.name}): p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms`);
  return {
    connected,
    deliveries: latencies.length,
    expected: connected * POSTS,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    /** The slowest headline's median delivery. */
    slowestPost: Math.max(
      ...perPost.map((l) =>
        percentile(
          l.sort((x, y) => x - y),
          50,
        ),
      ),
    ),
  };
}

const [base, traderCookie, adminCookie, kind] = process.argv.slice(2);
const result = await liveDelivery(base, traderCookie, adminCookie, kind === 'orpc' ? orpcSubscriber : rawSubscriber);
console.log(JSON.stringify(result));
// Streams the aborted oRPC iterators may hold open must not keep this process alive.
process.exit(0);
