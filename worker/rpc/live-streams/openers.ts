import { RPC_ACCESS } from '../../access-policy';
import type { Session } from '../../domains/auth/access';
import { accountForCaller } from '../../domains/accounts/account-access';
import { grantHeaders, type StreamPower } from '../../domains/auth/stream-grant';
import { RISK_HUB_NAME } from '../../domains/risk/notify';
import { PRICE_HUB_NAME } from '../../domains/prices/hub-queries';
import { orderReaderTrader } from '../../domains/orders/orders';
import { hubRefusal } from '../../lib/hub-refusal';
import type { RpcContext } from '../context';

/**
 * The live streams: each opens a subscription on its hub Durable Object, which already writes
 * oRPC's event-stream wire format. The procedures read it back into values (procedures.ts); the
 * fast path hands the bytes straight to the browser instead (fast-path.ts). Both are made from
 * LIVE_STREAMS, and both check the caller with admitCaller and the input with the contract.
 */
export type Opener = (
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

type Caller = RpcContext & { session: Session };
interface Call {
  context: Caller;
  signal?: AbortSignal;
  lastEventId?: string;
}

/**
 * Subscribes to a hub with the caller's grant. Every stream carries it: the hub ends the stream with
 * the access (token expiry, sign-out, a lost power: `scope`).
 */
const subscribe = async (
  hub: string,
  stub: { fetch(url: string, init: RequestInit): Promise<Response> },
  url: string,
  { context, signal, lastEventId }: Call,
  scope?: { accountId?: string; power?: StreamPower },
) => hubResponse(await stub.fetch(url, { signal, headers: hubHeaders(context.session, lastEventId, scope) }), hub);

export const openAccountStream = async (
  context: Caller,
  input: { email: string },
  signal?: AbortSignal,
  lastEventId?: string,
) => {
  const account = await accountForCaller(context.db, context.session, input.email);
  const params = new URLSearchParams({ id: account.id, email: account.email, exchange: account.exchange });
  return subscribe(
    'account hub',
    context.env.ACCOUNT_LIVE.getByName(account.id),
    `https://account-live/subscribe?${params}`,
    {
      context,
      signal,
      lastEventId,
    },
    { accountId: account.id },
  );
};

/** A news subscriber may leave garbage and test items out: the hub filters them (live and replayed). */
export const openNewsStream = (
  context: Caller,
  input?: { excludeGarbage?: boolean; excludeTestNews?: boolean },
  signal?: AbortSignal,
  lastEventId?: string,
) => {
  const exclude = [...(input?.excludeGarbage ? ['garbage'] : []), ...(input?.excludeTestNews ? ['test'] : [])];
  const query = exclude.length ? `?${new URLSearchParams({ exclude: exclude.join(',') })}` : '';
  return subscribe('news hub', context.env.NEWS_HUB.getByName('global'), `https://news-hub/subscribe${query}`, {
    context,
    signal,
    lastEventId,
  });
};

export const openAlertStream = (context: Caller, _input?: unknown, signal?: AbortSignal, lastEventId?: string) =>
  subscribe('alert hub', context.env.USER_ALERTS.getByName(context.session.sub), 'https://user-alerts/subscribe', {
    context,
    signal,
    lastEventId,
  });

// The callers of these were confirmed in D1 when they opened (admitCaller); the hub re-checks the
// stream's power with the rest of the grant while it is open.
export const openTodoStream = (context: Caller, _input?: unknown, signal?: AbortSignal, lastEventId?: string) =>
  subscribe(
    'todo hub',
    context.env.TODO_HUB.getByName('global'),
    'https://todo-hub/subscribe',
    { context, signal, lastEventId },
    {
      power: RPC_ACCESS.streamTodo,
    },
  );

export const openRiskStream = (context: Caller, _input?: unknown, signal?: AbortSignal, lastEventId?: string) =>
  subscribe(
    'risk hub',
    context.env.RISK_HUB.getByName(RISK_HUB_NAME),
    'https://risk-hub/subscribe',
    { context, signal, lastEventId },
    {
      power: RPC_ACCESS.streamRisk,
    },
  );

export const openPriceStream = (context: Caller, input: { symbols: string[] }, signal?: AbortSignal, lastEventId?: string) =>
  subscribe(
    'price hub',
    context.env.PRICE_HUB.getByName(PRICE_HUB_NAME),
    `https://price-hub/subscribe?${new URLSearchParams({ symbols: input.symbols.join(',') })}`,
    { context, signal, lastEventId },
    { power: RPC_ACCESS.streamPrices },
  );

/**
 * One trader's orders, for the same readers as listOrders: the trader, the risk team, admins.
 * Another trader's stream keeps needing the risk team or an admin role while it is open.
 */
export const openOrderStream = (context: Caller, input: { traderId?: string }, signal?: AbortSignal, lastEventId?: string) => {
  const trader = orderReaderTrader(context.session, input.traderId);
  const power: StreamPower | undefined = trader === context.session.sub ? undefined : 'riskTeamOrAdmin';
  return subscribe(
    'orders hub',
    context.env.ORDERS_HUB.getByName(trader),
    'https://orders-hub/subscribe',
    { context, signal, lastEventId },
    {
      power,
    },
  );
};

/** Every live stream: the one table both paths are made from (procedures.ts, fast-path.ts). */
export const LIVE_STREAMS = {
  streamAccount: openAccountStream as Opener,
  streamNews: openNewsStream as Opener,
  streamAlerts: openAlertStream as Opener,
  streamTodo: openTodoStream as Opener,
  streamRisk: openRiskStream as Opener,
  streamPrices: openPriceStream as Opener,
  streamOrders: openOrderStream as Opener,
} satisfies Record<string, Opener>;
export type LiveStreamName = keyof typeof LIVE_STREAMS;
