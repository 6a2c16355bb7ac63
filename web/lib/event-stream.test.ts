import { ORPCError, withEventMeta } from '@orpc/client';
import { STREAM_RESET_CODE } from '@contract/stream-reset';
import { describe, expect, it } from 'vitest';
import { backoffDelay, isFatalStreamError, isStreamReset, runEventStream } from './event-stream';
import { HttpError } from './http-error';

describe('stream reconnection', () => {
  it('waits 1 s after a drop, doubling up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('gives up only on refusals, not on server or network failures', () => {
    expect(isFatalStreamError(new HttpError('forbidden', 403))).toBe(true);
    expect(isFatalStreamError(new HttpError('unknown', 404))).toBe(true);
    expect(isFatalStreamError(new HttpError('slow down', 429))).toBe(false);
    expect(isFatalStreamError(new HttpError('down', 503))).toBe(false);
    expect(isFatalStreamError(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('resuming a stream (runEventStream)', () => {
  const withId = <T extends object>(value: T, id: string) => withEventMeta(value, { id });

  it('sends the last id it saw on reconnect, and after a reset starts afresh and refetches once connected', async () => {
    const outer = new AbortController();
    const opened: (string | undefined)[] = [];
    const seen: number[] = [];
    const log: string[] = [];
    // Each attempt: what the hub does with it.
    const attempts = [
      async function* () {
        yield withId({ n: 1 }, 'e-1');
        yield withId({ n: 2 }, 'e-2');
        throw new TypeError('Failed to fetch'); // the connection drops
      },
      async function* () {
        yield withId({ n: 3 }, 'e-3'); // replayed from e-2: exactly the missed one
        throw new ORPCError(STREAM_RESET_CODE, { status: 409 }); // later: too much missed
      },
      async function* () {
        yield withId({ n: 9 }, 'e-9');
        outer.abort();
      },
    ];
    await runEventStream<{ n: number }>({
      outer: outer.signal,
      patch: () => {},
      callbacks: () => ({
        open: async (_signal, lastEventId) => {
          opened.push(lastEventId);
          log.push(`open:${lastEventId ?? '-'}`);
          return attempts[opened.length - 1]!();
        },
        onEvent: (event) => {
          seen.push(event.n);
          log.push(`event:${event.n}`);
        },
        onReset: () => log.push('reset'),
      }),
    });
    expect(opened).toEqual([undefined, 'e-2', undefined]);
    expect(seen).toEqual([1, 2, 3, 9]);
    // The refetch runs once the fresh stream is up (nothing published in between is lost), once.
    expect(log).toEqual(['open:-', 'event:1', 'event:2', 'open:e-2', 'event:3', 'open:-', 'reset', 'event:9']);
  });

  it('knows the reset from other errors', () => {
    expect(isStreamReset(new ORPCError(STREAM_RESET_CODE, { status: 409 }))).toBe(true);
    expect(isStreamReset(new ORPCError('CONFLICT', { status: 409 }))).toBe(false);
    expect(isStreamReset(new TypeError('Failed to fetch'))).toBe(false);
  });
});
