import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser, rpcClient, signedInJar, type CookieJar } from '../../test/harness';

const DAY = 86_400_000;
let riskJar: CookieJar;

beforeAll(async () => {
  riskJar = await signedInJar(await insertUser({ isRiskTeam: true }));
});

/** What the call answered: the status and message of a refusal, or 200. */
const answer = (range: { from?: number; to?: number }) =>
  rpcClient(riskJar)
    .fetchAllTraderStats(range)
    .then(
      () => ({ status: 200, message: '' }),
      (e: { status: number; message: string; data?: { issues?: { message: string }[] } }) => ({
        status: e.status,
        message: e.data?.issues?.map((i) => i.message).join('; ') ?? e.message,
      }),
    );

describe('fetchAllTraderStats: a range must run forwards', () => {
  const now = Date.now();

  it('from after to → 400 "from must be before to"', async () => {
    expect(await answer({ from: now, to: now - DAY })).toEqual({ status: 400, message: 'from must be before to' });
    expect(await answer({ from: now, to: now })).toEqual({ status: 400, message: 'from must be before to' });
  });

  it('one end left out is compared with its default (to: end of today, from: 30 days before)', async () => {
    expect(await answer({ from: now + 3 * DAY })).toEqual({ status: 400, message: 'from must be before to' });
    expect(await answer({ to: now - 60 * DAY })).toEqual({ status: 400, message: 'from must be before to' });
  });

  it('over 400 days → 400; a forward range and the default answer', async () => {
    expect((await answer({ from: now - 401 * DAY, to: now })).status).toBe(400);
    expect(await answer({ from: now - 7 * DAY, to: now })).toEqual({ status: 200, message: '' });
    expect(await answer({})).toEqual({ status: 200, message: '' });
  });
});
