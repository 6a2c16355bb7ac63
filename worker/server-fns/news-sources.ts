import { newsSourcesServerFns } from '../contract/server-fns/news-sources';
import { createSource, getSource, listSources, rotateTelegramSecret } from '../domains/news/settings/sources';
import { setExchangeSource } from '../domains/news/settings/exchange-sources';
import { createNewsDb } from '../db/client';
import { adminFn, approvedFn, implementServerFns } from './define';
import { targetForSource } from '../domains/news/pollers/targets';
import { syncNewsPollers } from '../wiring/news-pollers';

export const newsSourcesFns = implementServerFns(newsSourcesServerFns, {
  getSources: approvedFn(({ ctx }) => listSources(ctx.db, createNewsDb(ctx.c.env.NEWS_DB))),
  setExchangeSource: adminFn(async ({ input, ctx }) => {
    const id = await setExchangeSource(ctx.db, input);
    const target = targetForSource({ id, kind: 'exchange', config: { exchange: input.exchange } })!;
    await syncNewsPollers(ctx.c.env, [target], ctx.db);
    return getSource(ctx.db, id, createNewsDb(ctx.c.env.NEWS_DB));
  }),
  createSource: adminFn(async ({ input, ctx }) => {
    const source = await createSource(ctx.db, input);
    // A read source starts at once on its own poller (issue 29), not at the next minute.
    const target = targetForSource(source);
    if (target) await syncNewsPollers(ctx.c.env, [target], ctx.db);
    return source;
  }),
  rotateTelegramSecret: adminFn(({ input, ctx }) => rotateTelegramSecret(ctx.db, input.id)),
});
