/** The answers of the local X API (fake-x.ts) in X's documented shapes: errors, a page of posts, query matching. */
export interface FakeXUser {
  id: string;
  username: string;
  name: string;
}

export interface FakeTweet {
  id: string;
  text: string;
  created_at: string;
  author_id: string;
  entities?: { urls?: { start: number; end: number; url: string; expanded_url: string; display_url: string }[] };
  referenced_tweets?: { type: 'retweeted' | 'replied_to' | 'quoted'; id: string }[];
}

export const PROBLEM = 'https://api.twitter.com/2/problems/';

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** X's answer (200, with an error) for a user it does not know, looked up by `parameter`. */
export function userNotFound(parameter: 'id' | 'username', value: string): Response {
  return json({
    errors: [
      {
        value,
        detail: `Could not find user with ${parameter}: [${value}].`,
        title: 'Not Found Error',
        resource_type: 'user',
        parameter,
        resource_id: value,
        type: `${PROBLEM}resource-not-found`,
      },
    ],
  });
}

/**
 * Whether a post matches a query (or stream rule) of the operators the pollers use: `from:` joined
 * by OR (in parentheses or not), `-is:retweet`, `-is:reply`.
 */
export function queryMatcher(query: string, users: readonly FakeXUser[]): (tweet: FakeTweet) => boolean {
  const from = new Set([...query.matchAll(/from:([A-Za-z0-9_]{1,15})/g)].map((m) => m[1]!.toLowerCase()));
  const authors = new Set(users.filter((u) => from.has(u.username.toLowerCase())).map((u) => u.id));
  const noRetweets = /-is:retweet\b/.test(query);
  const noReplies = /-is:reply\b/.test(query);
  return (t) =>
    authors.has(t.author_id) &&
    !(noRetweets && t.referenced_tweets?.some((r) => r.type === 'retweeted')) &&
    !(noReplies && t.referenced_tweets?.some((r) => r.type === 'replied_to'));
}

export const escapeX = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page of tweets as X returns it: only the fields asked for, and its meta (`next_token` when more matched). */
export function tweetPage(page: FakeTweet[], matched: number, fields: Set<string>, withAuthor: boolean) {
  const data = page.map((t) => ({
    id: t.id,
    text: escapeX(t.text),
    edit_history_tweet_ids: [t.id],
    ...(fields.has('created_at') && { created_at: t.created_at }),
    ...(withAuthor && { author_id: t.author_id }),
    ...(fields.has('entities') && t.entities && { entities: t.entities }),
    ...(fields.has('referenced_tweets') && t.referenced_tweets && { referenced_tweets: t.referenced_tweets }),
  }));
  const oldest = page[page.length - 1]!.id;
  const meta = {
    newest_id: page[0]!.id,
    oldest_id: oldest,
    result_count: page.length,
    ...(matched > page.length && { next_token: btoa(oldest) }),
  };
  return { data, meta };
}
