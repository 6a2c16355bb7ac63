import { describe, expect, it } from 'vitest';
import { adminAndTrader, callFn, issuePaths } from './news-test-client';

const jars = adminAndTrader('x-stream-fn');

const newHandle = async (handle: string) =>
  (await callFn('createTwitterHandle', jars.admin, { handle })).body as { id: string; handle: string };

describe('setXStream: the X filtered stream as a news source', () => {
  it('switches the one stream source on with its handles; getSources lists it', async () => {
    const a = await newHandle('stream_a');
    const b = await newHandle('stream_b');
    const set = await callFn('setXStream', jars.admin, { enabled: true, handleIds: [a.id, b.id, a.id] });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      id: 'x-stream',
      kind: 'twitter',
      name: 'X filtered stream',
      enabled: true,
      config: { stream: true, handleIds: [a.id, b.id] },
    });
    const sources = (await callFn('getSources', jars.trader)).body as { id: string; enabled: boolean }[];
    expect(sources.filter((s) => s.id === 'x-stream')).toEqual([expect.objectContaining({ enabled: true })]);

    // without X_BEARER_TOKEN (as here) nothing holds it, and its health says why
    expect(set.body).toMatchObject({ poller: { state: 'off', lastError: expect.stringContaining('X_BEARER_TOKEN is not set') } });

    const off = await callFn('setXStream', jars.admin, { enabled: false, handleIds: [b.id] });
    expect(off.body).toMatchObject({ enabled: false, config: { stream: true, handleIds: [b.id] } });
  });

  it('refuses unknown handles and an enabled stream without handles (422 on handleIds); 400 on a bad shape', async () => {
    const unknown = await callFn('setXStream', jars.admin, { enabled: true, handleIds: ['no-such-handle'] });
    expect(unknown.status).toBe(422);
    expect(issuePaths(unknown.body)).toEqual(['handleIds']);
    const empty = await callFn('setXStream', jars.admin, { enabled: true, handleIds: [] });
    expect(empty.status).toBe(422);
    expect(empty.body).toMatchObject({ message: 'Pick at least one handle to follow' });
    expect((await callFn('setXStream', jars.admin, { enabled: 'yes', handleIds: [] })).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await callFn('setXStream', jars.trader, { enabled: false, handleIds: [] })).status).toBe(403);
    expect((await callFn('setXStream', undefined, { enabled: false, handleIds: [] })).status).toBe(401);
  });
});
