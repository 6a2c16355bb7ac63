import { describe, expect, it } from 'vitest';
import { backoffDelay, isFatalStreamError } from './event-stream';
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
