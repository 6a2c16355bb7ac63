import { newsSourcesServerFns } from '../contract/server-fns/news-sources';
import { createSource, listSources } from '../domains/news/settings/sources';
import { adminFn, approvedFn, implementServerFns } from './define';

export const newsSourcesFns = implementServerFns(newsSourcesServerFns, {
  getSources: approvedFn(({ ctx }) => listSources(ctx.db)),
  createSource: adminFn(({ input, ctx }) => createSource(ctx.db, input)),
});
