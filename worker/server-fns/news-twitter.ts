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
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsTwitterFns = implementServerFns(newsTwitterServerFns, {
  getTwitterHandles: approvedFn(({ ctx }) => listTwitterHandles(ctx.db)),
  createTwitterHandle: adminFn(({ input, ctx }) => createTwitterHandle(ctx.db, input)),
  updateTwitterHandle: adminFn(({ input, ctx }) => updateTwitterHandle(ctx.db, input.id, input.updates)),
  deleteTwitterHandle: adminFn(({ input, ctx }) => deleteTwitterHandle(ctx.db, input.id)),
  getTwitterPollingSessions: approvedFn(({ ctx }) => listTwitterPollingSessions(ctx.db)),
  createTwitterPollingSession: adminFn(({ input, ctx }) => createTwitterPollingSession(ctx.db, input)),
  updateTwitterPollingSession: adminFn(({ input, ctx }) => updateTwitterPollingSession(ctx.db, input.id, input.updates)),
  deleteTwitterPollingSession: adminFn(({ input, ctx }) => deleteTwitterPollingSession(ctx.db, input.id)),
});
