import { htmlResponse, throwTransportFailure, type TransportFailure } from './transport';
/**
 * A local Telegram Bot API for tests: a fetch-compatible function routing on
 * /bot<token>/<method> like api.telegram.org. It checks the token in the path, answers
 * sendMessage with {ok: true, result: Message}, records the messages per chat, validates text
 * length (after HTML entities) and parse_mode HTML tags, and can be told to fail with Telegram's
 * documented bodies (429 with retry_after, 403 kicked, 400 chat not found / migrated, 5xx, network).
 */

export type FakeTelegramFailure =
  | { type: 'rate-limit'; retryAfter: number }
  | { type: 'kicked' }
  | { type: 'blocked' }
  | { type: 'chat-not-found' }
  | { type: 'migrated'; migrateToChatId: number }
  | { type: 'bad-request'; description: string }
  | TransportFailure;

export interface FakeTelegramMessage {
  message_id: number;
  chat_id: number | string;
  text: string;
  parse_mode?: string;
  disable_notification?: boolean;
  link_preview_options?: { is_disabled?: boolean };
  date: number;
}

export interface FakeTelegramRequest {
  method: string;
  token: string;
  body: Record<string, unknown> | null;
}

export interface FakeTelegramOptions {
  token: string;
  now?: () => number;
  /** chats the bot belongs to; others answer 400 chat not found. Default: any. */
  chats?: (number | string)[];
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const fail = (status: number, description: string, parameters?: Record<string, unknown>) =>
  json({ ok: false, error_code: status, description, ...(parameters && { parameters }) }, status);

/** Telegram's HTML mode: known tags only, balanced, entities among the supported ones. */
function parseHtml(text: string): { visible: string } | { error: string } {
  const allowed = new Set([
    'b',
    'strong',
    'i',
    'em',
    'u',
    'ins',
    's',
    'strike',
    'del',
    'span',
    'tg-spoiler',
    'a',
    'code',
    'pre',
    'blockquote',
    'tg-emoji',
  ]);
  const stack: string[] = [];
  let visible = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '<') {
      const m = /^<(\/?)([a-z-]+)(\s[^<>]*)?>/.exec(text.slice(i));
      if (!m || !allowed.has(m[2]!))
        return { error: `Bad Request: can't parse entities: Unsupported start tag at byte offset ${i}` };
      if (m[1]) {
        if (stack.pop() !== m[2])
          return {
            error: `Bad Request: can't parse entities: Can't find end tag corresponding to start tag at byte offset ${i}`,
          };
      } else stack.push(m[2]!);
      i += m[0].length;
    } else if (ch === '&') {
      const m = /^&(lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);/.exec(text.slice(i));
      if (!m) return { error: `Bad Request: can't parse entities: Character entity expected at byte offset ${i}` };
      visible += 'x';
      i += m[0].length;
    } else if (ch === '>') {
      return { error: `Bad Request: can't parse entities: Unexpected end tag at byte offset ${i}` };
    } else {
      visible += ch;
      i++;
    }
  }
  if (stack.length) return { error: "Bad Request: can't parse entities: Can't find end tag corresponding to start tag" };
  return { visible };
}

export class FakeTelegram {
  readonly requests: FakeTelegramRequest[] = [];
  /** chat id (as a string) → messages, in order */
  readonly chats = new Map<string, FakeTelegramMessage[]>();
  now: () => number;
  private nextMessageId = 100;
  private readonly failures: { chatId?: number | string; failure: FakeTelegramFailure }[] = [];

