/**
 * A live stream resumed with a `Last-Event-ID` the hub can no longer serve exactly (too
 * many events missed, or the hub's log was lost) ends at once with an oRPC error event of this
 * code. The client then opens a fresh stream and refetches what it shows.
 */
export const STREAM_RESET_CODE = 'STREAM_RESET';
