import { StandardRPCJsonSerializer, StandardRPCSerializer } from '@orpc/client/standard';
import type { AnySchema } from '@orpc/contract';
import { RPC_ACCESS } from '../access-policy';
import { assertAccess, type Session } from '../domains/auth/access';
import { accountForCaller } from '../domains/accounts/account-access';
import { confirmsInD1, reloadCaller } from '../domains/auth/fresh-caller';
import { grantHeaders, type StreamPower } from '../domains/auth/stream-grant';
import { contract } from '../contract';
import { RISK_HUB_NAME } from '../domains/risk/notify';
import { PRICE_HUB_NAME } from '../domains/prices/hub-queries';
import { orderReaderTrader } from '../domains/orders/orders';
import { hubRefusal } from '../lib/hub-refusal';
import type { RpcContext } from './context';

/**
 * The live streams: each opens a subscription on its hub Durable Object, which already writes
 * oRPC's event-stream wire format. The procedures read it back into values; `passLiveStream`
 * hands the bytes straight to the browser instead (see there).
 */
type Opener = (
  context: RpcContext & { session: Session },
  input: never,
  signal?: AbortSignal,
  lastEventId?: string,
) => Promise<Response>;

/**
 * The caller's grant (with the account or the power the hub keeps re-checking), and the id of the
 * last event it saw when it resumes (the hub replays from there).
 */
const hubHeaders = (session: Session, lastEventId?: string, scope?: { accountId?: string; power?: StreamPower }) => ({
  ...grantHeaders(session, scope),
  ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
});

/** The hub's stream, or the hub's refusal as the DomainError it stands for (lib/hub-refusal.ts). */
const hubResponse = async (res: Response, hub: string) => {
  if (!res.ok) throw await hubRefusal(res, hub);
  if (!res.body) throw new Error(`${hub} answered ${res.status} without a stream`);
  return res;
};

export const openAccountStream = async (
  context: RpcContext & { session: Session },
  input: { email: string },
  signal?: AbortSignal,
  lastEventId?: string,
) => {
  const account = await accountForCaller(context.db, context.session, input.email);
  const params = new URLSearchParams({ id: account.id, email: account.email, exchange: account.exchange });
  const stub = context.env.ACCOUNT_LIVE.getByName(account.id);
  const headers = hubHeaders(context.session, lastEventId, { accountId: account.id });
  return hubResponse(await stub.fetch(`https://account-live/subscribe?${params}`, { signal, headers }), 'account hub');
};

// Every stream carries the caller's grant: the hub ends it with the access (token expiry, sign-out, …).
// A news subscriber may leave garbage and test items out: the hub filters them (live and replayed).
export const openNewsStream = async (
  context: RpcContext & { session: Session },
  input?: { excludeGarbage?: boolean; excludeTestNews?: boolean },
  signal?: AbortSignal,
  lastEventId?: string,
) => {
  const exclude = [...(input?.excludeGarbage ? ['garbage'] : []), ...(input?.excludeTestNews ? ['test'] : [])];
  const query = exclude.length ? `?${new URLSearchParams({ exclude: exclude.join(',') })}` : '';
  return hubResponse(
    await context.env.NEWS_HUB.getByName('global').fetch(`https://news-hub/subscribe${query}`, {
      signal,
      headers: hubHeaders(context.session, lastEventId),
    }),
    'news hub',
  );
};

export const openAlertStream = async (context: RpcContext & { session: Session }, _input?: unknown, signal?: AbortSignal, lastEventId?: string) =>
  hubResponse(
    await context.env.USER_ALERTS.getByName(context.session.sub).fetch('https://user-alerts/subscribe', {
      signal,
      headers: hubHeaders(context.session, lastEventId),
    }),
    'alert hub',
  );

// The callers of these were confirmed in D1 when they opened (base procedure or passLiveStream);
// the hub re-checks the stream's power with the rest of the grant while it is open.
export const openTodoStream = async (context: RpcContext & { session: Session }, _input?: unknown, signal?: AbortSignal, lastEventId?: string) =>
  hubResponse(
    await context.env.TODO_HUB.getByName('global').fetch('https://todo-hub/subscribe', {
      signal,
      headers: hubHeaders(context.session, lastEventId, { power: RPC_ACCESS.streamTodo }),
    }),
    'todo hub',
  );
