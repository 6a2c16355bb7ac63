// A share of the soak's news-stream subscribers, run in a Node process of its own for a whole phase
// (bench/lib.mjs says why arrival times are taken away from the load generator's heap).
//   node bench/reliability/subscribers.mjs <base> <cookie> <count> <tag>
// Prints `ready <n>` once the streams are open; then reads one stdin line, the JSON array of the
// headline numbers the admin posted, and answers with one JSON line: per-subscriber losses and
// duplicates, reconnects and a latency histogram (ms → count, merged exactly by the parent).
import { createInterface } from 'node:readline';
import { forEachFrame, rpcGet } from '../lib.mjs';

const [base, firstCookie, countArg, tag] = process.argv.slice(2);
// A soak longer than the access token's life: the parent sends `cookie <refreshed>` lines.
let cookie = firstCookie;
const COUNT = Number(countArg);
const TITLE = new RegExp(`Bench soak ${tag} (\\d+)`);
const controller = new AbortController();
const latency = new Map();
let open = 0;

/** One subscriber's view: every headline number it saw, how, and its stream's last event id. */
function newState() {
  return {
    seen: new Map(),
    viaStream: 0,
    recovered: 0,
    streamDuplicates: 0,
    afterRefetch: 0,
    reconnects: 0,
    lastId: null,
    lastN: -1,
    ids: false,
  };
}

function onStreamItem(state, n, receivedAt, arrived) {
  if (state.seen.has(n)) {
    // Twice on the stream is a duplicate; a stream copy of a headline the refetch already brought is
    // the overlap of the two, which the client drops by item (the terminal keys its list by id).
    if (state.seen.get(n) === 'stream') state.streamDuplicates++;
    else state.afterRefetch++;
    return;
  }
  state.seen.set(n, 'stream');
  state.viaStream++;
  state.lastN = Math.max(state.lastN, n);
  const ms = arrived - receivedAt;
  latency.set(ms, (latency.get(ms) ?? 0) + 1);
}

/**
 * Without an event id to resume from, a reconnecting client refetches the feed back to the last
 * headline it saw, as the terminal does, and keeps what it had not seen (by headline, i.e. item).
 */
async function refetchSince(state) {
  let cursor;
  for (let page = 0; page < 10; page++) {
    const input = { limit: 200, excludeTestNews: false, ...(cursor && { cursor }) };
    const res = await fetch(`${base}${rpcGet('getHistoricalNews', input)}`, { headers: { cookie }, signal: controller.signal });
    if (!res.ok) throw new Error(`feed answered ${res.status}`);
    const { items, nextCursor } = (await res.json()).json;
    let older = false;
    for (const item of items) {
      const m = TITLE.exec(item.title);
      if (!m) continue;
      const n = Number(m[1]);
      if (n <= state.lastN) older = true;
      if (!state.seen.has(n)) {
        state.seen.set(n, 'refetch');
        state.recovered++;
      }
    }
    if (older || !nextCursor) return;
    cursor = nextCursor;
  }
}

/** Reads oRPC's event stream as bytes; frames are `id:`/`event:`/`data:` lines ended by a blank line. */
async function readStream(state, res) {
  await forEachFrame(res.body, (frame, arrived) => {
    const id = /^id: ?(.*)$/m.exec(frame)?.[1];
    if (id) {
      state.lastId = id;
      state.ids = true;
    }
    const m = TITLE.exec(frame);
    if (m) onStreamItem(state, Number(m[1]), Number(/"receivedAt":(\d+)/.exec(frame)?.[1]), arrived);
  });
}

async function subscriber(state, onFirstOpen) {
  let first = true;
  while (!controller.signal.aborted) {
    try {
      const headers = { cookie, accept: 'text/event-stream', ...(state.lastId && { 'last-event-id': state.lastId }) };
      const res = await fetch(`${base}/api/rpc/streamNews`, { headers, signal: controller.signal });
      if (!res.ok || !res.body) throw new Error(`streamNews answered ${res.status}`);
      if (first) onFirstOpen();
      else {
        state.reconnects++;
        if (!state.lastId) await refetchSince(state);
      }
      first = false;
      await readStream(state, res);
    } catch {
      /* dropped (restart, expiry) or not up yet: reconnect below */
    }
    if (controller.signal.aborted) break;
    await new Promise((r) => setTimeout(r, 250 + Math.random() * 500));
  }
}

const states = Array.from({ length: COUNT }, newState);
const running = states.map((s) => subscriber(s, () => open++));
const deadline = Date.now() + 60_000;
while (open < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
console.log(`ready ${open}`);

const lines = createInterface({ input: process.stdin });
lines.on('close', () => process.exit(1)); // the bench died: do not linger
const posted = JSON.parse(
  await new Promise((resolve) =>
    lines.on('line', (line) => (line.startsWith('cookie ') ? (cookie = line.slice(7)) : resolve(line))),
  ),
);
controller.abort();
await Promise.race([Promise.allSettled(running), new Promise((r) => setTimeout(r, 3000))]);
const subscribers = states.map((s) => ({
  lost: posted.filter((n) => !s.seen.has(n)).length,
  duplicated: s.streamDuplicates,
  viaStream: s.viaStream,
  recovered: s.recovered,
  reconnects: s.reconnects,
  afterRefetch: s.afterRefetch,
  eventIds: s.ids,
}));
console.log(JSON.stringify({ connected: open, subscribers, latency: Object.fromEntries(latency) }));
process.exit(0);
