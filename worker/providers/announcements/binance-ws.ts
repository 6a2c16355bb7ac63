import { z } from 'zod';
import { domainError } from '../../lib/domain-error';
import { fnv1a32 } from './hash';
import { globalFetch, type FetchFn } from '../http';
import type { ExchangeAnnouncement } from './types';

export const DEFAULT_BINANCE_ANNOUNCEMENTS_WS_URL = 'wss://api.binance.com/sapi/wss';
export const BINANCE_ANNOUNCEMENT_TOPIC = 'com_announcement_en';
/** Binance closes a connection after 24 h: reconnect a little before. */
export const BINANCE_WS_MAX_AGE_MS = 23 * 3_600_000;

export interface BinanceWsConfig {
  /** wss://api.binance.com/sapi/wss, or a local fake's ws:// URL */
  url?: string;
  apiKey: string;
  apiSecret: string;
  fetch?: FetchFn;
  now?: () => number;
  /** ms, at most 60000 (default 30000) */
  recvWindow?: number;
}

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(payload));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The signed connection URL (Binance "WebSocket API Basic Information", announcements): every
 * parameter but the signature, sorted by name, signed with HMAC-SHA256 of the API secret.
 */
export async function signedAnnouncementsUrl(
  config: BinanceWsConfig,
  random = crypto.randomUUID().replace(/-/g, ''),
): Promise<string> {
  const params: Record<string, string> = {
    random,
    recvWindow: String(config.recvWindow ?? 30_000),
    timestamp: String((config.now ?? Date.now)()),
    topic: BINANCE_ANNOUNCEMENT_TOPIC,
  };
  const payload = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  const signature = await hmacHex(config.apiSecret, payload);
  return `${config.url ?? DEFAULT_BINANCE_ANNOUNCEMENTS_WS_URL}?${payload}&signature=${signature}`;
}

/**
 * Opens the announcements WebSocket (workerd: a fetch with `Upgrade: websocket` to the http(s)
 * form of the URL) with the API key in X-MBX-APIKEY. Refusals become catalogue errors: 401/403
 * a bad key or signature (no retry helps), 429/418 a rate limit or ban (Retry-After), else a
 * gateway error to retry with backoff.
 */
export async function openAnnouncementsSocket(config: BinanceWsConfig): Promise<WebSocket> {
  const url = (await signedAnnouncementsUrl(config)).replace(/^ws(s?):\/\//, 'http$1://');
  let res: Response;
  try {
    res = await (config.fetch ?? globalFetch)(url, { headers: { Upgrade: 'websocket', 'X-MBX-APIKEY': config.apiKey } });
  } catch {
    throw domainError('BAD_GATEWAY', 'Could not reach Binance announcements.', { provider: 'Binance', retryable: true });
  }
  const socket = res.webSocket;
  if (res.status === 101 && socket) {
    socket.accept();
    return socket;
  }
  const now = (config.now ?? Date.now)();
  if (res.status === 429 || res.status === 418) {
    const after = Number(res.headers.get('Retry-After'));
    const retryAt = now + (Number.isFinite(after) && after > 0 ? after * 1000 : 60_000);
    throw domainError(
      'TOO_MANY_REQUESTS',
      `Binance refused the announcements connection (HTTP ${res.status}): retry at ${new Date(retryAt).toISOString()}.`,
      {
        provider: 'Binance',
        httpStatus: res.status,
        retryAt,
        retryable: true,
      },
    );
  }
  const text = await res.text().catch(() => '');
  const detail = /"msg"\s*:\s*"([^"]{1,200})"/.exec(text)?.[1];
  if (res.status === 401 || res.status === 403 || res.status === 400) {
    throw domainError(
      'BAD_GATEWAY',
      `Binance refused the announcements connection (HTTP ${res.status}${detail ? `: ${detail}` : ''}): check BINANCE_API_KEY / BINANCE_API_SECRET and the server clock.`,
      { provider: 'Binance', httpStatus: res.status, retryable: false },
    );
  }
  throw domainError('BAD_GATEWAY', `Binance announcements answered HTTP ${res.status}; reconnecting.`, {
    provider: 'Binance',
    httpStatus: res.status,
    retryable: true,
  });
}

const dataSchema = z.object({
  catalogId: z.union([z.number(), z.string()]).optional(),
  catalogName: z.string().optional(),
  publishDate: z.union([z.number(), z.string()]).optional(),
  title: z.string(),
  body: z.string().optional(),
  disclaimer: z.string().optional(),
});

export type BinanceSocketMessage =
  | { type: 'announcement'; announcement: ExchangeAnnouncement }
  | { type: 'command'; subType: string; ok: boolean; detail: string }
  | { type: 'unknown' };

/** Binance's catalogue pages: the push carries no link, so a headline links to its catalogue's list. */
export const binanceCatalogUrl = (catalogId: string) =>
  catalogId
    ? `https://www.binance.com/en/support/announcement/list/${catalogId}`
    : 'https://www.binance.com/en/support/announcement';

/**
 * One message of the socket: `{type: "DATA", topic, data: "<JSON string>"}` carries an
 * announcement {catalogId, catalogName, publishDate, title, body, disclaimer}; `{type: "COMMAND",
 * subType, data, code}` answers a (un)subscription.
 */
export function parseBinanceSocketMessage(text: string, receivedAt: number): BinanceSocketMessage {
  let message: Record<string, unknown>;
  try {
    message = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { type: 'unknown' };
  }
  if (message.type === 'COMMAND') {
    const detail = String(message.data ?? '');
    return {
      type: 'command',
      subType: String(message.subType ?? ''),
      ok: detail === 'SUCCESS' || message.code === '00000000',
      detail,
    };
  }
  if (message.type !== 'DATA' || typeof message.data !== 'string') return { type: 'unknown' };
  let data: z.infer<typeof dataSchema>;
  try {
    const parsed = dataSchema.safeParse(JSON.parse(message.data));
    if (!parsed.success) return { type: 'unknown' };
    data = parsed.data;
  } catch {
    return { type: 'unknown' };
  }
  const catalogId = data.catalogId === undefined ? '' : String(data.catalogId);
  const publishedAt = Number(data.publishDate);
  const at = Number.isFinite(publishedAt) && publishedAt > 0 ? publishedAt : receivedAt;
  return {
    type: 'announcement',
    announcement: {
      exchange: 'binance',
      // No id in the push: the catalogue, the publish time and the title identify it.
      id: `${catalogId}:${at}:${fnv1a32(data.title)}`,
      title: data.title,
      body: data.body || undefined,
      typeKey: catalogId,
      typeTitle: data.catalogName ?? '',
      url: binanceCatalogUrl(catalogId),
      publishedAt: at,
      tags: [],
    },
  };
}
