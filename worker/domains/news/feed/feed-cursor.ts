import { FEED_CURSOR_PATTERN } from '../../../contract/news';

/**
 * A keyset position in the timestamp order: the (ts, id) of the last item of a page. Items that
 * share a millisecond are told apart by id, so a page edge never skips or repeats one. The text is
 * opaque to callers (they pass back the `nextCursor` they were given).
 */
export interface FeedCursor {
  ts: number;
  id: number;
}

export function encodeFeedCursor(item: FeedCursor): string {
  return `${item.ts}.${item.id}`;
}

/** undefined for a malformed cursor (the contract already refuses those with 400). */
export function decodeFeedCursor(text: string): FeedCursor | undefined {
  const match = FEED_CURSOR_PATTERN.exec(text);
  if (!match) return undefined;
  return { ts: Number(match[1]), id: Number(match[2]) };
}
