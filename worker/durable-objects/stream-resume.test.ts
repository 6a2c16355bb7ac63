import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NewsItemDto } from '../contract/news';
import { frames, type Frame } from '../test/sse-frames';
import type { NewsHub } from './news-hub';
import { REPLAY_LIMIT, ReplayLog } from './replay-log';

let nextId = 1;
const item = (flags: { isGarbage?: boolean; isTest?: boolean } = {}): NewsItemDto => {
  const id = nextId++;
  return {
    id,
    ts: 1_700_000_000_000 + id,
    receivedAt: 1_700_000_000_000 + id,
    sourceId: 'src',
    sourceKind: 'rss',
    author: null,
    title: `headline ${id}`,
    body: null,
    url: null,
    symbols: [],
    importance: 'low',
    isGarbage: flags.isGarbage ?? false,
    isTest: flags.isTest ?? false,
    onePctMovement: false,
  };
};

function subscribe(stub: DurableObjectStub<NewsHub>, options: { lastEventId?: string; exclude?: string } = {}) {
  const controller = new AbortController();
  const url = `https://news-hub/subscribe${options.exclude ? `?exclude=${options.exclude}` : ''}`;
  const headers: Record<string, string> = options.lastEventId ? { 'last-event-id': options.lastEventId } : {};
  const opened = stub.fetch(url, { signal: controller.signal, headers }).then((res) => frames(res.body!));
  return {
    /** Resolves once the hub has answered, i.e. the subscriber is registered. */
    ready: opened,
    next: async () => (await opened).next(),
    /** The next `n` message frames. */
    take: async (n: number) => {
      const out: Frame[] = [];
      while (out.length < n) {
        const frame = await (await opened).next();
        if (!frame) throw new Error(`stream ended after ${out.length} of ${n}`);
        out.push(frame);
      }
      return out;
    },
    close: async () => {
      await (await opened).cancel();
      controller.abort();
    },
  };
}

const titles = (list: Frame[]) => list.map((f) => (f.data as NewsItemDto).title);
const seqs = (list: Frame[]) => list.map((f) => Number(f.id!.split('-')[1]));

/** Publishes an item flagged `flags`, then a clean one: the subscriber's next frame is the clean one (returned). */
async function expectOnlyTheCleanOne(
  stub: DurableObjectStub<NewsHub>,
  subscriber: ReturnType<typeof subscribe>,
  flags: { isGarbage?: boolean; isTest?: boolean },
) {
  const clean = item();
  const soon = subscriber.take(1);
  await stub.publish(item(flags));
  await stub.publish(clean);
  expect(titles(await soon)).toEqual([clean.title]);
  return clean;
}

