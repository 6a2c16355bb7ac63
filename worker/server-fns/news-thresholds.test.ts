import { describe, expect, it } from 'vitest';
import { readPerformanceThresholds, thresholdFor } from '../domains/news/settings/performance-thresholds';
import { db } from '../test/harness';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const jars = adminAndTrader('thresholds-fn');


describe('performance thresholds', () => {
  it('answers the implied default (1% within 5 min) before any is stored', async () => {
    const res = await callFn('getPerformanceThresholds', jars.trader);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      default: { id: null, symbol: null, percent: 1, windowMinutes: 5, createdAt: null, implied: true },
      overrides: [],
    });
  });

  it('stores a default and per-symbol overrides; deleting the default brings the implied one back', async () => {
    const def = await callFn('createPerformanceThreshold', jars.admin, { percent: 2.5, windowMinutes: 15 });
    expect(def.status).toBe(200);
    expect(def.body).toEqual({
      id: expect.any(String),
      symbol: null,
      percent: 2.5,
      windowMinutes: 15,
      createdAt: expect.any(Number),
    });
    const sol = await callFn('createPerformanceThreshold', jars.admin, { symbol: ' sol', percent: 3, windowMinutes: 1 });
    expect(sol.body).toMatchObject({ symbol: 'SOL', percent: 3, windowMinutes: 1 });

    const list = await callFn('getPerformanceThresholds', jars.trader);
    expect(list.body).toEqual({ default: { ...def.body, implied: false }, overrides: [sol.body] });
    const effective = await readPerformanceThresholds(db);
    expect(thresholdFor(effective, 'sol')).toEqual({ percent: 3, windowMinutes: 1 });
    expect(thresholdFor(effective, 'BTC')).toEqual({ percent: 2.5, windowMinutes: 15 });

    expect((await callFn('deletePerformanceThreshold', jars.admin, { id: def.body.id })).body).toEqual({ id: def.body.id });
    expect((await callFn('getPerformanceThresholds', jars.trader)).body.default).toMatchObject({ implied: true, percent: 1 });
    await callFn('deletePerformanceThreshold', jars.admin, { id: sol.body.id });
  });

  it('answers 409 for a second default or a second threshold for a symbol', async () => {
    expect((await callFn('createPerformanceThreshold', jars.admin, { symbol: null, percent: 1, windowMinutes: 5 })).status).toBe(
      200,
    );
    const twice = await callFn('createPerformanceThreshold', jars.admin, { percent: 2, windowMinutes: 5 });
    expect(twice).toMatchObject({ status: 409, body: { code: 'CONFLICT', message: 'A default threshold already exists' } });
    expect((await callFn('createPerformanceThreshold', jars.admin, { symbol: 'BTC', percent: 1, windowMinutes: 5 })).status).toBe(
      200,
    );
    const btc = await callFn('createPerformanceThreshold', jars.admin, { symbol: 'btc', percent: 4, windowMinutes: 15 });
    expect(btc).toMatchObject({ status: 409, body: { message: 'BTC already has a threshold' } });
  });

  it('keeps two simultaneous defaults from both landing', async () => {
    const { default: current } = await readPerformanceThresholds(db);
    if (current.id) await callFn('deletePerformanceThreshold', jars.admin, { id: current.id });
    const results = await Promise.all(
      [1, 2, 3].map((p) => callFn('createPerformanceThreshold', jars.admin, { percent: p, windowMinutes: 5 })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('validates percent (0.1–50), window (1, 5, 15) and symbol with 400; unknown ids are 404', async () => {
    const res = await callFn('createPerformanceThreshold', jars.admin, { symbol: 'BTC/USDT', percent: 0.05, windowMinutes: 10 });
    expect(res.status).toBe(400);
    expect(issuePaths(res.body).sort()).toEqual(['percent', 'symbol', 'windowMinutes']);
    expect((await callFn('createPerformanceThreshold', jars.admin, { symbol: 'ETH', percent: 51, windowMinutes: 5 })).status).toBe(
      400,
    );
    expect((await callFn('createPerformanceThreshold', jars.admin, { symbol: 'ETH', percent: 50, windowMinutes: 5 })).status).toBe(
      200,
    );
    expect(
      (await callFn('createPerformanceThreshold', jars.admin, { symbol: 'DOGE', percent: 0.1, windowMinutes: 1 })).status,
    ).toBe(200);
    expect((await callFn('deletePerformanceThreshold', jars.admin, { id: 'missing' })).status).toBe(404);
  });

  it('lets only admins change thresholds', async () => {
    expect((await callFn('createPerformanceThreshold', jars.trader, { percent: 1, windowMinutes: 5 })).status).toBe(403);
    expect((await callFn('deletePerformanceThreshold', jars.trader, { id: 'x' })).status).toBe(403);
    expect((await callFn('getPerformanceThresholds', undefined)).status).toBe(401);
  });
});
