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

export const openAlertStream = async (
  context: RpcContext & { session: Session },
  _input?: unknown,
  signal?: AbortSignal,
  lastEventId?: string,
) =>
  hubResponse(
    await context.env.USER_ALERTS.getByName(context.session.sub).fetch('https://user-alerts/subscribe', {
      signal,
      headers: hubHeaders(context.session, lastEventId),
    }),
    'alert hub',
  );

// The callers of these were confirmed in D1 when they opened (base procedure or passLiveStream);
// the hub re-checks the stream's power with the rest of the grant while it is open.
export const openTodoStream = async (
  context: RpcContext & { session: Session },
  _input?: unknown,
  signal?: AbortSignal,
  lastEventId?: string,
) =>
  hubResponse(
    await context.env.TODO_HUB.getByName('global').fetch('https://todo-hub/subscribe', {
      signal,
      headers: hubHeaders(context.session, lastEventId, { power: RPC_ACCESS.streamTodo }),
    }),
    'todo hub',
  );
export const openRiskStream = async (
  context: RpcContext & { session: Session },
  _input?: unknown,
  signal?: AbortSignal,
  lastEventId?: string,
) =>
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
