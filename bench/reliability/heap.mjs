// The Worker isolate's V8 heap, read through wrangler dev's inspector (Chrome DevTools Protocol).
// In workerd the Worker and all of its Durable Objects run in one isolate, so this heap is the JS
// memory of both; the rest of workerd's RSS is native (sockets, D1's SQLite, allocator slack).
// One short connection per reading: an inspector left attached keeps console messages alive.
import WebSocket from 'ws';

/** Calls one CDP method on the inspector at `port`; null when it does not answer in time. */
function inspect(port, method, params = {}, timeoutMs = 20_000) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const done = (value) => {
      clearTimeout(timer);
      ws.terminate();
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    ws.on('open', () => ws.send(JSON.stringify({ id: 1, method, params })));
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.id === 1) done(message.result ?? null);
    });
    ws.on('error', () => done(null));
  });
}

const mb = (bytes) => Math.round(bytes / 1024 / 1024);

/** The isolate's used and reserved heap in MB, or null while the Worker restarts. */
export async function readHeap(port) {
  const usage = await inspect(port, 'Runtime.getHeapUsage');
  return usage ? { usedMb: mb(usage.usedSize), totalMb: mb(usage.totalSize) } : null;
}

/** A full garbage collection, so a reading after it is what is really retained. */
export async function collectGarbage(port) {
  await inspect(port, 'HeapProfiler.collectGarbage');
}
