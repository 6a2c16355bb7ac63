import { newsTwitterServerFns } from '../contract/server-fns/news-twitter';
import {
  createTwitterHandle,
  deleteTwitterHandle,
  listTwitterHandles,
  updateTwitterHandle,
} from '../domains/news/settings/twitter-handles';
import {
  createTwitterPollingSession,
  deleteTwitterPollingSession,
  listTwitterPollingSessions,
  updateTwitterPollingSession,
} from '../domains/news/settings/twitter-sessions';
import { adminFn, approvedFn, implementServerFns, type ServerFnContext } from './define';
import { readXPollingBudget, xSearchBudget } from '../domains/news/pollers/rate-budget';
import { syncNewsPollers } from '../wiring/news-pollers';
import { getProviderConfig } from '../env';
import { setXStream } from '../domains/news/settings/x-stream';
import { getSource } from '../domains/news/settings/sources';
import { createNewsDb } from '../db/client';

const budgetOf = (ctx: ServerFnContext) => xSearchBudget(getProviderConfig(ctx.c.env).x.searchRequestsPer15Min);

/** The changed session's poller reads it at once with its new settings; the others keep their pace. */
async function afterSessionChange<T>(ctx: ServerFnContext, id: string | null, result: T): Promise<T> {
  await syncNewsPollers(ctx.c.env, id ? [{ kind: 'x-session', id }] : [], ctx.db);
  return result;
}

export const newsTwitterFns = implementServerFns(newsTwitterServerFns, {
  getTwitterHandles: approvedFn(({ ctx }) => listTwitterHandles(ctx.db)),
  createTwitterHandle: adminFn(({ input, ctx }) => createTwitterHandle(ctx.db, input)),
  // A handle's change reaches the sessions that poll it within their settings cache (a few seconds).
  updateTwitterHandle: adminFn(({ input, ctx }) => updateTwitterHandle(ctx.db, input.id, input.updates)),
  deleteTwitterHandle: adminFn(({ input, ctx }) => deleteTwitterHandle(ctx.db, input.id)),
  getTwitterPollingSessions: approvedFn(({ ctx }) => listTwitterPollingSessions(ctx.db)),
  createTwitterPollingSession: adminFn(async ({ input, ctx }) => {
    const session = await createTwitterPollingSession(ctx.db, input, budgetOf(ctx));
    return afterSessionChange(ctx, session.id, session);
  }),
  updateTwitterPollingSession: adminFn(async ({ input, ctx }) =>
    afterSessionChange(ctx, input.id, await updateTwitterPollingSession(ctx.db, input.id, input.updates, budgetOf(ctx))),
  ),
  deleteTwitterPollingSession: adminFn(async ({ input, ctx }) =>
    afterSessionChange(ctx, input.id, await deleteTwitterPollingSession(ctx.db, input.id)),
  ),
  getXPollingBudget: approvedFn(({ ctx }) => readXPollingBudget(ctx.db, budgetOf(ctx))),
  // The stream's holder reads its new settings at once: rules follow the handles, or it stops.
  setXStream: adminFn(async ({ input, ctx }) => {
    const id = await setXStream(ctx.db, input);
    await syncNewsPollers(ctx.c.env, [{ kind: 'x-stream', id }], ctx.db);
    return getSource(ctx.db, id, createNewsDb(ctx.c.env.NEWS_DB));
  }),
});
