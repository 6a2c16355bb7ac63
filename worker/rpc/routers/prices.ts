import { newsSince } from '../../domains/news/feed/news-since';
import { marketListing, PRICE_HUB_NAME, priceCandles } from '../../domains/prices/hub-queries';
import { markPriceUpstreamFor } from '../../wiring/price-upstream';
import { NEWS_SINCE_LIMIT } from '../../contract/prices';
import { admin, terminal } from '../procedures';
import { createNewsDb } from '../../db/client';

export const pricesRouter = {
  getPriceCandles: terminal.getPriceCandles.handler(({ context, input }) =>
    priceCandles(markPriceUpstreamFor(context.env), input.symbol, input.minutes),
  ),
  getMarketListing: terminal.getMarketListing.handler(({ context }) => marketListing(markPriceUpstreamFor(context.env))),
  getNewsSince: terminal.getNewsSince.handler(({ context, input }) =>
    newsSince(createNewsDb(context.env.NEWS_DB), input.afterId, NEWS_SINCE_LIMIT),
  ),
  getPriceHubStats: admin.getPriceHubStats.handler(({ context }) => context.env.PRICE_HUB.getByName(PRICE_HUB_NAME).stats()),
};
