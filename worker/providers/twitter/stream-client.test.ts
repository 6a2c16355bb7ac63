import { describe, expect, it } from 'vitest';
import { FakeX } from '../../test/fakes/fake-x';
import { FakeXStream } from '../../test/fakes/fake-x-stream';
import { DomainError, domainErrorData } from '../../lib/domain-error';
import { XStreamClient } from './stream-client';

const x = new FakeX({ bearerToken: 'token', users: [{ id: '7', username: 'tier10k', name: 'db' }] });
const stream = new FakeXStream(x);
const client = new XStreamClient({ bearerToken: 'token', fetch: x.fetch, baseUrl: 'https://api.x.com' });

async function refusal(act: Promise<unknown>) {
  const err = await act.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return { code: (err as DomainError).code, message: (err as DomainError).message, data: domainErrorData(err) };
}

describe('XStreamClient: the filtered stream endpoints', () => {
  it('lists, adds and deletes rules; a rule X already has is not an error', async () => {
    expect(await client.listRules()).toEqual([]);
    const add = [{ value: 'from:tier10k -is:retweet -is:reply', tag: 'meridian-handles:0' }];
    expect(await client.updateRules({ delete: [], add })).toEqual({ requests: 1 });
    const [rule] = await client.listRules();
    expect(rule).toEqual({ id: expect.stringMatching(/^\d+$/), ...add[0] });
    expect(await client.updateRules({ delete: [], add })).toEqual({ requests: 1 });
    expect(await client.updateRules({ delete: [rule!.id], add: [] })).toEqual({ requests: 1 });
    expect(await client.listRules()).toEqual([]);
    expect(await client.updateRules({ delete: [], add: [] })).toEqual({ requests: 0 });
  });

  it('a rule over the plan’s length is refused with X’s reason', async () => {
    const long = `from:${'a'.repeat(15)} ${'bitcoin '.repeat(70)}`;
    const err = await refusal(client.updateRules({ delete: [], add: [{ value: long, tag: 't' }] }));
    expect(err).toMatchObject({ code: 'BAD_GATEWAY', data: { httpStatus: 400, retryable: false } });
    expect(err.message).toContain('exceeds the maximum of 512');
  });

  it('opens the stream; a second connection is 429, a revoked token is refused for good', async () => {
    const first = await client.connect();
    expect(stream.openConnections).toBe(1);
    const second = await refusal(client.connect());
    expect(second).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { httpStatus: 429 } });
    first.close();
    expect(stream.openConnections).toBe(0);
    const revoked = new XStreamClient({ bearerToken: 'revoked', fetch: x.fetch });
    expect(await refusal(revoked.connect())).toMatchObject({ code: 'BAD_GATEWAY', data: { httpStatus: 401, retryable: false } });
    x.failNext({ type: 'network' });
    expect(await refusal(client.connect())).toMatchObject({ code: 'BAD_GATEWAY', data: { retryable: true } });
  });
});
