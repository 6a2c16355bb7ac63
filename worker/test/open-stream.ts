import { exports } from 'cloudflare:workers';
import { expect } from 'vitest';
import { ORIGIN, type CookieJar } from './harness';

export type StreamName =
  'streamAccount' | 'streamAlerts' | 'streamNews' | 'streamPrices' | 'streamRisk' | 'streamOrders' | 'streamTodo';

/** Opens a stream as the browser does (the pass-through path) and waits for its first byte. */
export async function openStream(jar: CookieJar, name: StreamName, input?: unknown) {
  const res = await exports.default.fetch(`${ORIGIN}/api/rpc/${name}`, {
    method: 'POST',
    headers: { cookie: jar.header(), 'content-type': 'application/json' },
    body: JSON.stringify(input === undefined ? {} : { json: input }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
  return reader;
}

/** Reads until the stream ends; fails when it is still open after `ms`. Returns the seconds it took. */
export async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<number> {
  const started = Date.now();
  const timeout = new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms));
  for (;;) {
    const next = await Promise.race([reader.read(), timeout]);
    if (next === 'open') {
      await reader.cancel();
      throw new Error(`stream still open after ${ms} ms`);
    }
    if (next.done) return (Date.now() - started) / 1000;
  }
}
