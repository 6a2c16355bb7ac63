import { describe, expect, it } from 'vitest';
import { buildQuery, createSigner } from './sign';

describe('Binance request signing', () => {
  it("matches Binance's documented HMAC-SHA256 example", async () => {
    const sign = createSigner('NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j');
    const query = buildQuery({
      symbol: 'LTCBTC',
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: 1,
      price: 0.1,
      recvWindow: 5000,
      timestamp: 1499827319559,
    });
    expect(query).toBe(
      'symbol=LTCBTC&side=BUY&type=LIMIT&timeInForce=GTC&quantity=1&price=0.1&recvWindow=5000&timestamp=1499827319559',
    );
    expect(await sign(query)).toBe('c8db56825ae71d6d79447849e617115f4a920fa2acdcab2b053c4b2838bd6b71');
  });

  it('percent-encodes values (an email @ becomes %40) before signing, and drops undefined', async () => {
    const query = buildQuery({ email: 'desk+one@meridian.test', futuresType: 1, page: undefined, timestamp: 1 });
    expect(query).toBe('email=desk%2Bone%40meridian.test&futuresType=1&timestamp=1');
    const sign = createSigner('secret');
    const encoded = await sign(query);
    expect(encoded).toMatch(/^[0-9a-f]{64}$/);
    expect(encoded).not.toBe(await sign('email=desk+one@meridian.test&futuresType=1&timestamp=1'));
    // The cached key gives the same answer on reuse.
    expect(await sign(query)).toBe(encoded);
  });
});
