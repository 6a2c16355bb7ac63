import { AsyncLocalStorage } from 'node:async_hooks';
import { waitUntil } from 'cloudflare:workers';
import { logError } from '../lib/log';

const background = new AsyncLocalStorage<true>();

/**
 * Work the answer does not wait for (a fill's push, a delivery): kept alive past the response by
 * waitUntil, and everything it calls knows it runs in the background (isBackground), so D1 round
 * counting (worker/test/d1-rounds.ts) leaves it out however the timing falls.
 */
export function inBackground(work: () => Promise<unknown>): void {
  // A failure is logged, not left as an unhandled rejection: nobody awaits this work.
  waitUntil(background.run(true, work).catch((err: unknown) => logError('background work failed', err)));
}

export const isBackground = (): boolean => background.getStore() === true;
