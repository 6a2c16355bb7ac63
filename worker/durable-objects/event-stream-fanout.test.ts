import { describe, expect, it } from 'vitest';
import { EventStreamFanout, readEventStream } from './event-stream-fanout';

const decoder = new TextDecoder();

describe('EventStreamFanout', () => {
  it("writes oRPC's framing: opening comment, the replayed event, broadcasts, keep-alive comments when idle", async () => {
    const fanout = new EventStreamFanout<{ n: number; at: Date }>(undefined, 60);
    const controller = new AbortController();
    const res = fanout.subscribe(new Request('https://hub/subscribe', { signal: controller.signal }), { n: 0, at: new Date(0) });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    let buffer = '';
    // The next whole SSE message (chunks need not line up with messages).
    const next = async () => {
      while (!buffer.includes('\n\n')) buffer += decoder.decode((await reader.read()).value);
      const end = buffer.indexOf('\n\n') + 2;
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end);
      return message;
    };
    expect(await next()).toBe(': \n\n');
    // A Date survives: the event went through oRPC's serializer, not bare JSON.
    expect(await next()).toBe('event: message\ndata: {"json":{"n":0,"at":"1970-01-01T00:00:00.000Z"},"meta":[[1,"at"]]}\n\n');
    expect(await next()).toBe(': \n\n'); // nothing for 60 ms → keep-alive
    void fanout.broadcast({ n: 1, at: new Date(1000) });
    expect(await next()).toContain('data: {"json":{"n":1');
    controller.abort();
    await new Promise((r) => setTimeout(r, 10));
    expect(fanout.size).toBe(0);
  });

  it('encodes once for every subscriber, drops the ones that left, and reads back into values', async () => {
    let emptied = 0;
    const fanout = new EventStreamFanout<{ n: number }>(() => emptied++, 60_000);
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const streams = controllers.map((c) => readEventStream<{ n: number }>(fanout.subscribe(new Request('https://hub/', { signal: c.signal })).body!));
    const next = Promise.all(streams.map((s) => s.next()));
    await fanout.broadcast({ n: 7 });
    expect((await next).map((r) => r.value)).toEqual([{ n: 7 }, { n: 7 }, { n: 7 }]);
    await streams[0]!.return(undefined);
    controllers[1]!.abort();
    await fanout.broadcast({ n: 8 });
    expect(fanout.size).toBe(1);
    expect((await streams[2]!.next()).value).toEqual({ n: 8 });
    controllers[2]!.abort();
    await new Promise((r) => setTimeout(r, 10));
    expect(emptied).toBe(1);
  });
});
