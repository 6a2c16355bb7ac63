import { createNewsDb } from '../../db/client';
import { listWatchHits } from '../../domains/watchlists/watch-hits';
import { deleteWatchlist, listWatchlists, saveWatchlist } from '../../domains/watchlists/watchlist-store';
import { approved } from '../procedures';

export const watchlistsRouter = {
  listWatchlists: approved.listWatchlists.handler(({ context }) => listWatchlists(context.db, context.session.sub)),
  saveWatchlist: approved.saveWatchlist.handler(({ context, input }) => saveWatchlist(context.db, context.session.sub, input)),
  deleteWatchlist: approved.deleteWatchlist.handler(({ context, input }) =>
    deleteWatchlist(context.db, context.session.sub, input.id),
  ),
  listWatchHits: approved.listWatchHits.handler(({ context, input }) =>
    listWatchHits(createNewsDb(context.env.NEWS_DB), context.session.sub, input),
  ),
};