export const openRiskStream = async (context: RpcContext & { session: Session }, _input?: unknown, signal?: AbortSignal, lastEventId?: string) =>
  hubResponse(
    await context.env.RISK_HUB.getByName(RISK_HUB_NAME).fetch('https://risk-hub/subscribe', {
      signal,
      headers: hubHeaders(context.session, lastEventId, { power: RPC_ACCESS.streamRisk }),
    }),
    'risk hub',
  );
export const openPriceStream = async (
  context: RpcContext & { session: Session },
  input: { symbols: string[] },
  signal?: AbortSignal,
  lastEventId?: string,
) =>
  hubResponse(
    await context.env.PRICE_HUB.getByName(PRICE_HUB_NAME).fetch(
      `https://price-hub/subscribe?${new URLSearchParams({ symbols: input.symbols.join(',') })}`,
      { signal, headers: hubHeaders(context.session, lastEventId, { power: RPC_ACCESS.streamPrices }) },
    ),
    'price hub',
  );

/**
 * One trader's orders, for the same readers as listOrders: the trader, the risk team, admins.
 * Another trader's stream keeps needing the risk team or an admin role while it is open.
 */
export const openOrderStream = async (
  context: RpcContext & { session: Session },
  input: { traderId?: string },
  signal?: AbortSignal,
  lastEventId?: string,
) => {
  const trader = orderReaderTrader(context.session, input.traderId);
  const power: StreamPower | undefined = trader === context.session.sub ? undefined : 'riskTeamOrAdmin';
  return hubResponse(
    await context.env.ORDERS_HUB.getByName(trader).fetch('https://orders-hub/subscribe', {
      signal,
      headers: hubHeaders(context.session, lastEventId, { power }),
    }),
    'orders hub',
  );
};

const LIVE_STREAMS: Record<string, Opener> = {
  streamAccount: openAccountStream as Opener,
  streamNews: openNewsStream as Opener,
  streamAlerts: openAlertStream as Opener,
  streamTodo: openTodoStream as Opener,
  streamRisk: openRiskStream as Opener,
  streamPrices: openPriceStream as Opener,
  streamOrders: openOrderStream as Opener,
};

const serializer = new StandardRPCSerializer(new StandardRPCJsonSerializer());

/** The RPC protocol's input: `?data=` on GET, the JSON body on POST. Anything else is left to oRPC. */
async function readRpcInput(request: Request): Promise<unknown> {
  const url = new URL(request.url);
  if (request.method === 'GET') {
    const data = url.searchParams.get('data');
    return data === null ? undefined : serializer.deserialize(JSON.parse(data));
  }
  if (request.method !== 'POST' || !request.headers.get('content-type')?.startsWith('application/json'))
    throw new Error('not JSON');
  const text = await request.clone().text();
  return text === '' ? undefined : serializer.deserialize(JSON.parse(text));
}

/**
 * The fast path for live streams, taken before the oRPC handler. Hundreds of viewers of one hub
 * made the Worker decode and re-encode every event once per viewer (≈ 4 ms of CPU per delivery);
 * here the hub encodes an event once and the Worker passes its bytes through untouched.
 * Only a stream the caller may open is served here, after the same access level, input schema and
 * ownership checks the procedure makes; anything else (refusal, odd input) returns undefined and
 * falls through to the procedure, which answers with the canonical error.
 */
export async function passLiveStream(request: Request, context: RpcContext, prefix: string): Promise<Response | undefined> {
  const name = new URL(request.url).pathname.slice(prefix.length + 1);
  const open = LIVE_STREAMS[name];
  if (!open) return undefined;
  try {
    const level = RPC_ACCESS[name as keyof typeof RPC_ACCESS];
    const token = assertAccess(level, context.session) as Session;
    // As the base procedures do: powers above plain approved reads are confirmed in D1 (fresh-caller.ts).
    const session = confirmsInD1(level, false, token) ? (await reloadCaller(context.db, token, level)).session : token;
    const schema = contract[name as keyof typeof contract]['~orpc'].inputSchema as AnySchema | undefined;
    const raw = await readRpcInput(request);
    const checked = schema ? await schema['~standard'].validate(raw) : { value: raw };
    if ('issues' in checked && checked.issues) return undefined;
    const lastEventId = request.headers.get('last-event-id') ?? undefined;
    const hub = await open({ ...context, session }, checked.value as never, request.signal, lastEventId);
    return new Response(hub.body, { headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' } });
  } catch {
    return undefined;
  }
}