  constructor(private readonly options: FakeTelegramOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Queue failures answered before normal handling; `chatId` limits one to sends into that chat. */
  failNext(failure: FakeTelegramFailure, { times = 1, chatId }: { times?: number; chatId?: number | string } = {}): this {
    for (let i = 0; i < times; i++) this.failures.push({ chatId, failure });
    return this;
  }

  messagesIn(chatId: number | string): FakeTelegramMessage[] {
    return this.chats.get(String(chatId)) ?? [];
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const m = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    let body: Record<string, unknown> | null = null;
    if (request.method === 'POST' && request.headers.get('content-type')?.includes('application/json')) {
      try {
        body = (await request.json()) as Record<string, unknown>;
      } catch {
        return fail(400, 'Bad Request: invalid JSON');
      }
    }
    this.requests.push({ method: m?.[2] ?? url.pathname, token: m?.[1] ?? '', body });
    if (!m) return fail(404, 'Not Found');
    if (decodeURIComponent(m[1]!) !== this.options.token) return fail(401, 'Unauthorized');
    if (m[2] !== 'sendMessage') return fail(404, 'Not Found: method not found');

    const chatId = body?.chat_id;
    const index = this.failures.findIndex((f) => f.chatId === undefined || String(f.chatId) === String(chatId));
    if (index >= 0) {
      const [{ failure }] = this.failures.splice(index, 1) as [{ failure: FakeTelegramFailure }];
      return this.fail(failure);
    }
    return this.sendMessage(body ?? {});
  };

  private fail(failure: FakeTelegramFailure): Response {
    switch (failure.type) {
      case 'rate-limit':
        return fail(429, `Too Many Requests: retry after ${failure.retryAfter}`, { retry_after: failure.retryAfter });
      case 'kicked':
        return fail(403, 'Forbidden: bot was kicked from the group chat');
      case 'blocked':
        return fail(403, 'Forbidden: bot was blocked by the user');
      case 'chat-not-found':
        return fail(400, 'Bad Request: chat not found');
      case 'migrated':
        return fail(400, 'Bad Request: group chat was upgraded to a supergroup chat', {
          migrate_to_chat_id: failure.migrateToChatId,
        });
      case 'bad-request':
        return fail(400, failure.description);
      case 'http':
        return htmlResponse('<html><head><title>502 Bad Gateway</title></head></html>', failure.status);
      case 'network':
      case 'timeout':
        return throwTransportFailure(failure.type);
    }
  }

  private sendMessage(body: Record<string, unknown>): Response {
    const chatId = body.chat_id;
    if (typeof chatId !== 'number' && typeof chatId !== 'string') return fail(400, 'Bad Request: chat_id is empty');
    if (this.options.chats && !this.options.chats.some((c) => String(c) === String(chatId))) {
      return fail(400, 'Bad Request: chat not found');
    }
    const text = body.text;
    if (typeof text !== 'string' || text.trim() === '') return fail(400, 'Bad Request: message text is empty');
    let visible = text;
    if (body.parse_mode === 'HTML') {
      const parsed = parseHtml(text);
      if ('error' in parsed) return fail(400, parsed.error);
      visible = parsed.visible;
    } else if (body.parse_mode !== undefined) {
      return fail(400, `Bad Request: unsupported parse_mode`);
    }
    if (visible.length > 4096) return fail(400, 'Bad Request: message is too long');
    const message: FakeTelegramMessage = {
      message_id: this.nextMessageId++,
      chat_id: chatId,
      text,
      date: Math.floor(this.now() / 1000),
      ...(typeof body.parse_mode === 'string' && { parse_mode: body.parse_mode }),
      ...(typeof body.disable_notification === 'boolean' && { disable_notification: body.disable_notification }),
      ...(body.link_preview_options !== undefined && {
        link_preview_options: body.link_preview_options as FakeTelegramMessage['link_preview_options'],
      }),
    };
    const key = String(chatId);
    this.chats.set(key, [...(this.chats.get(key) ?? []), message]);
    const chat =
      typeof chatId === 'number' && chatId > 0
        ? { id: chatId, type: 'private' }
        : { id: chatId, title: 'Group', type: 'supergroup' };
    return json({ ok: true, result: { message_id: message.message_id, chat, date: message.date, text: visible } });
  }
}