describe('stream resume (NewsHub, real Durable Object)', () => {
  it('numbers every event in order; a resume gets exactly the missed events, no gap and no duplicate', async () => {
    const stub = env.NEWS_HUB.getByName('resume-exact');
    const first = subscribe(stub);
    await first.ready;
    const published = Array.from({ length: 4 }, () => item());
    // Read while publishing: a hub's write waits for its reader (backpressure).
    const seenSoon = first.take(4);
    for (const i of published) await stub.publish(i);
    const seen = await seenSoon;
    expect(titles(seen)).toEqual(titles(published.map((data) => ({ event: 'message', data }))));
    const order = seqs(seen);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(new Set(order).size).toBe(4);
    // The client saw the first two, then dropped; four more are published while it is away.
    await first.close();
    const missedWhileAway = Array.from({ length: 4 }, () => item());
    for (const i of missedWhileAway) await stub.publish(i);

    const resumed = subscribe(stub, { lastEventId: seen[1]!.id });
    const replay = await resumed.take(6);
    expect(titles(replay)).toEqual([...published.slice(2), ...missedWhileAway].map((i) => i.title));
    expect(seqs(replay)).toEqual(Array.from({ length: 6 }, (_, k) => order[1]! + 1 + k));
    // …and live events continue right after the replay.
    const live = item();
    const nextSoon = resumed.take(1);
    await stub.publish(live);
    const [next] = await nextSoon;
    expect((next!.data as NewsItemDto).title).toBe(live.title);
    expect(seqs([next!])[0]).toBe(seqs(replay).at(-1)! + 1);
    await resumed.close();
  });

  it('answers an id it cannot serve exactly with an explicit reset: too old, or from another log', async () => {
    const stub = env.NEWS_HUB.getByName('resume-reset');
    await stub.publish(item());
    const probe = subscribe(stub);
    await probe.ready;
    await stub.publish(item());
    const [mark] = await probe.take(1);
    await probe.close();
    // More than the buffer holds is published after `mark`.
    await runInDurableObject(stub, async (hub: NewsHub) => {
      for (let k = 0; k < REPLAY_LIMIT + 1; k++) await hub.publish(item());
    });
    for (const lastEventId of [mark!.id!, `00000000-1`, 'garbage']) {
      const resumed = subscribe(stub, { lastEventId });
      const frame = await resumed.next();
      expect(frame).toMatchObject({ event: 'error', data: { code: 'STREAM_RESET' } });
      expect(await resumed.next()).toBeUndefined(); // the hub ends the stream: the client starts afresh
    }
    // One event newer is still inside the buffer: exact.
    const [epoch, seq] = mark!.id!.split('-');
    const inside = subscribe(stub, { lastEventId: `${epoch}-${Number(seq) + 1}` });
    const replay = await inside.take(REPLAY_LIMIT);
    expect(seqs(replay)[0]).toBe(Number(seq) + 2);
    await inside.close();
  });

  it('survives a restart of the Durable Object: the sequence and the buffer come back from storage', async () => {
    const stub = env.NEWS_HUB.getByName('resume-restart');
    const viewer = subscribe(stub);
    await viewer.ready;
    const before = [item(), item()];
    const seenSoon = viewer.take(2);
    for (const i of before) await stub.publish(i);
    const seen = await seenSoon;
    // Eviction / deploy: the instance goes away (its streams with it), the storage stays.
    await runInDurableObject(stub, (_hub: NewsHub, state) => state.abort('restart')).catch(() => {});
    await viewer.close().catch(() => {});
    // A stub to an aborted instance stays broken; a new one reaches the new instance.
    const restarted = env.NEWS_HUB.getByName('resume-restart');
    const after = [item(), item(), item()];
    for (const i of after) await restarted.publish(i);

    const resumed = subscribe(restarted, { lastEventId: seen[0]!.id });
    const replay = await resumed.take(4);
    expect(titles(replay)).toEqual([before[1]!, ...after].map((i) => i.title));
    expect(seqs(replay)).toEqual([1, 2, 3, 4].map((k) => seqs(seen)[0]! + k));
    await resumed.close();
  });

  it('filters garbage and test items on the server for a subscriber that opts out, live and on resume', async () => {
    const stub = env.NEWS_HUB.getByName('resume-filter');
    const clean = subscribe(stub, { exclude: 'garbage,test' });
    const everything = subscribe(stub);
    await Promise.all([clean.ready, everything.ready]);
    const mix = [
      item(),
      item({ isGarbage: true }),
      item({ isTest: true }),
      item(),
      item({ isGarbage: true, isTest: true }),
      item(),
    ];
    const wanted = mix.filter((i) => !i.isGarbage && !i.isTest);
    const soon = Promise.all([clean.take(wanted.length), everything.take(mix.length)]);
    for (const i of mix) await stub.publish(i);
    const [cleanSeen, all] = await soon;
    expect(titles(cleanSeen)).toEqual(wanted.map((i) => i.title));
    expect(titles(all)).toEqual(mix.map((i) => i.title));
    await everything.close();
    // Nothing else reaches the clean subscriber: the next thing it gets is the next clean item.
    const marker = await expectOnlyTheCleanOne(stub, clean, { isTest: true });
    await clean.close();

    // Resuming from its first item, the clean subscriber again gets only the clean ones it missed.
    const resumed = subscribe(stub, { exclude: 'garbage,test', lastEventId: cleanSeen[0]!.id });
    expect(titles(await resumed.take(3))).toEqual([...wanted.slice(1), marker].map((i) => i.title));
    await expectOnlyTheCleanOne(stub, resumed, { isGarbage: true });
    await resumed.close();
  });
});

describe('ReplayLog bounds (memory-only log, as the price hub keeps)', () => {
  it('replays within the last `limit` events and resets beyond, or for another instance', () => {
    const log = new ReplayLog(undefined, 3);
    expect(log.lastId).toBe('');
    for (let k = 1; k <= 5; k++) log.append({ k });
    const epoch = log.lastId.split('-')[0]!;
    const text = (list: Uint8Array[] | 'reset') =>
      list === 'reset' ? 'reset' : list.map((b) => /"k":(\d)/.exec(new TextDecoder().decode(b))![1]).join('');
    expect(text(log.since(`${epoch}-5`))).toBe('');
    expect(text(log.since(`${epoch}-3`))).toBe('45');
    expect(text(log.since(`${epoch}-2`))).toBe('345');
    expect(log.since(`${epoch}-1`)).toBe('reset');
    expect(log.since(`${epoch}-6`)).toBe('reset');
    expect(new ReplayLog(undefined, 3).since(`${epoch}-5`)).toBe('reset');
  });
});
