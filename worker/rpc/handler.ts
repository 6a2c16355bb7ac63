import { onError, ORPCError } from '@orpc/server';
import { StandardRPCSerializer } from '@orpc/client/standard';
import { FetchHandler, type FetchHandlerOptions } from '@orpc/server/fetch';
import { StandardHandler, StandardRPCCodec, StandardRPCMatcher, type StandardHandlerOptions } from '@orpc/server/standard';
import { ResponseHeadersPlugin, StrictGetMethodPlugin } from '@orpc/server/plugins';
import { Hono } from 'hono';
import { keepBookmarks, MAIN_BOOKMARK, NEWS_BOOKMARK, requestBindings } from '../wiring/d1-session';
import { distantPrimary } from '../wiring/distant-primary';
import { clientIp } from '../http/request';
import type { AppEnv } from '../http/app-env';
import { domainError } from '../lib/domain-error';
import { logError } from '../lib/log';
import { mapDomainErrors } from './domain-errors';
import { passLiveStream } from './live-streams/fast-path';
import { PlainJsonFirstSerializer } from '../lib/plain-json-serializer';
import { router } from './router';
import type { RpcContext } from './context';

// oRPC's RPCHandler, assembled by hand only to give it the plain-JSON-first serializer.
const handlerOptions: StandardHandlerOptions<RpcContext> & FetchHandlerOptions<RpcContext> = {
  plugins: [new StrictGetMethodPlugin(), new ResponseHeadersPlugin()],
  clientInterceptors: [
    onError((error, { context }) => {
      // Known errors are the caller's business; anything else becomes a logged 500.
      if (!(error instanceof ORPCError) || error.status >= 500) logError('rpc error', error, context.requestId);
    }),
    // Innermost, so the logging above already sees domain errors as ORPCErrors.
    mapDomainErrors,
  ],
};
const codec = new StandardRPCCodec(new StandardRPCSerializer(new PlainJsonFirstSerializer()));
const rpcHandler = new FetchHandler(new StandardHandler(router, new StandardRPCMatcher(), codec, handlerOptions), handlerOptions);

const RPC_PREFIX = '/api/rpc';

export const rpcRoutes = new Hono<AppEnv>().all('/*', async (c) => {
  // Reads through the caller's D1 session (db/d1-session.ts); its bookmark goes back with the answer.
  const far = <D extends D1Database>(d1: D) => distantPrimary(c.env, c.req.raw, d1);
  const { env, db, session, newsSession } = requestBindings(c.env, c.req.raw, far(c.env.DB), { NEWS_DB: far(c.env.NEWS_DB) });
  const bookmarks: [D1DatabaseSession, typeof MAIN_BOOKMARK][] = [
    [session, MAIN_BOOKMARK],
    [newsSession, NEWS_BOOKMARK],
  ];
  const context: RpcContext = {
    env,
    db,
    session: c.get('session'),
    requestId: c.get('requestId'),
    receivedAt: c.get('receivedAt'),
    url: c.req.url,
    ip: clientIp(c),
  };
  const secure = c.req.url.startsWith('https:');
  const live = await passLiveStream(c.req.raw, context, c.req.path.slice(RPC_PREFIX.length + 1));
  if (live) return keepBookmarks(live, bookmarks, secure);
  const { matched, response } = await rpcHandler.handle(c.req.raw, { prefix: RPC_PREFIX, context });
  if (!matched) throw domainError('NOT_FOUND', 'Unknown procedure');
  return keepBookmarks(response, bookmarks, secure);
});
