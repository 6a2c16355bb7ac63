import { rawBindings, withBindings, type Bindings } from '../env';
import { createDb, type Db } from '../db/client';

/**
 * D1 read replication (docs/PERFORMANCE.md, "A trader far from the primary"): each request reads
 * through a D1 session (`withSession`) that starts at the caller's last bookmark, so a nearby
 * replica answers and a trader still reads their own writes; writes always go to the primary.
 * Locally (one database) a session is the database itself and the bookmark only travels.
 */
export const BOOKMARK_HEADER = 'x-d1-bookmark';
export const BOOKMARK_COOKIE = 'meridian_d1b';

/** Where a database's bookmark travels. The news database (NEWS_DB) is replicated on its own: its own bookmark. */
export interface BookmarkNames {
  header: string;
  cookie: string;
}
export const MAIN_BOOKMARK: BookmarkNames = { header: BOOKMARK_HEADER, cookie: BOOKMARK_COOKIE };
export const NEWS_BOOKMARK: BookmarkNames = { header: 'x-d1-news-bookmark', cookie: 'meridian_d1nb' };

/** What a bookmark looks like (D1's are hex fields joined by dashes); anything else is ignored. */
const BOOKMARK = /^[0-9a-z-]{1,200}$/i;

/** The caller's bookmark: the header (API clients, benches), else the cookie (the browser). */
export function bookmarkOf(request: Request, names: BookmarkNames = MAIN_BOOKMARK): string | undefined {
  const header = request.headers.get(names.header);
  if (header && BOOKMARK.test(header)) return header;
  const cookie = request.headers.get('cookie');
  if (!cookie) return undefined;
  const at = cookie.indexOf(`${names.cookie}=`);
  if (at < 0) return undefined;
  const value = cookie
    .slice(at + names.cookie.length + 1)
    .split(';', 1)[0]!
    .trim();
  return BOOKMARK.test(value) ? value : undefined;
}

/** The binding the fresh check uses for the primary, when a request's bindings name one (see requestBindings). */
const PRIMARY = Symbol('D1 primary');

/**
 * The request's bindings: DB is a session from the caller's bookmark (any replica for a first
 * visit); `db` is DB as drizzle; `session` gives the bookmark back. `d1` is the binding to start
 * from (the real one, or one wrapped for a bench), also used for the primary. NEWS_DB (others'
 * if given) is a session of its own from the caller's news bookmark: the feed and its search read
 * a nearby replica too.
 */
export function requestBindings(env: Bindings, request: Request, d1: D1Database = env.DB, others: Partial<Bindings> = {}) {
  const session = d1.withSession(bookmarkOf(request) ?? 'first-unconstrained');
  const newsSession = (others.NEWS_DB ?? env.NEWS_DB).withSession(bookmarkOf(request, NEWS_BOOKMARK) ?? 'first-unconstrained');
  const bindings = withBindings(env, {
    ...others,
    DB: session as unknown as D1Database,
    NEWS_DB: newsSession as unknown as D1Database,
    [PRIMARY]: d1,
  });
  return { env: bindings, db: createDb(session), session, newsSession };
}

/**
 * The caller's fresh check reads the primary: a sign-out or a removed power done by someone else
 * (an admin) is refused at the next call, whatever a replica has seen yet.
 */
export const primaryDb = (env: Bindings): Db =>
  createDb(
    ((env as unknown as Record<symbol, D1Database | undefined>)[PRIMARY] ?? rawBindings(env).DB).withSession('first-primary'),
  );

/** The response carries each session's bookmark back (header and cookie) for the caller's next request. */
export function keepBookmarks(response: Response, sessions: [D1DatabaseSession, BookmarkNames][], secure: boolean): Response {
  let out: Response | undefined;
  for (const [session, names] of sessions) {
    const bookmark = session.getBookmark();
    if (!bookmark || !BOOKMARK.test(bookmark)) continue;
    out ??= new Response(response.body, response);
    out.headers.set(names.header, bookmark);
    out.headers.append(
      'set-cookie',
      `${names.cookie}=${bookmark}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=86400${secure ? '; Secure' : ''}`,
    );
  }
  return out ?? response;
}
