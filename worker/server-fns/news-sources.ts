import { newsSourcesServerFns } from '../contract/server-fns/news-sources';
import { createSource, listSources, rotateTelegramSecret } from '../domains/news/settings/sources';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsSourcesFns = implementServerFns(newsSourcesServerFns, {
  getSources: approvedFn(({ ctx }) => listSources(ctx.db)),
  createSource: adminFn(({ input, ctx }) => createSource(ctx.db, input)),
  rotateTelegramSecret: adminFn(({ input, ctx }) => rotateTelegramSecret(ctx.db, input.id)),
});
