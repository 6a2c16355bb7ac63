import { FakeExchangeBase, json } from './fake-announcements';
import { hmacHex } from './fake-binance';

/**
 * A local fake of Binance's `com_announcement_en` WebSocket (workerd only: WebSocketPair): a signed
 * connection URL (HMAC-SHA256 of the sorted parameters) with X-MBX-APIKEY, `{type: "DATA", topic,
 * data: "<JSON string>"}` pushes, and disconnects on demand.
 */
export interface FakeBinanceAnnouncement {
  catalogId?: number;
  catalogName?: string;
  title: string;
  body?: string;
  publishDate?: number;
}

/** The DATA message Binance pushes for an announcement (its `data` is a JSON string). */
export function binanceAnnouncementMessage(a: FakeBinanceAnnouncement, now = Date.now()): string {
  return JSON.stringify({
    type: 'DATA',
    topic: 'com_announcement_en',
    data: JSON.stringify({
      catalogId: a.catalogId ?? 48,
      catalogName: a.catalogName ?? 'New Cryptocurrency Listing',
      publishDate: a.publishDate ?? now,
      title: a.title,
      body: a.body ?? 'This is a fake announcement.',
      disclaimer: 'Trade on-the-go with Binance.',
    }),
  });
}

/**
 * Checks a connection request as Binance does: X-MBX-APIKEY, the parameters (random, topic,
 * recvWindow ≤ 60000, timestamp within it) and their HMAC-SHA256 signature over the sorted
 * parameters. Returns null when it holds, else the status and body to refuse with.
 */
export async function checkBinanceConnection(
  url: URL,
  apiKeyHeader: string | null,
  credentials: { apiKey: string; apiSecret: string },
  now: number,
): Promise<{ status: number; body: string } | null> {
  if (apiKeyHeader !== credentials.apiKey)
    return { status: 401, body: JSON.stringify({ code: -2015, msg: 'Invalid API-key, IP, or permissions for action.' }) };
  const params = new URLSearchParams(url.search);
  const signature = params.get('signature');
  params.delete('signature');
  const recvWindow = Number(params.get('recvWindow') ?? 5000);
  const timestamp = Number(params.get('timestamp'));
  if (!params.get('random') || params.get('topic') !== 'com_announcement_en' || !(recvWindow <= 60_000))
    return { status: 400, body: JSON.stringify({ code: -1102, msg: 'Mandatory parameter was not sent or malformed.' }) };
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > recvWindow)
    return {
      status: 400,
      body: JSON.stringify({ code: -1021, msg: 'Timestamp for this request is outside of the recvWindow.' }),
    };
  const payload = [...params.keys()]
    .sort()
    .map((k) => `${k}=${params.get(k)}`)
    .join('&');
  if (signature !== (await hmacHex(credentials.apiSecret, payload)))
    return { status: 400, body: JSON.stringify({ code: -1022, msg: 'Signature for this request is not valid.' }) };
  return null;
}

export class FakeBinanceAnnouncements extends FakeExchangeBase {
  readonly sockets = new Set<WebSocket>();
  connections = 0;

  constructor(
    private readonly credentials: { apiKey: string; apiSecret: string },
    now?: () => number,
  ) {
    super(now);
  }

  /** Pushes an announcement to every open connection; returns how many received it. */
  publish(a: FakeBinanceAnnouncement): number {
    const message = binanceAnnouncementMessage(a, this.now());
    for (const socket of this.sockets) socket.send(message);
    return this.sockets.size;
  }

  /** Closes every connection from the server side (a deploy, the 24 h limit, a network cut). */
  disconnectAll(code = 1001, reason = 'going away') {
    for (const socket of this.sockets) socket.close(code, reason);
    this.sockets.clear();
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const { url, request } = this.record(input, init);
    const failure = this.failures.shift();
    if (failure) {
      const t = this.transport(failure);
      if (t) return t;
      if (failure.type === 'rate-limit') return json({ code: -1003, msg: 'Too many requests.' }, 429, { 'Retry-After': '30' });
      return json({ code: -1000, msg: 'An unknown error occurred.' }, 500);
    }
    if (url.pathname !== '/sapi/wss') return json({ code: -1, msg: 'not found' }, 404);
    if (request.headers.get('Upgrade') !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const refused = await checkBinanceConnection(url, request.headers.get('X-MBX-APIKEY'), this.credentials, this.now());
    if (refused) return new Response(refused.body, { status: refused.status, headers: { 'content-type': 'application/json' } });
    const pair = new WebSocketPair();
    const server = pair[1];
    server.accept();
    this.connections++;
    this.sockets.add(server);
    server.addEventListener('close', () => this.sockets.delete(server));
    return new Response(null, { status: 101, webSocket: pair[0] });
  };
}
